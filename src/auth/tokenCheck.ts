// Checking a token before it is saved, with the one cheap read its kind may make by the service's rules. Pure: the
// client comes from the caller. What is said never holds the token (the API error texts are redacted of it).
import type { ApiClient } from '../api';
import { readFailure } from '../errors/failure';
import { explain, networkDetail } from '../errors/userErrors';
import type { TokenKind } from '../ids';
import { forMessage } from '../safety/serviceText';
import * as l10n from '@vscode/l10n';

interface Read {
  /** A one-item list: the cheapest answer the service gives this kind. */
  run(client: ApiClient): Promise<unknown>;
  /** What a 403 means for this kind, named for the user. */
  forbidden(name: string, where: string): string;
}

/**
 * Fine-grained: the user's task list needs the Agent tasks permission, read. Installation: the token's repository
 * list needs no permission.
 * Classic: the service lets it only add and remove a repository of an installation, which are changes, so there is
 * nothing to read with it.
 */
const READS: Record<TokenKind, Read | undefined> = {
  fine_grained: {
    run: c => c.listTasks({ per_page: 1 }),
    forbidden: (name, where) =>
      l10n.t(
        '{0} saved, but it lacks the Agent tasks permission (read) on {1} (403). The task views need it, and starting tasks needs read and write; listing installations works without it.',
        name,
        where,
      ),
  },
  installation: {
    run: c => c.listInstallationRepos({ per_page: 1 }),
    forbidden: (name, where) =>
      l10n.t(
        "{0} saved, but {1} refused it the list of its installation's repositories (403), which needs no permission: the installation may be suspended.",
        name,
        where,
      ),
  },
  classic: undefined,
};

const NAMES: Record<TokenKind, string> = {
  fine_grained: l10n.t('Fine-grained token'),
  classic: l10n.t('Classic token'),
  installation: l10n.t('Installation token'),
};

/** Longer than any login a service gives (GitHub's are at most 39 characters): a bound, not a rule. */
const MAX_LOGIN = 80;

export interface TokenVerdict {
  /** False only when the service refused the token outright (401). */
  save: boolean;
  level: 'info' | 'warning' | 'error';
  text: string;
  /** The status the service answered the check with, when it refused the token (401 or 403). */
  status?: number;
}

/** Whether the kind has a read to check it with. */
export function canCheck(kind: TokenKind): boolean {
  return READS[kind] !== undefined;
}

/**
 * Checks a token of `kind` with `probe` (which runs a read with a client that sends it), and says what to do with
 * it. `where` names the service for the user. A service that cannot be reached does not keep the token out: it is
 * kept per address, so nothing is lost by keeping it, and it is checked on first use.
 */
export async function checkToken(
  kind: TokenKind,
  probe: (read: (client: ApiClient) => Promise<unknown>) => Promise<unknown>,
  where: string,
  /** Whose token it is, when that is known (the GitHub account's login). */
  owner?: string,
): Promise<TokenVerdict> {
  const name = NAMES[kind];
  const read = READS[kind];
  if (!read)
    return {
      save: true,
      level: 'info',
      text: l10n.t(
        '{0} saved. The service offers no read a classic token may make, so it is checked on first use (adding or removing a repository of an installation).',
        name,
      ),
    };
  try {
    await probe(c => read.run(c));
    // The login is what a server's `/user` answered: quoted as words, so it can be no link, icon or second line.
    const text = owner
      ? l10n.t('{0} of {1} saved: {2} accepted it.', name, forMessage(owner, MAX_LOGIN), where)
      : l10n.t('{0} saved: {1} accepted it.', name, where);
    return { save: true, level: 'info', text };
  } catch (err) {
    const f = readFailure(err);
    if (f?.status === 401)
      return {
        save: false,
        level: 'error',
        status: 401,
        text: l10n.t(
          '{0} not saved: {1} refused it (401: unknown, expired or revoked). Check that it was copied whole and is a token for {2}.',
          name,
          where,
          where,
        ),
      };
    if (f?.status === 403 && f.kind !== 'rate_limited')
      return { save: true, level: 'warning', status: 403, text: read.forbidden(name, where) };
    if (f?.status === 0 && (f.kind === 'network' || f.kind === 'timeout'))
      return {
        save: true,
        level: 'warning',
        text: l10n.t(
          '{0} saved without a check: {1} cannot be reached ({2}). It is checked on first use.',
          name,
          where,
          forMessage(networkDetail(f), 200),
        ),
      };
    return {
      save: true,
      level: 'warning',
      text: l10n.t(
        '{0} saved without a check: {1} It is checked on first use.',
        name,
        explain(err).text.replace(/\.?$/, '.'),
      ),
    };
  }
}
