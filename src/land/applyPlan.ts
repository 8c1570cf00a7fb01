// Writes a planned set of files into the user's working tree with Apply Changes' rules: every path checked to stay
// inside the repository, nothing written when a file has uncommitted edits (other than what an apply of ours left
// there) or changed since it was planned, each file's state before kept for Undo. What Apply This Change hands its one
// file to. Pure Node: no `vscode`.
import type { GitRunner } from '../changes/gitRunner';
import { ApplyRefused, type Applied } from './applyChanges';
import { dirtyPaths, insideRoot, readState, sameState, writeState, type FileState } from './workTree';

export interface PlannedFile {
  /** The path in the repository, as git spells it. */
  readonly path: string;
  /** What the file is to be. */
  readonly target: FileState;
  /** The file as it was read when the target was worked out from it: refused when it is not so any more. */
  readonly basis: FileState;
}

export async function applyPlan(
  git: GitRunner,
  root: string,
  files: readonly PlannedFile[],
  /** What an apply of ours left at a path: a file that is "dirty" only with that is not the user's edit. */
  ours: (path: string) => FileState | undefined = () => undefined,
): Promise<Applied> {
  const abs = new Map<string, string>();
  const unsafe: string[] = [];
  for (const f of files) {
    const a = await insideRoot(root, f.path);
    if (a) abs.set(f.path, a);
    else unsafe.push(f.path);
  }
  if (unsafe.length) throw new ApplyRefused(unsafe, 'unsafe');
  const dirty = await dirtyPaths(git, root);
  const before = new Map<string, FileState>();
  const busy: string[] = [];
  for (const f of files) {
    const now = await readState(abs.get(f.path)!);
    before.set(f.path, now);
    const left = ours(f.path);
    const mine = left !== undefined && sameState(now, left);
    if ((dirty.has(f.path) && !mine) || !sameState(now, f.basis)) busy.push(f.path);
  }
  if (busy.length) throw new ApplyRefused(busy, 'uncommitted');
  const after = new Map<string, FileState>();
  for (const f of files) {
    await writeState(abs.get(f.path)!, f.target);
    after.set(f.path, f.target);
  }
  return { written: files.map(f => f.path), conflicts: [], before, after };
}
