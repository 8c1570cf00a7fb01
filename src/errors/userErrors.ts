// Failures said in the user's terms. Branches on status and kind, never on the service's message text. Pure.

interface ApiErrorLike {
  status: number;
  kind?: string;
  message: string;
  errors?: Array<{ resource?: string; field?: string; code?: string; message?: string }>;
  retryAfterMs?: number;
  rateLimit?: { reset?: Date };
}

function isApiErrorLike(e: unknown): e is ApiErrorLike {
  return typeof e === 'object' && e !== null && typeof (e as ApiErrorLike).status === 'number' && typeof (e as ApiErrorLike).message === 'string';
}

export type Remedy = 'setToken' | 'retry' | 'openSettings' | 'showLog' | 'none';

export interface UserError {
  text: string;
  remedy: Remedy;
}

export interface ErrorContext {
  /** What was being done, e.g. "Starting the task". */
  action?: string;
  repo?: string;
  /** The token kind the action needs, named for the user. */
  tokenLabel?: string;
  starting?: boolean;
}

export function explain(err: unknown, ctx: ErrorContext = {}): UserError {
  const token = ctx.tokenLabel ?? 'fine-grained token';
  if (!isApiErrorLike(err)) {
    const text = err instanceof Error ? err.message : String(err);
    return { text, remedy: 'showLog' };
  }
  const said = err.message ? ` The service said: “${err.message.replace(/\.$/, '')}”.` : '';
  // An answer that came but could not be read (not JSON, unusable, too large): its status would say "success".
  if (err.kind === 'invalid_response' && err.status < 400) {
    return { text: `The service's answer could not be read: ${err.message.replace(/\.$/, '')}.`, remedy: 'showLog' };
  }
  switch (err.status) {
    case 0:
      if (err.kind === 'refused') return { text: `The request was not sent: ${err.message}`, remedy: 'openSettings' };
      if (err.kind === 'timeout') return { text: 'The service did not answer in time.', remedy: 'retry' };
      if (err.kind === 'aborted') return { text: 'The request was cancelled.', remedy: 'retry' };
      return { text: 'The service cannot be reached. Check the address and your connection.', remedy: 'retry' };
    case 400:
      return { text: `The service could not read the request.${said}`, remedy: 'showLog' };
    case 401:
      return { text: `Your ${token} is missing, expired or revoked. Set a new one.`, remedy: 'setToken' };
    case 403:
      if (err.kind === 'rate_limited') return rateLimited(err);
      return ctx.starting
        ? {
            text: `Starting a task was refused. It needs a business or enterprise subscription of the agent product and a ${token} with the Agent tasks read and write permission${ctx.repo ? ` on ${ctx.repo}` : ''}.${said}`,
            remedy: 'setToken',
          }
        : { text: `Access was refused: the ${token} lacks the Agent tasks permission${ctx.repo ? ` on ${ctx.repo}` : ''}.${said}`, remedy: 'setToken' };
    case 404:
      return { text: `${ctx.repo ? `Repository ${ctx.repo}` : 'The resource'} was not found on the service, or your token cannot see it.`, remedy: 'none' };
    case 422: {
      const details = (err.errors ?? [])
        .map(e => [e.field, e.message ?? e.code].filter(Boolean).join(': '))
        .filter(Boolean);
      return { text: `The service rejected the request${details.length ? `: ${details.join('; ')}` : '.'}${details.length ? '' : said}`, remedy: 'none' };
    }
    case 429:
      return rateLimited(err);
    default:
      if (err.status >= 500) return { text: `The service had a problem (${err.status}). It will be retried.`, remedy: 'retry' };
      return { text: `The service answered ${err.status}.${said}`, remedy: 'showLog' };
  }
}

function rateLimited(err: ApiErrorLike): UserError {
  const at = err.rateLimit?.reset ?? (err.retryAfterMs !== undefined ? new Date(Date.now() + err.retryAfterMs) : undefined);
  const when = at ? ` until ${at.toISOString().slice(11, 16)} UTC` : ' for a while';
  return { text: `The service's rate limit is reached; requests pause${when}.`, remedy: 'retry' };
}

/** The ApiError status, or undefined for other errors. */
export function statusOf(err: unknown): number | undefined {
  return isApiErrorLike(err) ? err.status : undefined;
}
