// git's object checks on a task's branch, whatever brought its objects into the repository: our fetch checks only the
// objects that arrive (`fetch.fsckObjects`), and the user's own fetch (a pull, the Git extension's autofetch) checks
// none unless `transfer.fsckObjects` is set. So what the head holds beyond the base is checked before the changes are
// shown or used, once per head. Pure Node: no `vscode`.
import * as fsp from 'node:fs/promises';
import * as os from 'node:os';
import * as path from 'node:path';
import * as l10n from '@vscode/l10n';
import { isGitError, type GitRunner } from '../git/gitRunner';
import {
  FSCK_TOLERATED,
  firstLines,
  fsckRefusal,
  type FetchProblem,
  type FetchTarget,
  type LocalTips,
} from './taskRefs';

/**
 * git's object checks (the fetch's, `FSCK_TOLERATED` aside) on every object the head holds that the base does not,
 * whatever brought them into the repository: our fetch checks only the objects that arrive, and the user's own fetch
 * (a pull, the Git extension's autofetch) may have brought the branch in unchecked. git packs them into a folder of
 * ours and `index-pack --strict` reads that pack as a fetch's would; nothing is added to the repository. Rejects
 * with git's reason when they fail. `passed`: heads checked before against the same base, whose objects are left out
 * (a branch that moved on is checked for its new commits only).
 */
export async function checkObjects(
  git: GitRunner,
  root: string,
  tips: LocalTips,
  passed: readonly string[] = [],
): Promise<void> {
  const dir = await fsp.mkdtemp(path.join(os.tmpdir(), 'agent-tasks-check-'));
  try {
    const name = await git.read({
      cwd: root,
      // One pack, whatever size the user's configuration would split packs at.
      args: ['-c', 'pack.packSizeLimit=0', 'pack-objects', '--revs', '--quiet', path.join(dir, 'branch')],
      input: [tips.head, ...[tips.base, ...passed].map(c => `^${c}`)].map(c => `${c}\n`).join(''),
      timeoutMs: 300_000,
    });
    const pack = path.join(dir, `branch-${name.trim()}.pack`);
    const strict = `--strict=${FSCK_TOLERATED.map(id => `${id}=ignore`).join(',')}`;
    await git.read({
      cwd: root,
      args: ['index-pack', strict, '-o', path.join(dir, 'checked.idx'), pack],
      timeoutMs: 300_000,
    });
  } finally {
    await fsp.rm(dir, { recursive: true, force: true });
  }
}

/** Why the branch's objects are not used (`checkObjects` failed), in words, and what to do. */
export function checkProblem(err: unknown, t: Pick<FetchTarget, 'head'>): FetchProblem {
  const said = isGitError(err) ? err.stderr : err instanceof Error ? err.message : String(err);
  const fsck = fsckRefusal(said);
  if (fsck)
    return {
      why: fsck,
      todo: l10n.t(
        'The branch {0} holds a tree git would not check out; nothing of it is shown or written. Ask for the branch to be fixed.',
        t.head,
      ),
    };
  return {
    why: l10n.t("the branch's objects could not be checked: {0}", firstLines(said) || l10n.t('no reason given')),
    todo: l10n.t('Retry.'),
  };
}

/** The heads that passed, per repository and base: a branch that moves on is checked for its new commits only. */
export class ObjectChecks {
  /** Per repository and base, the last heads whose objects passed git's checks against that base. */
  private readonly passed = new Map<string, string[]>();

  /** Why the changes of `tips` are not to be shown or used; undefined when git's checks pass. */
  async refusal(
    git: GitRunner,
    root: string,
    tips: LocalTips,
    t: Pick<FetchTarget, 'head'>,
  ): Promise<FetchProblem | undefined> {
    const key = `${root}\0${tips.base}`;
    const heads = this.passed.get(key) ?? [];
    if (heads.includes(tips.head)) return undefined;
    try {
      // A head checked before may be gone since (a branch pushed over, its objects pruned): then all is checked.
      await checkObjects(git, root, tips, heads).catch(() => checkObjects(git, root, tips));
    } catch (err) {
      return checkProblem(err, t);
    }
    if (!this.passed.has(key) && this.passed.size >= 200) this.passed.delete(this.passed.keys().next().value!);
    this.passed.set(key, [tips.head, ...heads].slice(0, 20));
    return undefined;
  }
}
