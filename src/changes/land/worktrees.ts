// Check Out in New Worktree: the task's branch in a worktree beside the repository, made from our fetched ref of the
// head, or the worktree that already has that branch, held to the same path rules as Apply. The user's current
// branch, working tree and index stay as they are. Pure Node: no `vscode`.
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { GitRunner } from '../../git/gitRunner';
import { eachRecord } from './gitStream';
import { ApplyRefused } from './landErrors';
import { PROTECT } from './stage';
import { checkTree } from './treeCheck';

export interface WorktreeEntry {
  path: string;
  /** `refs/heads/<name>`, or undefined when detached. */
  branch?: string;
}

/** `git worktree list --porcelain -z`. */
export function parseWorktrees(out: string): WorktreeEntry[] {
  const list: WorktreeEntry[] = [];
  let cur: WorktreeEntry | undefined;
  for (const field of out.split('\0')) {
    if (field.startsWith('worktree ')) list.push((cur = { path: field.slice(9) }));
    else if (cur && field.startsWith('branch ')) cur.branch = field.slice(7);
  }
  return list;
}

export async function worktrees(git: GitRunner, root: string): Promise<WorktreeEntry[]> {
  return parseWorktrees(await git.run({ cwd: root, args: ['worktree', 'list', '--porcelain', '-z'] }));
}

/** The worktree that has `branch` checked out, if one does. */
export async function worktreeOf(git: GitRunner, root: string, branch: string): Promise<WorktreeEntry | undefined> {
  return (await worktrees(git, root)).find(w => w.branch === `refs/heads/${branch}`);
}

/** Where a worktree of `branch` goes by default: beside the repository, named after it and the branch. */
export function defaultWorktreePath(root: string, branch: string): string {
  const name = `${path.basename(root)}-${branch.replace(/[/\\]+/g, '-')}`;
  let candidate = path.join(path.dirname(root), name);
  for (let i = 2; fs.existsSync(candidate); i++) candidate = path.join(path.dirname(root), `${name}-${i}`);
  return candidate;
}

export interface NewWorktree {
  root: string;
  /** Where the worktree goes; must not exist yet (or be an empty folder). */
  path: string;
  branch: string;
  /** Our fetched ref of the head (`refs/agent-tasks/<id>/head`), and of the base (its changed paths are held to
   *  every platform's rules, the rest of the tree to those that keep writes inside the repository). */
  headRef: string;
  baseRef?: string;
  /** The remote the branch is on, set as its upstream so that pull and push go there. */
  remote: string;
}

export type WorktreeOutcome =
  | { kind: 'reused'; path: string }
  | {
      kind: 'created';
      path: string;
      /** The commit a branch this made points at (undefined when the branch was there already). */
      madeBranch?: string;
      /** The remote-tracking ref this made for the upstream (`refs/remotes/<remote>/<branch>`), and where. */
      madeTracking?: { ref: string; at: string };
    };

const exists = (git: GitRunner, root: string, ref: string): Promise<boolean> =>
  git.run({ cwd: root, args: ['rev-parse', '--verify', '--quiet', ref] }).then(
    () => true,
    () => false,
  );

/** Refuses (ApplyRefused, nothing made) a tree that holds a path some file system would write outside it. */
async function checkCheckout(git: GitRunner, gitPath: string, w: NewWorktree, at: string): Promise<void> {
  const changed = new Set<string>();
  if (w.baseRef !== undefined) {
    const base = await git.run({ cwd: w.root, args: ['merge-base', w.baseRef, at] }).catch(() => '');
    if (base.trim())
      await eachRecord(
        { git: gitPath, cwd: w.root, args: ['diff', '--name-only', '-z', '--no-renames', base.trim(), at, '--'] },
        p => changed.add(p),
      );
  }
  const { problems } = await checkTree({ git: gitPath, cwd: w.root }, at, undefined, p => changed.has(p));
  if (problems.length) throw new ApplyRefused('unsafe', problems);
}

/** `refs/remotes/<remote>/<branch>` when the remote's fetch refspec maps branches there (git's default). */
async function trackingRef(git: GitRunner, root: string, remote: string, branch: string): Promise<string | undefined> {
  const specs = await git.run({ cwd: root, args: ['config', '--get-all', `remote.${remote}.fetch`] }).catch(() => '');
  const standard = `refs/heads/*:refs/remotes/${remote}/*`;
  return specs.split('\n').some(s => s.trim().replace(/^\+/, '') === standard)
    ? `refs/remotes/${remote}/${branch}`
    : undefined;
}

/**
 * Opens the branch in a worktree: the one that already has it, or a new one. A local branch of that name is used
 * as it is when it exists (git refuses when it is checked out elsewhere: that worktree is found first); otherwise
 * it is made at the fetched head, with the remote's branch as its upstream (its remote-tracking ref made when
 * missing, so git knows the upstream is there). A tree git's checkout would write outside the worktree on some file
 * system is refused before anything is made; when git refuses the checkout, the branch made for it goes too.
 */
