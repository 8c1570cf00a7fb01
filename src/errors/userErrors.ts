// The one explainer: every failure said in the user's terms, with the way out. Branches on status and kind, never on
// the service's message text, which is quoted as the service said it. Pure.
import { forMessage } from '../safety/serviceText';
import type { UserError } from './explained';
import { networkDetail, readFailure, type Failure } from './failure';
import { explainNetwork } from './network';

export { networkDetail };
import {
  explainInstallationFailure,
  missingToken,
  MissingTokenError,
  refusedToken,
  type Operation,
  type Subject,
} from './installationErrors';
import * as l10n from '@vscode/l10n';

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
    super(l10n.t('No service is configured. Set "agentTasks.serviceUrl" or try the built-in sandbox.'));
  }
}

export function explain(err: unknown, ctx: ErrorContext = {}): UserError {
  if (err instanceof NoServiceError) return { text: err.message, remedy: 'configureService' };
  if (err instanceof MissingTokenError) return missingToken(err.op);
  const f = readFailure(err);
  // Not ours alone: an error's message may quote the service (a git error naming a branch, a thrown answer).
  if (!f)
    return {
      text: forMessage(
        err instanceof Error ? err.message : typeof err === 'string' ? err : l10n.t('Something unexpected went wrong.'),
        600,
      ),
      remedy: 'showLog',
    };
  // An answer that came but could not be read (not JSON, unusable, too large): its status would say "success".
  if (f.kind === 'invalid_response' && f.status < 400) {
    return {
      text: l10n.t("The service's answer could not be read: {0}.", forMessage(f.message.replace(/\.$/, ''))),
      remedy: 'showLog',
      status: f.status,
    };
  }
  // No answer, and the part of the way that failed is known (proxy, certificate, name): said the same for every action.
  const network = f.status === 0 && f.kind === 'network' ? explainNetwork(f.network, ctx.address) : undefined;
  if (network) return { ...network, status: 0 };
  if (ctx.op) return { ...explainInstallationFailure(ctx.op, f, ctx.subject), status: f.status };
  return { ...explainTaskFailure(f, ctx), status: f.status };
}

function explainTaskFailure(f: Failure, ctx: ErrorContext): UserError {
  const token = ctx.tokenLabel ?? l10n.t('fine-grained token');
  const said = f.message ? ` ${l10n.t('The service said: “{0}”.', forMessage(f.message.replace(/\.$/, '')))}` : '';
  const on = ctx.repo ? ` ${l10n.t('on {0}', forMessage(ctx.repo))}` : '';
  const at = ctx.address ? ` ${l10n.t('at {0}', forMessage(ctx.address, 200))}` : '';
  switch (f.status) {
    case 0:
      if (f.kind === 'refused')
        return { text: l10n.t('The request was not sent: {0}', forMessage(f.message)), remedy: 'openSettings' };
      if (f.kind === 'timeout') return { text: l10n.t('The service{0} did not answer in time.', at), remedy: 'retry' };
      if (f.kind === 'aborted') return { text: l10n.t('The request was cancelled.'), remedy: 'retry' };
      return {
        text: l10n.t(
          'The service{0} cannot be reached (no answer: {1}). Check the address and your connection.',
          at,
          forMessage(networkDetail(f), 200),
        ),
        remedy: 'retry',
      };
    case 400:
      return { text: l10n.t('The service could not read the request.{0}', said), remedy: 'showLog' };
    case 401:
      return {
        text: refusedToken(token),
        remedy: 'setToken',
        tokenKind: 'fine_grained',
      };
    case 403:
      if (f.kind === 'rate_limited') return rateLimited(f);
      return ctx.starting
        ? {
            text: l10n.t(
              'Starting a task was refused. It needs a business or enterprise subscription of the agent product and a {0} with the Agent tasks read and write permission{1}.{2}',
              token,
              on,
              said,
            ),
            remedy: 'setToken',
            tokenKind: 'fine_grained',
          }
        : {
            text: l10n.t('Access was refused: the {0} lacks the Agent tasks permission{1}.{2}', token, on, said),
            remedy: 'setToken',
            tokenKind: 'fine_grained',
          };
    case 404:
      return {
        text: l10n.t(
          '{0} was not found on the service{1}, or your token cannot see it.',
          ctx.repo ? l10n.t('Repository {0}', forMessage(ctx.repo)) : l10n.t('The resource'),
          at,
        ),
        remedy: 'none',
      };
    case 422: {
      const details = (f.errors ?? [])
        .map(e => forMessage([e.field, e.message ?? e.code].filter(Boolean).join(': '), 200))
        .filter(Boolean);
      return {
        text: details.length
          ? l10n.t('The service rejected the request: {0}', details.join('; '))
          : l10n.t('The service rejected the request.{0}', said),
        remedy: 'none',
      };
    }
    case 429:
      return rateLimited(f);
    default:
      if (f.status >= 500)
        return {
          text: l10n.t('The service{0} had a problem ({1}). It will be retried.', at, f.status),
          remedy: 'retry',
        };
      return { text: l10n.t('The service{0} answered {1}.{2}', at, f.status, said), remedy: 'showLog' };
  }
}

function rateLimited(f: Failure): UserError {
  const at = f.rateLimit?.reset ?? (f.retryAfterMs !== undefined ? new Date(Date.now() + f.retryAfterMs) : undefined);
  const when = at ? ` ${l10n.t('until {0} UTC', at.toISOString().slice(11, 16))}` : ` ${l10n.t('for a while')}`;
  return { text: l10n.t("The service's rate limit is reached; requests pause{0}.", when), remedy: 'retry' };
}
