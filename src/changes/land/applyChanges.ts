// Apply Changes: the agent's changes (`base...head`) written into the user's working tree as uncommitted changes —
// planned against the user's branch (applyPlan.ts), then written all or nothing through the one land (land.ts). It
// never runs a git command that writes the index, a branch or the stash. Pure Node: no `vscode`.
import * as fsp from 'node:fs/promises';
import type { GitRunner } from '../../git/gitRunner';
import { planApply, type Conflict, type PlanSource } from './applyPlan';
import { land, refuseDirty, type Landed } from './land';
import type { ToolFile } from './toolFiles';
import { undoFolder } from './undoStore';

export { ApplyFailed, ApplyRefused } from './landErrors';
export { undoLanded as undoApply, type Undone } from './land';
export type { Conflict } from './applyPlan';

export type ApplySource = PlanSource;

export interface ApplyOptions {
  /** The extension's storage folder (Undo's copies, the merges' files). */
  storage: string;
  /** Asked once before writing files that configure tools; false writes nothing. */
  confirmTools?(files: readonly ToolFile[]): Promise<boolean>;
  /** Paths whose uncommitted edit an earlier apply of ours left (path → SHA-256 of its bytes): not refused. */
  ours?: ReadonlyMap<string, string>;
  /** The task, as the apply's journal names it. */
  task?: { id: string; label: string };
}

/** What an apply did: enough to say it in one line and to undo it. */
export interface Applied {
  /** Paths written or removed. */
  written: string[];
  /** How many of the branch's changed files were written (a rename is one), as the Changes count them. */
  files: number;
  /** Files left with conflict markers, or left as they were because they could not be merged. */
  conflicts: Conflict[];
  /** Files that configure tools among those written. */
  tools: ToolFile[];
  /** What Undo needs; undefined when nothing was written. */
  landed?: Landed;
}

export async function applyChanges(
  git: GitRunner,
  gitPath: string,
  src: ApplySource,
  options: ApplyOptions,
): Promise<Applied> {
  // The merges' files, in a folder of this window's (a window that crashed has its folders cleared by the next).
  const tmp = await undoFolder(options.storage);
  try {
    const plan = await planApply(git, gitPath, src, tmp);
    if (plan.targets.length === 0) {
      await refuseDirty(git, src.root, plan.read, options.ours);
      return { written: [], files: 0, conflicts: plan.conflicts, tools: [] };
    }
    const landed = await land(git, gitPath, {
      root: src.root,
      targets: plan.targets,
      tree: src.headRef,
      alsoClean: plan.read,
      ...(options.ours ? { ours: options.ours } : {}),
      ...(options.task ? { task: options.task } : {}),
      storage: options.storage,
      confirmTools: files => (options.confirmTools ? options.confirmTools(files) : Promise.resolve(true)),
    });
    return { written: landed.written, files: plan.files, conflicts: plan.conflicts, tools: landed.tools, landed };
  } finally {
    await fsp.rm(tmp, { recursive: true, force: true });
  }
}