export async function checkOutInWorktree(git: GitRunner, gitPath: string, w: NewWorktree): Promise<WorktreeOutcome> {
  const found = await worktreeOf(git, w.root, w.branch);
  if (found) return { kind: 'reused', path: found.path };
  const local = `refs/heads/${w.branch}`;
  if (await exists(git, w.root, local)) {
    const tip = (await git.run({ cwd: w.root, args: ['rev-parse', '--verify', `${local}^{commit}`] })).trim();
    await checkCheckout(git, gitPath, w, tip);
    // A checkout the user asked for: git runs the hooks it runs for one (post-checkout), and nothing more.
    await git.run({
      cwd: w.root,
      args: [...PROTECT, 'worktree', 'add', '--quiet', '--', w.path, w.branch],
      hooks: true,
    });
    return { kind: 'created', path: w.path };
  }
  const at = (await git.run({ cwd: w.root, args: ['rev-parse', '--verify', `${w.headRef}^{commit}`] })).trim();
  await checkCheckout(git, gitPath, w, at);
  try {
    await git.run({
      cwd: w.root,
      args: [...PROTECT, 'worktree', 'add', '--quiet', '-b', w.branch, '--', w.path, at],
      hooks: true,
    });
  } catch (e) {
    // git made the branch before it tried the checkout: a worktree the user did not get leaves no branch behind.
    await git.run({ cwd: w.root, args: ['update-ref', '-d', local, at] }).catch(() => undefined);
    await git.run({ cwd: w.root, args: ['worktree', 'prune'] }).catch(() => undefined);
    throw e;
  }
  await git.run({ cwd: w.root, args: ['config', `branch.${w.branch}.remote`, w.remote] });
  await git.run({ cwd: w.root, args: ['config', `branch.${w.branch}.merge`, local] });
  const tracking = await trackingRef(git, w.root, w.remote, w.branch);
  let madeTracking: { ref: string; at: string } | undefined;
  if (tracking && !(await exists(git, w.root, tracking))) {
    const zero = '0'.repeat(at.length);
    await git.run({ cwd: w.root, args: ['update-ref', tracking, at, zero] });
    madeTracking = { ref: tracking, at };
  }
  return { kind: 'created', path: w.path, madeBranch: at, ...(madeTracking ? { madeTracking } : {}) };
}

/** The work in a worktree that its removal would touch. */
export interface WorktreeWork {
  /** Files changed and not committed, untracked ones included (ignored ones not). */
  uncommitted: number;
  /** Commits of its HEAD that no remote-tracking ref has: not pushed anywhere. */
  unpushed: number;
  /** The branch checked out there; undefined when its HEAD is detached. */
  branch?: string;
}

/** What is in a worktree that is not on any remote: asked before it is removed. */
export async function worktreeWork(git: GitRunner, worktree: string): Promise<WorktreeWork> {
  const status = await git.run({ cwd: worktree, args: ['status', '--porcelain=v1', '-z', '--untracked-files=all'] });
  let uncommitted = 0;
  const fields = status.split('\0');
  for (let i = 0; i < fields.length; i++) {
    if (!fields[i]) continue;
    uncommitted++;
    if (/^[RC]|^.[RC]/.test(fields[i])) i++; // a rename or copy names its source in the next field
  }
  const count = await git.run({ cwd: worktree, args: ['rev-list', '--count', 'HEAD', '--not', '--remotes', '--'] });
  const branch = await git.run({ cwd: worktree, args: ['symbolic-ref', '-q', '--short', 'HEAD'] }).then(
    b => b.trim() || undefined,
    () => undefined,
  );
  return { uncommitted, unpushed: Number(count.trim()) || 0, ...(branch !== undefined ? { branch } : {}) };
}

/**
 * Undo: removes a worktree this made (git refuses when it has changes, unless `force`: the user was asked), the branch
 * made with it while it still points where it was made (a commit made there since keeps it) and `keepBranch` is not
 * set, and the remote-tracking ref made for it while it has not moved.
 */
export async function removeWorktree(
  git: GitRunner,
  root: string,
  made: { path: string; branch: string; madeBranch?: string; madeTracking?: { ref: string; at: string } },
  how: { force?: boolean; keepBranch?: boolean } = {},
): Promise<void> {
  const force = how.force ? ['--force'] : [];
  await git.run({ cwd: root, args: ['worktree', 'remove', ...force, '--', made.path] });
  if (made.madeTracking)
    await git
      .run({ cwd: root, args: ['update-ref', '-d', made.madeTracking.ref, made.madeTracking.at] })
      .catch(() => undefined);
  if (made.madeBranch === undefined || how.keepBranch) return;
  const gone = await git
    .run({ cwd: root, args: ['update-ref', '-d', `refs/heads/${made.branch}`, made.madeBranch] })
    .then(
      () => true,
      () => false,
    );
  if (gone)
    await git.run({ cwd: root, args: ['config', '--remove-section', `branch.${made.branch}`] }).catch(() => undefined);
}
