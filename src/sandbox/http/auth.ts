// Who is calling, and whether their token may call this endpoint. Token values never enter a message.
import type { IncomingMessage } from 'node:http';
import type { State, TokenRec } from '../state';
import { HttpError, forbidden } from './reply';

export type Caller = { kind: 'anonymous' } | { kind: 'token'; token: TokenRec };

export const requiresAuth = (): HttpError => new HttpError(401, 'Requires authentication');
export const badCredentials = (): HttpError => new HttpError(401, 'Bad credentials');

/** Reads `Authorization: Bearer …` (or the older `token …`); a malformed, unknown or revoked token is 401. */
export function identify(st: State, req: IncomingMessage): Caller {
  const h = req.headers.authorization;
  if (h === undefined || h === '') return { kind: 'anonymous' };
  const m = /^(?:bearer|token)[ \t]+(\S+)[ \t]*$/i.exec(h);
  if (!m) throw badCredentials();
  const token = st.tokens.get(m[1]);
  if (!token || token.revoked) throw badCredentials();
  return { kind: 'token', token };
}

const LEVEL_RANK: Record<string, number> = { read: 1, write: 2, admin: 3 };

function hasPermission(t: TokenRec, name: string, need: 'read' | 'write'): boolean {
  if (t.type !== 'fine_grained' && t.type !== 'app_user') return false;
  const have = t.permissions?.[name];
  return have !== undefined && (LEVEL_RANK[have] ?? 0) >= LEVEL_RANK[need];
}

type UserToken = Extract<TokenRec, { user: number }>;

function mustHaveToken(c: Caller): TokenRec {
  if (c.kind === 'anonymous') throw requiresAuth();
  return c.token;
}

/** The agent-task endpoints: a fine-grained token (`fine_grained` or `app_user`) with the Agent tasks permission. */
export function requireAgentTasks(c: Caller, need: 'read' | 'write'): UserToken {
  const t = mustHaveToken(c);
  if (t.type === 'installation') throw forbidden('Installation access tokens are not supported for this endpoint');
  if (t.type === 'classic') throw forbidden('This endpoint accepts fine-grained tokens only');
  if (!hasPermission(t, 'agent_tasks', need)) {
    throw forbidden(
      `Resource not accessible by personal access token: the Agent tasks permission (${need}) is required`,
    );
  }
  return t;
}

/** The user's installations: any fine-grained token; an installation's repositories: one with Metadata read. */
export function requireFineGrained(c: Caller, metadata: boolean): UserToken {
  const t = mustHaveToken(c);
  if (t.type !== 'fine_grained' && t.type !== 'app_user')
    throw forbidden('This endpoint accepts fine-grained tokens only');
  if (metadata && !hasPermission(t, 'metadata', 'read')) {
    throw forbidden('Resource not accessible by personal access token: the Metadata permission (read) is required');
  }
  return t;
}

/** Adding and removing a repository: a classic personal access token with the `repo` scope. */
export function requireClassicRepo(c: Caller): UserToken {
  const t = mustHaveToken(c);
  if (t.type !== 'classic')
    throw forbidden('This endpoint works only with classic personal access tokens that have the repo scope');
  if (!(t.scopes ?? []).includes('repo')) throw forbidden('This endpoint needs the repo scope');
  return t;
}

/** The installation token's repositories, and revoking it: an installation access token. */
export function requireInstallation(c: Caller): Extract<TokenRec, { installation: number }> {
  const t = mustHaveToken(c);
  if (t.type !== 'installation') throw forbidden('This endpoint needs an installation access token');
  return t;
}

/**
 * The token of a git client: HTTP Basic with the token as the password (any user name), as git sends what its
 * credential helper gave; a bearer token (git's `http.extraHeader`) too. Undefined when none was sent.
 */
export function gitToken(st: State, req: IncomingMessage): { token: TokenRec | undefined } | undefined {
  const h = req.headers.authorization;
  if (h === undefined || h === '') return undefined;
  const basic = /^basic[ \t]+([A-Za-z0-9+/=]+)[ \t]*$/i.exec(h);
  let value: string | undefined;
  if (basic) {
    const pair = Buffer.from(basic[1], 'base64').toString('utf8');
    const at = pair.indexOf(':');
    value = at >= 0 ? pair.slice(at + 1) : undefined;
  } else {
    value = /^(?:bearer|token)[ \t]+(\S+)[ \t]*$/i.exec(h)?.[1];
  }
  const token = value ? st.tokens.get(value) : undefined;
  return { token: token && !token.revoked ? token : undefined };
}

/**
 * Whether a token may write a repository's contents: a fine-grained token with the Contents permission (write), or
 * a classic token with the `repo` scope. Installation tokens never push to the sandbox.
 */
export function mayWriteContents(t: TokenRec): boolean {
  if (t.type === 'classic') return (t.scopes ?? []).includes('repo');
  return hasPermission(t, 'contents', 'write');
}
