// When to try again, and how long to wait. Only a GET is ever retried: a POST, PUT or DELETE that reached the
// service may have acted, and starting a task twice is worse than failing once.
import { ApiError } from './errors';
import { isLasting } from './netFault';

export const DEFAULT_RETRIES = 2;
/** A Retry-After longer than this is surfaced to the caller instead of being waited out. */
export const DEFAULT_MAX_RETRY_AFTER_MS = 10_000;
const BASE_DELAY_MS = 250;
const MAX_DELAY_MS = 8_000;

export function isRetriableMethod(method: string): boolean {
  return method === 'GET' || method === 'HEAD';
}

/** Network errors, timeouts and 5xx; never a caller's abort or a refusal. */
export function isRetriableFailure(e: ApiError): boolean {
  // A proxy that wants a login, an untrusted certificate or an unknown name is the same a moment later.
  if (e.status === 0) return e.kind === 'timeout' || (e.kind === 'network' && !isLasting(e.network));
  return e.status >= 500 && e.status <= 599;
}

/** Exponential backoff with jitter: attempt 1 waits 125–250 ms, then 250–500, 500–1000 … capped at 8 s. */
export function backoffMs(attempt: number, random: () => number = Math.random): number {
  const ceiling = Math.min(MAX_DELAY_MS, BASE_DELAY_MS * 2 ** Math.max(0, attempt - 1));
  return Math.round(ceiling / 2 + random() * (ceiling / 2));
}

/** Resolves after `ms`, or rejects with the signal's abort as an ApiError. */
export function sleep(ms: number, signal: AbortSignal | undefined, method: string, path: string): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(abortedError(method, path, signal.reason));
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(abortedError(method, path, signal?.reason));
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

export function abortedError(method: string, path: string, cause: unknown): ApiError {
  return new ApiError({ status: 0, kind: 'aborted', message: `${method} ${path} was cancelled`, method, path, cause });
}
