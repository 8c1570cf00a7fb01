// Keep the best of each: the files picked from each attempt written at once, all or nothing, through the one land
// (land.ts) that Apply Changes uses. Each attempt's picks are planned as Apply Changes plans its branch (applyPlan.ts:
// against the user's branch, merged where both changed, conflicts named), then every target lands in one go: the
// same refusals, line endings, tool-file question and Undo. Pure Node: no `vscode`.
import * as fsp from 'node:fs/promises';
import * as path from 'node:path';
import * as l10n from '@vscode/l10n';
import type { GitRunner } from '../../git/gitRunner';
import type { Applied, ApplyOptions } from '../land/applyChanges';
import { planApply, type Conflict } from '../land/applyPlan';
import { land, refuseDirty, type Target } from '../land/land';
import { ApplyRefused } from '../land/landErrors';
import { undoFolder } from '../land/undoStore';

/** One attempt's picks: where its branch is (our refs' commits, as its Changes show them) and the paths taken. */
export interface PickSource {
  /** 0-based; the user sees `index + 1`. */
  index: number;
  root: string;
  baseRef: string;
  headRef: string;
  head: string;
  base: string;
  paths: readonly string[];
}

export async function applyPicks(
  git: GitRunner,
  gitPath: string,
  sources: readonly PickSource[],
  options: ApplyOptions,
): Promise<Applied> {
  const root = sources[0]?.root;
  if (root === undefined || sources.some(s => s.root !== root)) throw new RangeError('picks of one repository');
  const tmp = await undoFolder(options.storage);
  try {
    const targets: Target[] = [];
    const conflicts: Conflict[] = [];
    const read: string[] = [];
    const whose = new Map<string, number>();
    const clash: { path: string; why: string }[] = [];
    let files = 0;
    for (const s of sources) {
      if (!s.paths.length) continue;
      // Each plan's merges in a folder of their own: two attempts' merged files never meet.
      const dir = path.join(tmp, String(s.index));
      await fsp.mkdir(dir, { recursive: true });
      const plan = await planApply(
        git,
        gitPath,
        { root, baseRef: s.baseRef, headRef: s.headRef, head: s.head, base: s.base, among: s.paths },
        dir,
      );
      for (const t of plan.targets) {
        const other = whose.get(t.path);
        if (other !== undefined && other !== s.index)
          clash.push({
            path: t.path,
            why: l10n.t('attempts {0} and {1} both write it (a rename)', other + 1, s.index + 1),
          });
        whose.set(t.path, s.index);
      }
      targets.push(...plan.targets);
      conflicts.push(...plan.conflicts);
      read.push(...plan.read);
      files += plan.files;
    }
    if (clash.length) throw new ApplyRefused('unsafe', clash);
    if (targets.length === 0) {
      await refuseDirty(git, root, read, options.ours);
      return { written: [], files: 0, conflicts, tools: [] };
    }
    const landed = await land(git, gitPath, {
      root,
      targets,
      alsoClean: [...new Set(read)],
      ...(options.ours ? { ours: options.ours } : {}),
      ...(options.task ? { task: options.task } : {}),
      storage: options.storage,
      confirmTools: f => (options.confirmTools ? options.confirmTools(f) : Promise.resolve(true)),
    });
    return { written: landed.written, files, conflicts, tools: landed.tools, landed };
  } finally {
    await fsp.rm(tmp, { recursive: true, force: true });
  }
}
