// The request loop behind every endpoint: token lookup and the token guard, the rate-limit fail-fast, ETag
// revalidation, retries of GETs, Retry-After waits, and turning every outcome into checked data or one ApiError.
import { ownFetchLater, type FetchLike, type OwnFetch } from './fetchLike';
import { cacheKey, EtagCache, TokenIdentity } from './cache';
import type { RateLimit } from './errors';
import { ApiError, redact } from './errors';
import { parseBaseUrl, tokenRefusal } from './guard';
import type { HeaderBag } from './headers';
import { header, MAX_WAIT_MS, readPollIntervalMs, readRetryAfterMs } from './headers';
import type { ApiClientOptions, ResponseInfo } from './options';
import { DEFAULT_TIMEOUT_MS, DEFAULT_USER_AGENT } from './options';
import { RateGate } from './rateGate';
import { decode, httpError } from './responses';
import { API_VERSION, MEDIA_TYPE, VERSION_HEADER } from './protocol';
import {
  abortedError,
  backoffMs,
  DEFAULT_MAX_RETRY_AFTER_MS,
  DEFAULT_RETRIES,
  isRetriableFailure,
  isRetriableMethod,
  sleep,
} from './retry';
import { exchange, pathOf } from './transport';
import type { AnswerReader } from './read/answers';
import { Unreadable } from './read/fields';
import { Warnings } from './warnings';

/** For a call that reads no body (revoking a token, adding or removing a repository). */
export const NOTHING: AnswerReader<void> = () => undefined;

export interface Reply<T> {
  status: number;
  data: T;
  headers: HeaderBag;
  /** The Link header (from memory when served from it). */
  link?: string;
  fromCache: boolean;
  /** Removes this call's token from a text, for errors the caller builds from what the reply carried. */
  scrub: (text: string) => string;
}

export class Engine {
  readonly serviceOrigin: string;
  private readonly prefix: string;
  private readonly fetch: FetchLike;
  private own?: OwnFetch;
  private closed = false;
  private readonly cache: EtagCache;
  private readonly ids = new TokenIdentity();
  private readonly rate = new RateGate();
  private readonly timeoutMs: number;
  private readonly retries: number;
  private readonly maxRetryAfterMs: number;
  private readonly userAgent: string;
  private readonly warnings: Warnings;
  /** The last `x-poll-interval` the service sent, in ms. */
  pollIntervalMs: number | undefined;

  constructor(private readonly opts: ApiClientOptions) {
    const base = parseBaseUrl(opts.baseUrl);
    this.serviceOrigin = base.origin;
    this.prefix = base.pathname.replace(/\/+$/, '');
    this.timeoutMs = positive(opts.timeoutMs, DEFAULT_TIMEOUT_MS);
    this.retries = Math.max(0, Math.floor(opts.retries ?? DEFAULT_RETRIES));
    this.maxRetryAfterMs = Math.min(MAX_WAIT_MS, Math.max(0, opts.maxRetryAfterMs ?? DEFAULT_MAX_RETRY_AFTER_MS));
    this.warnings = new Warnings(opts.onWarning);
    this.userAgent = opts.userAgent ?? DEFAULT_USER_AGENT;
    this.cache = new EtagCache(opts.cacheEntries ?? 256);
    // The client's own stack is made on the first request: undici is loaded only where it is used.
    this.fetch =
      opts.fetch ??
      ((url, init) => {
        if (this.closed) return Promise.reject(new Error('the client was closed'));
        return (this.own ??= nodeFetch()).fetch(url, init);
      });
  }

  get lastRateLimit(): RateLimit | undefined {
    return this.rate.last;
  }

  /** The absolute URL of a service path (with query), under the base URL's path prefix. */
  url(path: string): URL {
    return new URL(this.serviceOrigin + this.prefix + path);
  }

  async close(): Promise<void> {
    this.cache.clear();
    this.closed = true;
    await this.own?.close();
  }

