// Turning a response into data or an ApiError: JSON where JSON was promised, and the service's error body
// (message, documentation_url, errors) with the rate-limit facts when the status is an error.
import type { RateLimit } from './errors';
import { ApiError } from './errors';
import type { ErrorBody } from './types';
import { readErrorBody } from './read/answers';

/** Whether a call reads a body (`json`) or only its status (`none`: revoking a token, changing an installation). */
export type Expect = 'json' | 'none';

/** The body as JSON; a call that reads nothing accepts any body, or none. */
export function decode(
  status: number,
  text: string,
  expect: Expect,
  method: string,
  path: string,
  secret?: string,
): unknown {
  if (expect === 'none') return undefined;
  try {
    return JSON.parse(text);
  } catch (cause) {
    throw new ApiError({
      status,
      kind: 'invalid_response',
      method,
      path,
      cause,
      secret,
      message: `${method} ${path}: the service answered ${status} with a body that is not JSON`,
    });
  }
}

/** `retryAfter` and `rateLimit` come from the response's headers, already bounded. */
export function httpError(
  status: number,
  retryAfter: number | undefined,
  text: string,
  method: string,
  path: string,
  secret: string | undefined,
  rateLimit: RateLimit | undefined,
): ApiError {
  let body: Partial<ErrorBody> = {};
  try {
    body = readErrorBody(JSON.parse(text));
  } catch {
    // A proxy's HTML page or an empty body: the status says enough.
  }
  const exhausted = rateLimit?.remaining === 0;
  const limited = status === 429 || (status === 403 && (retryAfter !== undefined || exhausted));
  let retryAfterMs = retryAfter;
  if (retryAfterMs === undefined && limited && exhausted && rateLimit?.reset)
    retryAfterMs = Math.max(0, rateLimit.reset.getTime() - Date.now());
  const message = body.message ?? `HTTP ${status}`;
  return new ApiError({
    status,
    kind: limited ? 'rate_limited' : 'http',
    message,
    method,
    path,
    secret,
    ...(body.documentation_url !== undefined ? { documentation_url: body.documentation_url } : {}),
    ...(body.errors ? { errors: body.errors } : {}),
    ...(retryAfterMs !== undefined ? { retryAfterMs } : {}),
    ...(rateLimit ? { rateLimit } : {}),
  });
}
