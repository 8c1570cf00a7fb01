// The one explainer: every failure said in the user's terms, with the way out. Branches on status and kind, never on
// the service's message text, which is quoted as the service said it. Pure.
import { forMessage } from '../safety/serviceText';
import type { UserError } from './explained';
import { networkDetail, readFailure, type Failure } from './failure';

export { networkDetail };
import { explainInstallationFailure, type Operation, type Subject } from './installationErrors';

export type { Remedy, UserError } from './explained';

export interface ErrorContext {
  repo?: string;
  /** The service's address, said when it cannot be reached or answers with an unexpected status. */
  address?: string;
  /** The token kind the action needs, named for the user. */
  tokenLabel?: string;
  starting?: boolean;
  /** An Installations action: its refusals have their own plain words. */
  op?: Operation;
  subject?: Subject;
}

/** Thrown where no service address is set; the way out is setting one. */
export class NoServiceError extends Error {
  override readonly name = 'NoServiceError';
  constructor() {
    super('No service is configured. Set "agentTasks.serviceUrl" or try the built-in sandbox.');
  }
}

export function explain(err: unknown, ctx: ErrorContext = {}): UserError {
  // By name, not class: a command of dist/commands.js explains what the extension's bundle threw, with its own copy.
  if (err instanceof Error && err.name === 'NoServiceError') return { text: err.message, remedy: 'configureService' };
  const f = readFailure(err);
  // Not ours alone: an error's message may quote the service (a git error naming a branch, a thrown answer).
  if (!f)
    return {
      text: forMessage(
        err instanceof Error ? err.message : typeof err === 'string' ? err : 'Something unexpected went wrong.',
        600,
      ),
      remedy: 'showLog',
    };
  // An answer that came but could not be read (not JSON, unusable, too large): its status would say "success".
  if (f.kind === 'invalid_response' && f.status < 400) {
    return {
      text: `The service's answer could not be read: ${forMessage(f.message.replace(/\.$/, ''))}.`,
      remedy: 'showLog',
      status: f.status,
    };
  }
  if (ctx.op) return { ...explainInstallationFailure(ctx.op, f, ctx.subject), status: f.status };
  return { ...explainTaskFailure(f, ctx), status: f.status };
}

function explainTaskFailure(f: Failure, ctx: ErrorContext): UserError {
  const token = ctx.tokenLabel ?? 'fine-grained token';
  const said = f.message ? ` The service said: “${forMessage(f.message.replace(/\.$/, ''))}”.` : '';
  const on = ctx.repo ? ` on ${forMessage(ctx.repo)}` : '';
  const at = ctx.address ? ` at ${forMessage(ctx.address, 200)}` : '';
  switch (f.status) {
    case 0:
      if (f.kind === 'refused')
        return { text: `The request was not sent: ${forMessage(f.message)}`, remedy: 'openSettings' };
      if (f.kind === 'timeout') return { text: `The service${at} did not answer in time.`, remedy: 'retry' };
      if (f.kind === 'aborted') return { text: 'The request was cancelled.', remedy: 'retry' };
      return {
        text:
          `The service${at} cannot be reached (no answer: ${forMessage(networkDetail(f), 200)}). ` +
          'Check the address and your connection.',
        remedy: 'retry',
      };
    case 400:
      return { text: `The service could not read the request.${said}`, remedy: 'showLog' };
    case 401:
      return {
        text: `Your ${token} is missing, expired or revoked. Set a new one.`,
        remedy: 'setToken',
        tokenKind: 'fine_grained',
      };
    case 403:
      if (f.kind === 'rate_limited') return rateLimited(f);
      return ctx.starting
        ? {
            text:
              'Starting a task was refused. It needs a business or enterprise subscription of the agent product ' +
              `and a ${token} with the Agent tasks read and write permission${on}.${said}`,
            remedy: 'setToken',
            tokenKind: 'fine_grained',
          }
        : {
            text: `Access was refused: the ${token} lacks the Agent tasks permission${on}.${said}`,
            remedy: 'setToken',
            tokenKind: 'fine_grained',
          };
    case 404:
      return {
        text:
          `${ctx.repo ? `Repository ${forMessage(ctx.repo)}` : 'The resource'} was not found on the service${at}, ` +
          'or your token cannot see it.',
        remedy: 'none',
      };
    case 422: {
      const details = (f.errors ?? [])
        .map(e => forMessage([e.field, e.message ?? e.code].filter(Boolean).join(': '), 200))
        .filter(Boolean);
      return {
        text: `The service rejected the request${details.length ? `: ${details.join('; ')}` : `.${said}`}`,
        remedy: 'none',
      };
    }
    case 429:
      return rateLimited(f);
    default:
      if (f.status >= 500)
        return { text: `The service${at} had a problem (${f.status}). It will be retried.`, remedy: 'retry' };
      return { text: `The service${at} answered ${f.status}.${said}`, remedy: 'showLog' };
  }
}

function rateLimited(f: Failure): UserError {
  const at = f.rateLimit?.reset ?? (f.retryAfterMs !== undefined ? new Date(Date.now() + f.retryAfterMs) : undefined);
  const when = at ? ` until ${at.toISOString().slice(11, 16)} UTC` : ' for a while';
  return { text: `The service's rate limit is reached; requests pause${when}.`, remedy: 'retry' };
}
