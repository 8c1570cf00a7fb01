// Turning a response into data or an ApiError: JSON where JSON was promised, and the service's error body
// (message, documentation_url, errors) with the rate-limit facts when the status is an error.
import type { RateLimit } from './errors';
import { ApiError } from './errors';
import type { HeaderBag } from './headers';
import { readRetryAfterMs } from './headers';
import type { ErrorBody } from './types';

export type Expect = 'json' | 'none';

export function parseJson<T>(text: string): T {
  return JSON.parse(text) as T;
}

export function decode<T>(status: number, text: string, expect: Expect, method: string, path: string, secret?: string): T {
  if (expect === 'none' && text.trim() === '') return undefined as T;
  try {
    return parseJson<T>(text);
  } catch (cause) {
    if (expect === 'none') return undefined as T;
    throw new ApiError({
      status, kind: 'invalid_response', method, path, cause, secret,
      message: `${method} ${path}: the service answered ${status} with a body that is not JSON`,
    });
  }
}

export function httpError(status: number, headers: HeaderBag, text: string, method: string, path: string, secret: string | undefined, rateLimit: RateLimit | undefined): ApiError {
  let body: Partial<ErrorBody> = {};
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed && typeof parsed === 'object') body = parsed as Partial<ErrorBody>;
  } catch {
    // A proxy's HTML page or an empty body: the status says enough.
  }
  const retryAfter = readRetryAfterMs(headers);
  const exhausted = rateLimit?.remaining === 0;
  const limited = status === 429 || (status === 403 && (retryAfter !== undefined || exhausted));
  let retryAfterMs = retryAfter;
  if (retryAfterMs === undefined && limited && exhausted && rateLimit?.reset) retryAfterMs = Math.max(0, rateLimit.reset.getTime() - Date.now());
  const message = typeof body.message === 'string' && body.message ? body.message : `HTTP ${status}`;
  return new ApiError({
    status, kind: limited ? 'rate_limited' : 'http', message, method, path, secret,
    ...(typeof body.documentation_url === 'string' ? { documentation_url: body.documentation_url } : {}),
    ...(Array.isArray(body.errors) ? { errors: body.errors } : {}),
    ...(retryAfterMs !== undefined ? { retryAfterMs } : {}),
    ...(rateLimit ? { rateLimit } : {}),
  });
}
