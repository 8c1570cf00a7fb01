// Apply This Change's head: a commit that is the task's merge base with only the chosen changes of one file, made in
// the user's object store alone (a temporary index; no ref, no index of theirs, no working tree). Applying that commit
// with Apply Changes, limited to the file, writes those changes by every rule, refusal and Undo Apply Changes has.
// Pure Node: no `vscode`.
import * as path from 'node:path';
import { readAll } from './gitStream';

export interface HunkHead {
  /** The merge base of the task's base and head: the commit the chosen changes are laid on. */
  mergeBase: string;
  /** The file's path on the head side, and where it was renamed from. */
  path: string;
  from?: string;
  /** The file's mode on the head side (`100644`, `100755`). */
  mode: string;
  /** The merge base's file with the chosen changes, in the form git stores it (no filters are run on it). */
  content: Buffer;
  /** A folder of ours for the temporary index. */
  tmp: string;
}

const IDENTITY = {
  GIT_AUTHOR_NAME: 'Agent Tasks',
  GIT_AUTHOR_EMAIL: 'agent-tasks@localhost',
  GIT_COMMITTER_NAME: 'Agent Tasks',
  GIT_COMMITTER_EMAIL: 'agent-tasks@localhost',
};

export async function hunkCommit(gitPath: string, root: string, h: HunkHead): Promise<string> {
  const env = { GIT_INDEX_FILE: path.join(h.tmp, 'hunk-index'), ...IDENTITY };
  const git = async (args: string[], input?: string | Buffer) =>
    (await readAll({ git: gitPath, cwd: root, args, env, ...(input !== undefined ? { input } : {}) }))
      .toString('utf8')
      .trim();
  await git(['read-tree', h.mergeBase]);
  const blob = await git(['hash-object', '-w', '--no-filters', '--stdin'], h.content);
  // Paths on stdin, NUL-ended: a name is never read as an option or split at a comma.
  const removed = h.from !== undefined && h.from !== h.path ? `0 ${'0'.repeat(blob.length)}\t${h.from}\0` : '';
  await git(['update-index', '-z', '--index-info'], `${removed}${h.mode} ${blob}\t${h.path}\0`);
  const tree = await git(['write-tree']);
  return git(['commit-tree', tree, '-p', h.mergeBase, '-m', 'Apply This Change']);
}
