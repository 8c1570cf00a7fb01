// The one error type that crosses the API boundary. Callers branch on `status`; `kind` only says which of the
// non-HTTP failures (status 0) happened, or why an HTTP status was not what was promised.
import type { NetworkFault } from './netFault';
import type { ErrorBody } from './types';

/** Rate-limit figures of one response (`x-ratelimit-*` headers); a field is absent when its header was. */
export interface RateLimit {
  limit?: number;
  remaining?: number;
  /** When the window resets. */
  reset?: Date;
  used?: number;
  resource?: string;
}

export type ApiErrorKind =
  | 'http' // the service answered with an error status
  | 'rate_limited' // 429, or 403 with Retry-After or an exhausted limit; also the fail-fast refusal (status 429)
  | 'invalid_response' // the body is not the JSON that was promised
  | 'network' // no response: connection refused, reset, DNS (status 0)
  | 'timeout' // no complete response within timeoutMs (status 0)
  | 'aborted' // the caller's signal aborted the request (status 0)
  | 'refused'; // the client would not send the request (status 0): unsafe token target, foreign link, bad redirect

export interface ApiErrorInit {
  status: number;
  kind: ApiErrorKind;
  message: string;
  method: string;
  /** Path and query, without origin. */
  path: string;
  documentation_url?: string;
  errors?: ErrorBody['errors'];
  retryAfterMs?: number;
  rateLimit?: RateLimit;
  /** With kind `network`: which part of the way failed, when that could be told. */
  network?: NetworkFault;
  cause?: unknown;
  /** Removed from every text the error carries, in case the service or a proxy echoes it. */
  secret?: string;
}

const REDACTED = '[REDACTED]';
const MIN_SECRET_LENGTH = 6;

/**
 * The secret as it may come back inside an address: as sent, percent-encoded as a component, or as a URL path or
 * query serialises it. Matched without regard to case, so `%2f` and `%2F` both go; over-matching costs nothing.
 */
function secretPattern(secret: string): RegExp {
  const forms = new Set([secret]);
  try {
    forms.add(encodeURIComponent(secret));
    const u = new URL('http://h/');
    u.pathname = secret;
    forms.add(u.pathname.replace(/^\//, ''));
    u.search = secret;
    forms.add(u.search.replace(/^\?/, ''));
  } catch {
    // A secret no address can hold (a lone surrogate) comes back only as it is.
  }
  const alternatives = [...forms]
    .filter(f => f.length >= MIN_SECRET_LENGTH)
    .map(f => f.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(alternatives.join('|'), 'gi');
}

/** Removes a secret (in any form an address gives it) and anything shaped like a bearer credential from a text. */
export function redact(text: string, secret?: string): string {
  let out = text;
  // A very short "secret" would shred ordinary words; real tokens are far longer than this.
  // The pattern is built only when a form of the secret could be there: every logged exchange passes through here.
  if (
    secret &&
    secret.length >= MIN_SECRET_LENGTH &&
    (out.includes('%') || out.toLowerCase().includes(secret.toLowerCase()))
  ) {
    out = out.replace(secretPattern(secret), REDACTED);
  }
  return out.replace(/\bBearer\s+[A-Za-z0-9_.\-~+/=]{4,}/gi, `Bearer ${REDACTED}`);
}

function redactErrors(errors: ErrorBody['errors'], secret?: string): ErrorBody['errors'] {
  if (!Array.isArray(errors)) return undefined;
  return errors.map(e => {
    const copy: NonNullable<ErrorBody['errors']>[number] = {};
    for (const k of ['resource', 'field', 'code', 'message'] as const) {
      const v = e?.[k];
      if (typeof v === 'string') copy[k] = redact(v, secret);
    }
    return copy;
  });
}

export class ApiError extends Error {
  override readonly name = 'ApiError';
  /** HTTP status; 0 when there was no response (network error, timeout, abort, refusal). */
  readonly status: number;
  readonly kind: ApiErrorKind;
  readonly documentation_url?: string;
  readonly errors?: ErrorBody['errors'];
  /** How long the service asked to wait (Retry-After, or until the rate-limit reset). */
  readonly retryAfterMs?: number;
  readonly rateLimit?: RateLimit;
  /** With kind `network`: which part of the way failed (proxy, certificate, name, the service's address). */
  readonly network?: NetworkFault;
  readonly method: string;
  readonly path: string;

  constructor(init: ApiErrorInit) {
    super(redact(init.message, init.secret), init.cause === undefined ? undefined : { cause: init.cause });
    this.status = init.status;
    this.kind = init.kind;
    if (init.documentation_url !== undefined) this.documentation_url = redact(init.documentation_url, init.secret);
    const errors = redactErrors(init.errors, init.secret);
    if (errors) this.errors = errors;
    if (init.retryAfterMs !== undefined) this.retryAfterMs = init.retryAfterMs;
    if (init.rateLimit) this.rateLimit = init.rateLimit;
    if (init.network) this.network = init.network;
    this.method = init.method;
    this.path = redact(init.path, init.secret);
    // The cause may come from a lower layer whose text we do not control.
    if (init.secret && this.cause instanceof Error) {
      this.cause.message = redact(this.cause.message, init.secret);
      if (typeof this.cause.stack === 'string') this.cause.stack = redact(this.cause.stack, init.secret);
    }
  }

  /** Safe to log or persist: no headers, no token. */
  toJSON(): Record<string, unknown> {
    const cause =
      this.cause instanceof Error
        ? { name: this.cause.name, message: this.cause.message, code: (this.cause as { code?: unknown }).code }
        : undefined;
    return {
      name: this.name,
      status: this.status,
      kind: this.kind,
      message: this.message,
      method: this.method,
      path: this.path,
      documentation_url: this.documentation_url,
      errors: this.errors,
      retryAfterMs: this.retryAfterMs,
      rateLimit: this.rateLimit && { ...this.rateLimit, reset: this.rateLimit.reset?.toISOString() },
      network: this.network,
      cause,
    };
  }
}

export function isApiError(e: unknown): e is ApiError {
  return e instanceof ApiError;
}
