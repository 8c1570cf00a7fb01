// Which local clone holds a task's repository: the one with a remote on it. No `vscode`.
import type { RepoRef } from '../api';
import { repoLabel, sameRepo } from '../model/remotes';
import * as l10n from '@vscode/l10n';

export interface LocalRepo extends RepoRef {
  /** The git remote that points at the task's repository. */
  remote?: string;
  /** The local repository's root folder. */
  root?: string;
}

export type RepoFound = { ok: true; root: string; remote: string } | { ok: false; why: string; todo: string };

/** The local clone with a remote on the task's repository. */
export function localRepoOf(repo: RepoRef | undefined, candidates: readonly LocalRepo[]): RepoFound {
  if (!repo)
    return {
      ok: false,
      why: l10n.t("the task's repository is not known yet"),
      todo: l10n.t('Expand the task again once the service has named its repository.'),
    };
  const hit = candidates.find(c => sameRepo(c, repo) && c.root && c.remote);
  if (!hit?.root || !hit.remote)
    return {
      ok: false,
      why: l10n.t('no clone of {0} is open in this workspace', repoLabel(repo)),
      todo: l10n.t("Open a clone of {0} (with a remote on this service) to read the agent's branch.", repoLabel(repo)),
    };
  return { ok: true, root: hit.root, remote: hit.remote };
}
