// Check Out in New Worktree: the task's branch in a worktree beside the repository, made from our fetched ref of the
// head, or the worktree that already has that branch. The user's current branch, working tree and index stay as
// they are. Pure Node: no `vscode`.
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { GitRunner } from '../changes/gitRunner';

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
  /** Our fetched ref of the head (`refs/agent-tasks/<id>/head`). */
  headRef: string;
  /** The remote the branch is on, set as its upstream so that pull and push go there. */
  remote: string;
}

export type WorktreeOutcome =
  | { kind: 'reused'; path: string }
  /** `madeBranch`: the commit a branch this made points at (undefined when the branch was there already). */
  | { kind: 'created'; path: string; madeBranch?: string };

/**
 * Opens the branch in a worktree: the one that already has it, or a new one. A local branch of that name is used
 * as it is when it exists (git refuses when it is checked out elsewhere: that worktree is found first); otherwise
 * it is made at the fetched head, with the remote's branch as its upstream.
 */
export async function checkOutInWorktree(git: GitRunner, w: NewWorktree): Promise<WorktreeOutcome> {
  const found = await worktreeOf(git, w.root, w.branch);
  if (found) return { kind: 'reused', path: found.path };
  const exists = await git
    .run({ cwd: w.root, args: ['rev-parse', '--verify', '--quiet', `refs/heads/${w.branch}`] })
    .then(
      () => true,
      () => false,
    );
  if (exists) {
    await git.run({ cwd: w.root, args: ['worktree', 'add', '--quiet', '--', w.path, w.branch] });
    return { kind: 'created', path: w.path };
  }
  const at = (await git.run({ cwd: w.root, args: ['rev-parse', '--verify', `${w.headRef}^{commit}`] })).trim();
  await git.run({ cwd: w.root, args: ['worktree', 'add', '--quiet', '-b', w.branch, '--', w.path, at] });
  await git.run({ cwd: w.root, args: ['config', `branch.${w.branch}.remote`, w.remote] });
  await git.run({ cwd: w.root, args: ['config', `branch.${w.branch}.merge`, `refs/heads/${w.branch}`] });
  return { kind: 'created', path: w.path, madeBranch: at };
}

/**
 * Undo: removes a worktree this made (git refuses when it has changes), and the branch made with it while it still
 * points where it was made (a commit made there since keeps it).
 */
export async function removeWorktree(
  git: GitRunner,
  root: string,
  made: { path: string; branch: string; madeBranch?: string },
): Promise<void> {
  await git.run({ cwd: root, args: ['worktree', 'remove', '--', made.path] });
  if (made.madeBranch === undefined) return;
  const gone = await git
    .run({ cwd: root, args: ['update-ref', '-d', `refs/heads/${made.branch}`, made.madeBranch] })
    .then(
      () => true,
      () => false,
    );
  if (gone)
    await git.run({ cwd: root, args: ['config', '--remove-section', `branch.${made.branch}`] }).catch(() => undefined);
}
