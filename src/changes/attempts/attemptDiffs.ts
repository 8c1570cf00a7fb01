// The diff editors of a comparison: one file of two attempts (the first on the left, the second on the right), one
// attempt's change against the base (its Changes' own diff: comments and Apply This Change work there as ever), and
// every file of two attempts in the multi-file diff. Each side is the blob git holds (changeUris.ts): read-only.
import * as vscode from 'vscode';
import type { ChangesView } from '../../model/changesView';
import { forLabel } from '../../safety/serviceText';
import { sideUri } from '../changeUris';
import { openDiff } from '../changesCommands';
import { openMultiDiff, type Resource } from '../multiDiff';
import type { FileAcross } from './compareFiles';
import type { Comparison } from './comparison';

export type Ready = Extract<ChangesView, { kind: 'ready' }>;

export function readyOf(c: Comparison, index: number): Ready | undefined {
  const a = c.attempts[index];
  return a?.kind === 'ready' ? a.view : undefined;
}

/** One attempt's side of a path: its blob there (its change's, or the base's where it changed nothing). */
function sideOf(c: Comparison, file: FileAcross, index: number): vscode.Uri | undefined {
  const v = readyOf(c, index);
  if (!v) return undefined;
  const own = file.changes.get(index);
  const any = [...file.changes.values()][0];
  // Where this attempt left the file alone, it holds what the base holds (another attempt's old side of it).
  const blob = own ? own.newBlob : any?.kind === 'added' ? undefined : any?.oldBlob;
  return sideUri(file.path, { root: v.root, ...(blob ? { blob } : {}), rev: v.headSha });
}

export async function openTwoAttempts(c: Comparison, file: FileAcross, a: number, b: number): Promise<void> {
  const left = sideOf(c, file, a);
  const right = sideOf(c, file, b);
  if (!left || !right) return;
  const title = forLabel(vscode.l10n.t('{0} (attempt {1} ↔ attempt {2})', file.path, a + 1, b + 1), 200);
  await vscode.commands.executeCommand('vscode.diff', left, right, title, { preview: true });
}

export async function openBaseDiff(c: Comparison, path: string, index: number): Promise<void> {
  const v = readyOf(c, index);
  const taskId = c.attempts[index]?.taskId;
  const f = v?.files.find(x => x.path === path);
  if (v && f && taskId) await openDiff(f, v, taskId);
}

/** Every path either attempt changed, attempt `a`'s version on the left and `b`'s on the right. */
export async function openAttemptsDiff(c: Comparison, a: number, b: number): Promise<Resource[]> {
  const resources: Resource[] = [];
  for (const file of c.files) {
    if (!file.changes.has(a) && !file.changes.has(b)) continue;
    const left = sideOf(c, file, a);
    const right = sideOf(c, file, b);
    if (!left || !right) continue;
    const has = (u: vscode.Uri) => (JSON.parse(u.query) as { blob?: string }).blob !== undefined;
    resources.push([has(right) ? right : left, has(left) ? left : undefined, has(right) ? right : undefined]);
  }
  const title = vscode.l10n.t('{0}: attempt {1} ↔ attempt {2}', forLabel(c.set.name, 80), a + 1, b + 1);
  await openMultiDiff(title, resources);
  return resources;
}
