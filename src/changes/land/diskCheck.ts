// What is on disk where an apply will write, looked at before anything is written: a link or a file on the way to a
// path, a folder the change replaces with a file while it still holds files of the user's, a file git does not track
// where the change puts one. The writes check the folders again at the moment they are made (safeWrite). Pure Node:
// no `vscode`.
import * as fsp from 'node:fs/promises';
import * as path from 'node:path';
import * as l10n from '@vscode/l10n';
import type { PathProblem } from './landErrors';
import { parentsOf } from './pathRules';

export interface DiskTarget {
  path: string;
  /** True when the change removes the path (nothing is written there). */
  removes: boolean;
  /** Whether git tracks a file at the path in the user's branch (what the plan read). */
  tracked: boolean;
}

const MAX_LISTED = 20;
const lstat = (abs: string) => fsp.lstat(abs).catch(() => undefined);

/** The files under a folder (links not followed), as paths relative to the root; at most `max`. */
async function filesUnder(root: string, rel: string, max: number): Promise<string[]> {
  const out: string[] = [];
  const walk = async (dir: string): Promise<void> => {
    for (const e of await fsp.readdir(path.join(root, ...dir.split('/')), { withFileTypes: true })) {
      if (out.length >= max) return;
      const child = `${dir}/${e.name}`;
      if (e.isDirectory()) await walk(child);
      else out.push(child);
    }
  };
  await walk(rel);
  return out;
}

export async function diskProblems(
  root: string,
  targets: readonly DiskTarget[],
): Promise<{ unsafe: PathProblem[]; untracked: PathProblem[] }> {
  const unsafe: PathProblem[] = [];
  const untracked: PathProblem[] = [];
  const removed = new Set(targets.filter(t => t.removes).map(t => t.path));
  const abs = (rel: string) => path.join(root, ...rel.split('/'));
  for (const t of targets) {
    const st = await lstat(abs(t.path));
    if (t.removes) {
      if (st?.isDirectory()) untracked.push({ path: t.path, why: l10n.t('a folder is where the task removes a file') });
      continue;
    }
    for (const q of parentsOf(t.path)) {
      const up = await lstat(abs(q));
      if (!up || removed.has(q)) break;
      if (up.isSymbolicLink()) {
        unsafe.push({ path: t.path, why: l10n.t('{0} is a symbolic link', q) });
        break;
      }
      if (!up.isDirectory()) {
        untracked.push({ path: q, why: l10n.t('a file of yours is where the task needs a folder') });
        break;
      }
    }
    if (st?.isDirectory()) {
      const left = (await filesUnder(root, t.path, MAX_LISTED + removed.size)).filter(f => !removed.has(f));
      for (const f of left.slice(0, MAX_LISTED))
        untracked.push({ path: f, why: l10n.t('inside {0}, which the task replaces with a file', t.path) });
    } else if (st && !t.tracked && !removed.has(t.path))
      untracked.push({ path: t.path, why: l10n.t('a file git does not track is there') });
  }
  return { unsafe, untracked };
}
