// The Installations actions' refusals in plain words, branching on the status only (never on the service's message
// text, which is quoted as the service said it). Read through `explain()` with the action as `op`. Pure.
import type { TokenKind } from '../ids';
import { forMessage } from '../safety/serviceText';
import { networkDetail, type Failure } from './failure';
import type { UserError } from './explained';
import * as l10n from '@vscode/l10n';

/** The installation endpoints, named for what the user is doing. */
export type Operation =
  | 'listInstallations'
  | 'listRepositories'
  | 'addRepository'
  | 'removeRepository'
  | 'listTokenRepositories'
  | 'revokeToken';

/** The token kind each operation sends; the service refuses the others, so they are never sent. */
export const TOKEN_FOR: Record<Operation, TokenKind> = {
  listInstallations: 'fine_grained',
  listRepositories: 'fine_grained',
  addRepository: 'classic',
  removeRepository: 'classic',
  listTokenRepositories: 'installation',
  revokeToken: 'installation',
};

const DOING: Record<Operation, string> = {
  listInstallations: l10n.t('Listing your installations'),
  listRepositories: l10n.t('Listing the repositories of an installation'),
  addRepository: l10n.t('Adding a repository to an installation'),
  removeRepository: l10n.t('Removing a repository from an installation'),
  listTokenRepositories: l10n.t('Listing the repositories of an installation token'),
  revokeToken: l10n.t('Revoking an installation token'),
};

const TOKEN_WORDS: Record<TokenKind, string> = {
  fine_grained: l10n.t('a fine-grained token'),
  classic: l10n.t('a classic token with the repo scope'),
  installation: l10n.t('an installation token'),
};

const WHY_KIND: Record<TokenKind, string> = {
  fine_grained: l10n.t('Set your fine-grained token (the same one the task views use).'),
  classic: l10n.t(
    'The service accepts only classic tokens for this; fine-grained, app and installation tokens are refused.',
  ),
  installation: l10n.t('An installation token is created by the app for one installation.'),
};

/** Thrown (or stored) before anything is sent, when the token an installation action needs is not set. */
export class MissingTokenError extends Error {
  override readonly name = 'MissingTokenError';
  constructor(readonly op: Operation) {
    super(missingToken(op).text);
  }
}

/** Said before anything is sent, when the token the action needs is not set. */
export function missingToken(op: Operation): UserError {
  const kind = TOKEN_FOR[op];
  return {
    text: l10n.t('{0} needs {1}, and none is set. {2}', DOING[op], TOKEN_WORDS[kind], WHY_KIND[kind]),
    remedy: 'setToken',
    tokenKind: kind,
  };
}

export interface Subject {
  /** e.g. "ci-bot on acme" */
  installation?: string;
  /** e.g. "acme/rocket" */
  repository?: string;
  /** The installation's selection as the view last saw it; tells the two 422 rules of removing apart. */
  selection?: string;
}

export function explainInstallationFailure(op: Operation, f: Failure, s: Subject = {}): UserError {
  const e = words(op, f, s);
  const remedy = e.tokenKind ? 'setToken' : f.status === 0 || f.status === 429 || f.status >= 500 ? 'retry' : 'none';
  return { text: e.text, remedy, ...(e.tokenKind ? { tokenKind: e.tokenKind } : {}) };
}

function words(op: Operation, f: Failure, s: Subject): { text: string; tokenKind?: TokenKind } {
  const said = f.message ? ` ${l10n.t('The service said: "{0}".', oneLine(f.message))}` : '';
  const kind = TOKEN_FOR[op];
  const repo = s.repository === undefined ? l10n.t('the repository') : forMessage(s.repository);
  const inst = s.installation === undefined ? l10n.t('the installation') : forMessage(s.installation);
  switch (f.status) {
    case 0:
      // In words: the network layer's message names the request (method, path and query), which is not the user's.
      return { text: l10n.t('{0} failed: {1}. Nothing was changed.', DOING[op], noAnswer(f)) };
    case 401:
      if (kind === 'installation') {
        return {
          text: l10n.t(
            'The installation token was refused: it has been revoked or has expired. Create a new installation token for the app and set it.{0}',
            said,
          ),
          tokenKind: kind,
        };
      }
      // Worded as every other refused token is (the task views, chat): one failure, one wording.
      return { text: refusedToken(kindWord(kind)), tokenKind: kind };
    case 403:
      if (op === 'addRepository' || op === 'removeRepository') {
        return {
          text:
            op === 'addRepository'
              ? l10n.t(
                  'The service refused to add {0}: this needs admin access to {0} and a classic token with the repo scope.{1}',
                  repo,
                  said,
                )
              : l10n.t(
                  'The service refused to remove {0}: this needs admin access to {0} and a classic token with the repo scope.{1}',
                  repo,
                  said,
                ),
          tokenKind: kind,
        };
      }
      if (op === 'listRepositories') {
        return {
          text: l10n.t(
            'The fine-grained token may not list these repositories: it needs the Metadata repository permission (read).{0}',
            said,
          ),
          tokenKind: kind,
        };
      }
      return { text: l10n.t('{0} was refused (403 forbidden).{1}', DOING[op], said), tokenKind: kind };
    case 404:
      if (op === 'addRepository' || op === 'removeRepository') {
        return {
          text: l10n.t(
            'The service does not know {0} or {1}, or they are hidden from this token.{2}',
            inst,
            repo,
            said,
          ),
        };
      }
      return { text: l10n.t('{0} failed: the service does not know {1}.{2}', DOING[op], inst, said) };
    case 422:
      if (op === 'removeRepository') {
        if (s.selection === 'all') {
          return {
            text: l10n.t(
              '{0} cannot be removed: {1} is set to all repositories, so no single one can be taken out.{2}',
              repo,
              inst,
              said,
            ),
          };
        }
        return {
          text: l10n.t(
            '{0} cannot be removed: it is the last repository {1} can reach, or the installation now covers all repositories. An installation cannot be left without repositories.{2}',
            repo,
            inst,
            said,
          ),
        };
      }
      return { text: l10n.t('{0} was refused as invalid (422).{1}', DOING[op], said) };
    case 429:
      return {
        text: l10n.t(
          '{0} was refused: the rate limit is exhausted. Try again later; nothing is retried automatically.{1}',
          DOING[op],
          said,
        ),
      };
    default:
      return { text: l10n.t('{0} failed with status {1}. Nothing was retried.{2}', DOING[op], f.status, said) };
  }
}

/** Why no answer came, in the user's words. */
function noAnswer(f: Failure): string {
  if (f.kind === 'timeout') return l10n.t('the service did not answer in time');
  if (f.kind === 'aborted') return l10n.t('it was cancelled');
  if (f.kind === 'refused')
    return l10n.t('the request was not sent ({0})', oneLine(f.message.replace(/^\S+ \S+: /, '')));
  return l10n.t('the service could not be reached (no answer: {0})', oneLine(networkDetail(f)));
}

/** A token the service answered 401: said the same wherever it is refused. */
export function refusedToken(tokenWord: string): string {
  return l10n.t('Your {0} is missing, expired or revoked. Set a new one.', tokenWord);
}

function kindWord(kind: TokenKind): string {
  return kind === 'fine_grained'
    ? l10n.t('fine-grained token')
    : kind === 'classic'
      ? l10n.t('classic token')
      : l10n.t('installation token');
}

/** The service's words, quoted in a notification: one line, short, never a link. */
function oneLine(text: string): string {
  return forMessage(text.replace(/\s+/g, ' '), 300);
}
