// A primary rate limit per caller (token, or client address when anonymous), reported on every response in
// the family's `x-ratelimit-*` headers. A 304 does not count, so conditional polling is free, as the family promises.
export interface RateLimitOptions {
  /** Requests per window per caller; default 5000. */
  limit?: number;
  /** Window length; default one hour. */
  windowMs?: number;
}

interface Bucket {
  used: number;
  resetAt: number;
}

export class RateLimiter {
  private readonly buckets = new Map<string, Bucket>();
  readonly limit: number;
  private readonly windowMs: number;

  constructor(opts: RateLimitOptions = {}) {
    this.limit = opts.limit ?? 5000;
    this.windowMs = opts.windowMs ?? 3_600_000;
  }

  private bucket(key: string, now: number): Bucket {
    let b = this.buckets.get(key);
    if (!b || b.resetAt <= now) {
      if (this.buckets.size > 10_000) this.buckets.clear();
      b = { used: 0, resetAt: now + this.windowMs };
      this.buckets.set(key, b);
    }
    return b;
  }

  exhausted(key: string, now = Date.now()): boolean {
    return this.bucket(key, now).used >= this.limit;
  }

  count(key: string, now = Date.now()): void {
    this.bucket(key, now).used++;
  }

  headers(key: string, now = Date.now()): Record<string, string> {
    const b = this.bucket(key, now);
    return {
      'x-ratelimit-limit': String(this.limit),
      'x-ratelimit-remaining': String(Math.max(0, this.limit - b.used)),
      'x-ratelimit-reset': String(Math.ceil(b.resetAt / 1000)),
      'x-ratelimit-used': String(Math.min(b.used, this.limit)),
      'x-ratelimit-resource': 'core',
    };
  }

  reset(): void {
    this.buckets.clear();
  }
}