  async send<T>(
    method: string,
    url: URL,
    body: unknown,
    read: AnswerReader<T>,
    signal?: AbortSignal,
  ): Promise<Reply<T>> {
    const path = pathOf(url);
    if (signal?.aborted) throw abortedError(method, path, signal.reason);
    const token = await this.resolveToken(method, path);
    if (token) {
      const refusal = tokenRefusal(url, this.serviceOrigin);
      if (refusal) throw new ApiError({ status: 0, kind: 'refused', message: refusal, method, path, secret: token });
    }
    const tokenId = this.ids.of(token);
    this.rate.failFast(tokenId, method, path);
    const scrub = (text: string): string => redact(text, token);
    const expect = read === NOTHING ? 'none' : 'json';

    const headers: Record<string, string> = {
      accept: MEDIA_TYPE,
      [VERSION_HEADER.toLowerCase()]: API_VERSION,
      'user-agent': this.userAgent,
    };
    if (token) headers.authorization = `Bearer ${token}`;
    let payload: string | undefined;
    if (body !== undefined) {
      payload = JSON.stringify(body);
      headers['content-type'] = 'application/json; charset=utf-8';
    }
    const key = method === 'GET' ? cacheKey(tokenId, url.href) : undefined;
    const cached = key ? this.cache.get(key) : undefined;
    if (cached) headers['if-none-match'] = cached.etag;
    const retriable = isRetriableMethod(method);
    const noteWait = (name: string, message: string): void =>
      this.warnings.say(`wait ${name}`, { kind: 'wait', method, path: scrub(path), message: scrub(message) });

    for (let attempt = 1; ; attempt++) {
      let failure: ApiError;
      try {
        const res = await exchange({
          fetch: this.fetch,
          ...(this.opts.proxyFor ? { proxyFor: this.opts.proxyFor } : {}),
          method,
          url,
          headers,
          body: payload,
          timeoutMs: this.timeoutMs,
          signal,
          serviceOrigin: this.serviceOrigin,
          secret: token,
          onHop: hop =>
            this.report({
              method: hop.method,
              path: scrub(pathOf(hop.url)),
              status: hop.status,
              durationMs: hop.durationMs,
              fromCache: hop.status === 304 && cached !== undefined,
              attempt,
            }),
        });
        const now = Date.now();
        const rateLimit = this.rate.note(tokenId, res.headers, now, noteWait);
        const poll = readPollIntervalMs(res.headers, noteWait);
        if (poll !== undefined) this.pollIntervalMs = poll;
        if (res.status === 304 && cached) {
          const data = this.check(read, JSON.parse(cached.body), 304, method, path, token);
          return { status: 304, data, headers: res.headers, link: cached.link, fromCache: true, scrub };
        }
        // Adding or removing a repository may answer 304 when nothing changed: for a call without a body, success.
        if ((res.status >= 200 && res.status < 300) || (res.status === 304 && expect === 'none')) {
          const data = this.check(
            read,
            decode(res.status, res.body, expect, method, path, token),
            res.status,
            method,
            path,
            token,
          );
          const etag = header(res.headers, 'etag');
          const link = header(res.headers, 'link');
          if (key && etag && res.status === 200)
            this.cache.set(key, { etag, body: res.body, ...(link ? { link } : {}) });
          else if (key) this.cache.delete(key);
          return { status: res.status, data, headers: res.headers, ...(link ? { link } : {}), fromCache: false, scrub };
        }
        const retryAfter = readRetryAfterMs(res.headers, now, noteWait);
        failure = httpError(res.status, retryAfter, res.body, method, path, token, rateLimit);
        if (failure.kind === 'rate_limited' && retryAfter !== undefined) {
          if (retriable && attempt <= this.retries && retryAfter <= this.maxRetryAfterMs) {
            await sleep(retryAfter, signal, method, path);
            continue;
          }
          throw failure;
        }
      } catch (e) {
        if (!(e instanceof ApiError)) throw e;
        failure = e;
      }
      if (retriable && attempt <= this.retries && isRetriableFailure(failure)) {
        await sleep(backoffMs(attempt), signal, method, path);
        continue;
      }
      throw failure;
    }
  }

  /** The answer through its reader: fixes are told once each, an unreadable answer is an ApiError. */
  private check<T>(
    read: AnswerReader<T>,
    raw: unknown,
    status: number,
    method: string,
    path: string,
    token: string | undefined,
  ): T {
    const where = redact(path, token);
    try {
      return read(raw, message =>
        this.warnings.say(`data ${where} ${message}`, {
          kind: 'data',
          method,
          path: where,
          message: redact(message, token),
        }),
      );
    } catch (e) {
      if (!(e instanceof Unreadable)) throw e;
      throw new ApiError({
        status,
        kind: 'invalid_response',
        method,
        path,
        secret: token,
        message: `${method} ${path}: unreadable answer: ${e.message}`,
      });
    }
  }

  private async resolveToken(method: string, path: string): Promise<string | undefined> {
    const source = this.opts.token;
    let token: string | undefined;
    try {
      token = (typeof source === 'function' ? await source() : source) || undefined;
    } catch (cause) {
      throw new ApiError({ status: 0, kind: 'refused', message: 'The token could not be read', method, path, cause });
    }
    // A pasted token often carries a line break; a header cannot, and undici's complaint would not say why.
    if (token !== undefined && !/^[\x21-\x7e]+$/.test(token)) {
      throw new ApiError({
        status: 0,
        kind: 'refused',
        method,
        path,
        message: 'The token contains spaces, line breaks or other characters a token cannot have',
      });
    }
    return token;
  }

  private report(info: ResponseInfo): void {
    try {
      this.opts.onResponse?.(info);
    } catch {
      // A failing log callback must not fail the request.
    }
  }
}

/**
 * undici's stack, loaded on the first request that needs it: a chunk of the extension's build, dist/nodeFetch.js
 * beside dist/api.js (scripts/build.mjs), a module of its own when compiled unbundled.
 */
function nodeFetch(): OwnFetch {
  return ownFetchLater(async () => (await import('./nodeFetch')).createNodeFetch());
}

function positive(v: number | undefined, fallback: number): number {
  return v !== undefined && Number.isFinite(v) && v > 0 ? v : fallback;
}
