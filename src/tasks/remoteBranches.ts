// The branches of a task's repository as its remote has them, asked of the user's own git (`git ls-remote`, which
// fetches nothing), in the local clone that has a remote on the repository: what the start's base and head pickers
// list (the default branch first), and what says that a base does not exist before a task is started on it. Kept a
// short while per remote, so the picker and the start share one question. Pure Node: no `vscode`.
import type { RepoRef } from '../api';
import type { GitRunner } from '../git/gitRunner';
import { repoLabel } from '../model/remotes';
import * as l10n from '@vscode/l10n';

export interface BranchList {
  /** The branch the remote's HEAD points at, when it says. */
  readonly defaultBranch?: string;
  /** Every branch, the default first, then by name. */
  readonly branches: readonly string[];
  /** The remote asked (its name in the local clone). */
  readonly remote: string;
}

/** `git ls-remote --symref <remote> HEAD refs/heads/*`: the branches and where HEAD points. */
export function parseLsRemote(out: string, remote: string): BranchList {
  let defaultBranch: string | undefined;
  const names = new Set<string>();
  for (const line of out.split('\n')) {
    const sym = /^ref: refs\/heads\/(.+)\tHEAD$/.exec(line);
    if (sym) defaultBranch = sym[1];
    const head = /^[0-9a-f]{40,64}\trefs\/heads\/(.+)$/.exec(line);
    if (head) names.add(head[1]);
  }
  const rest = [...names].filter(n => n !== defaultBranch).sort();
  const branches = defaultBranch !== undefined && names.has(defaultBranch) ? [defaultBranch, ...rest] : rest;
  return { ...(defaultBranch !== undefined ? { defaultBranch } : {}), branches, remote };
}

const KEEP_MS = 30_000;

export class RemoteBranches {
  private readonly asked = new Map<string, { at: number; list: Promise<BranchList | undefined> }>();

  constructor(
    private readonly git: GitRunner,
    /** The local clone of a repository and its remote there, when the workspace has one. */
    private readonly locate: (repo: RepoRef) => { root: string; remote: string } | undefined,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * The remote's branches; undefined when they cannot be asked (no clone, no git, the remote did not answer).
   * `fresh`: asked now, not taken from an answer of the last few seconds.
   */
  list(repo: RepoRef, fresh = false): Promise<BranchList | undefined> {
    const where = this.locate(repo);
    if (!where) return Promise.resolve(undefined);
    const key = `${where.root}\n${where.remote}`;
    const hit = this.asked.get(key);
    if (hit && !fresh && this.now() - hit.at < KEEP_MS) return hit.list;
    const list = this.git
      .read({ cwd: where.root, args: ['ls-remote', '--symref', '--', where.remote, 'HEAD', 'refs/heads/*'] })
      .then(
        out => parseLsRemote(out, where.remote),
        () => undefined,
      );
    this.asked.set(key, { at: this.now(), list });
    return list;
  }

  /**
   * Why a task cannot be started on `base`: the remote has no such branch. Undefined when it has, or when that
   * cannot be told (the service then decides).
   */
  async baseProblem(repo: RepoRef, base: string): Promise<string | undefined> {
    if (!base) return undefined;
    let list = await this.list(repo);
    if (!list || list.branches.includes(base)) return undefined;
    // Refused only on the remote's answer of now: a branch pushed a moment ago is not in an older one.
    list = await this.list(repo, true);
    if (!list || list.branches.includes(base)) return undefined;
    const some = list.branches.slice(0, 5).join(', ');
    return some
      ? l10n.t(
          'The base branch {0} is not on {1} ({2}); nothing was started. Its branches include {3}.',
          base,
          list.remote,
          repoLabel(repo),
          some,
        )
      : l10n.t('The base branch {0} is not on {1} ({2}); nothing was started.', base, list.remote, repoLabel(repo));
  }
}
