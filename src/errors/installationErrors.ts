// The Installations actions' refusals in plain words, branching on the status only (never on the service's message
// text, which is quoted as the service said it). Read through `explain()` with the action as `op`. Pure.
import type { TokenKind } from '../ids';
import { forMessage } from '../safety/serviceText';
import { networkDetail, type Failure } from './failure';
import type { UserError } from './explained';

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
  listInstallations: 'Listing your installations',
  listRepositories: 'Listing the repositories of an installation',
  addRepository: 'Adding a repository to an installation',
  removeRepository: 'Removing a repository from an installation',
  listTokenRepositories: 'Listing the repositories of an installation token',
  revokeToken: 'Revoking an installation token',
};

const TOKEN_WORDS: Record<TokenKind, string> = {
  fine_grained: 'a fine-grained token',
  classic: 'a classic token with the repo scope',
  installation: 'an installation token',
};

const WHY_KIND: Record<TokenKind, string> = {
  fine_grained: 'Set your fine-grained token (the same one the task views use).',
  classic: 'The service accepts only classic tokens for this; fine-grained, app and installation tokens are refused.',
  installation: 'An installation token is created by the app for one installation.',
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
    text: `${DOING[op]} needs ${TOKEN_WORDS[kind]}, and none is set. ${WHY_KIND[kind]}`,
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
  const said = f.message ? ` The service said: "${oneLine(f.message)}".` : '';
  const kind = TOKEN_FOR[op];
  const repo = s.repository === undefined ? 'the repository' : forMessage(s.repository);
  const inst = s.installation === undefined ? 'the installation' : forMessage(s.installation);
  switch (f.status) {
    case 0:
      // In words: the network layer's message names the request (method, path and query), which is not the user's.
      return { text: `${DOING[op]} failed: ${noAnswer(f)}. Nothing was changed.` };
    case 401:
      if (kind === 'installation') {
        return {
          text:
            `The installation token was refused: it has been revoked or has expired. ` +
            `Create a new installation token for the app and set it.${said}`,
          tokenKind: kind,
        };
      }
      // Worded as every other refused token is (the task views, chat): one failure, one wording.
      return { text: refusedToken(kindWord(kind)), tokenKind: kind };
    case 403:
      if (op === 'addRepository' || op === 'removeRepository') {
        return {
          text:
            `The service refused to ${op === 'addRepository' ? 'add' : 'remove'} ${repo}: this needs admin access to ` +
            `${repo} and a classic token with the repo scope.${said}`,
          tokenKind: kind,
        };
      }
      if (op === 'listRepositories') {
        return {
          text:
            'The fine-grained token may not list these repositories: ' +
            `it needs the Metadata repository permission (read).${said}`,
          tokenKind: kind,
        };
      }
      return { text: `${DOING[op]} was refused (403 forbidden).${said}`, tokenKind: kind };
    case 404:
      if (op === 'addRepository' || op === 'removeRepository') {
        return { text: `The service does not know ${inst} or ${repo}, or they are hidden from this token.${said}` };
      }
      return { text: `${DOING[op]} failed: the service does not know ${inst}.${said}` };
    case 422:
      if (op === 'removeRepository') {
        if (s.selection === 'all') {
          return {
            text:
              `${repo} cannot be removed: ${inst} is set to all repositories, ` +
              `so no single one can be taken out.${said}`,
          };
        }
        return {
          text:
            `${repo} cannot be removed: it is the last repository ${inst} can reach, ` +
            'or the installation now covers all repositories. ' +
            `An installation cannot be left without repositories.${said}`,
        };
      }
      return { text: `${DOING[op]} was refused as invalid (422).${said}` };
    case 429:
      return {
        text:
          `${DOING[op]} was refused: the rate limit is exhausted. ` +
          `Try again later; nothing is retried automatically.${said}`,
      };
    default:
      return { text: `${DOING[op]} failed with status ${f.status}. Nothing was retried.${said}` };
  }
}

/** Why no answer came, in the user's words. */
function noAnswer(f: Failure): string {
  if (f.kind === 'timeout') return 'the service did not answer in time';
  if (f.kind === 'aborted') return 'it was cancelled';
  if (f.kind === 'refused') return `the request was not sent (${oneLine(f.message.replace(/^\S+ \S+: /, ''))})`;
  return `the service could not be reached (no answer: ${oneLine(networkDetail(f))})`;
}

/** A token the service answered 401: said the same wherever it is refused. */
export function refusedToken(tokenWord: string): string {
  return `Your ${tokenWord} is missing, expired or revoked. Set a new one.`;
}

function kindWord(kind: TokenKind): string {
  return kind === 'fine_grained' ? 'fine-grained token' : kind === 'classic' ? 'classic token' : 'installation token';
}

/** The service's words, quoted in a notification: one line, short, never a link. */
function oneLine(text: string): string {
  return forMessage(text.replace(/\s+/g, ' '), 300);
}
