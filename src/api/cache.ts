// ETag memory: the last 200 body of each GET, per URL and per token, so a revalidation answered with 304 is
// served from here. Keys hold a hash of the token, never the token. Bounded by entries and bytes (LRU).
import { sha256Base64url } from './sha256';

export interface CachedResponse {
  etag: string;
  body: string;
  /** The Link header of the cached page, so pagination works from memory too. */
  link?: string;
}

export class EtagCache {
  private readonly entries = new Map<string, CachedResponse>();
  private bytes = 0;

  constructor(
    private readonly maxEntries = 256,
    private readonly maxBytes = 8 * 1024 * 1024,
  ) {}

  get size(): number {
    return this.entries.size;
  }

  get(key: string): CachedResponse | undefined {
    const hit = this.entries.get(key);
    if (hit) {
      this.entries.delete(key);
      this.entries.set(key, hit);
    }
    return hit;
  }

  set(key: string, value: CachedResponse): void {
    const cost = value.body.length * 2;
    this.delete(key);
    if (cost > this.maxBytes || this.maxEntries <= 0) return;
    this.entries.set(key, value);
    this.bytes += cost;
    for (const [oldest, v] of this.entries) {
      if (this.entries.size <= this.maxEntries && this.bytes <= this.maxBytes) break;
      this.entries.delete(oldest);
      this.bytes -= v.body.length * 2;
    }
  }

  delete(key: string): void {
    const old = this.entries.get(key);
    if (old) {
      this.entries.delete(key);
      this.bytes -= old.body.length * 2;
    }
  }

  clear(): void {
    this.entries.clear();
    this.bytes = 0;
  }
}

/** A stable, non-reversible identity for a token (or '' for none), for cache and rate-limit keys. */
export class TokenIdentity {
  private lastToken: string | undefined;
  private lastId = '';

  of(token: string | undefined): string {
    if (!token) return '';
    if (token !== this.lastToken) {
      this.lastToken = token;
      this.lastId = sha256Base64url(token).slice(0, 22);
    }
    return this.lastId;
  }
}

export function cacheKey(tokenId: string, url: string): string {
  return `${tokenId} ${url}`;
}
