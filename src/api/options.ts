// What a client is built with, and what it reports about each exchange.
import type { FetchLike } from './fetchLike';
import type { ApiWarning } from './warnings';

export const DEFAULT_TIMEOUT_MS = 30_000;
export const DEFAULT_USER_AGENT = 'agent-tasks-api';

export type TokenSource = string | (() => Promise<string | undefined> | string | undefined);

/** One HTTP exchange, for a log. The path has no origin; nothing here is secret. */
export interface ResponseInfo {
  method: string;
  path: string;
  /** 0 when there was no response (network error, timeout, abort). */
  status: number;
  durationMs: number;
  /** A 304 whose body was served from the ETag memory. */
  fromCache: boolean;
  /** 1 for the first try, 2 for the first retry … */
  attempt: number;
}

export interface ApiClientOptions {
  /** Service address; may carry a path prefix (enterprise hosting), with or without a trailing slash. */
  baseUrl: string;
  /** A token, or a function asked before every call. */
  token?: TokenSource;
  /** Deadline of one HTTP exchange, headers and body (default 30 s). */
  timeoutMs?: number;
  /** How many times a GET may be retried after a network error, timeout or 5xx (default 2); 0 turns it off. */
  retries?: number;
  userAgent?: string;
  /**
   * The HTTP stack: a fetch-shaped call, asked with `redirect: 'manual'` (VS Code's extension host passes its own
   * `fetch`, which takes VS Code's proxies and certificates). Without it the client makes its own: undici's fetch
   * over a keep-alive Agent (nodeFetch.ts, imported on the first request), closed by `close()`. A given one is not
   * closed.
   */
  fetch?: FetchLike;
  /** The proxy (`host:port`) the given stack takes to an address, if the caller knows it: named when it fails. */
  proxyFor?: (url: URL) => string | undefined;
  /** Called once per HTTP exchange. */
  onResponse?: (info: ResponseInfo) => void;
  /** Called once for each distinct thing the service sent that was not taken as it came (see ApiWarning). */
  onWarning?: (warning: ApiWarning) => void;
  /** Longest Retry-After a GET waits out before retrying (default 10 s); longer ones are surfaced. */
  maxRetryAfterMs?: number;
  /** Bounds of the ETag memory (default 256 responses). */
  cacheEntries?: number;
}
