// What a path holds, in the terms the writes and Undo keep: what was there before a step (a copy, a link, nothing),
// and what a step left (a file known by its size, time and inode, a link, nothing). Pure Node: no `vscode`.
import type * as fs from 'node:fs';
import * as fsp from 'node:fs/promises';

/** What a path held before a step: Undo's copy of a file, a link's target, or nothing. */
export type Before =
  | { kind: 'absent' }
  /** `was`: the file that was copied, as it was found (an earlier apply's Undo knows its own file by it). */
  | { kind: 'file'; copy: string; mode: number; was?: After }
  | { kind: 'link'; target: string };
/**
 * What a step left at a path: nothing, a link, or a file known by its size, time and inode as git knows its files
 * (an edit made since changes one of them), so that no file is read again to tell.
 */
export type After =
  | { kind: 'absent' }
  | { kind: 'file'; size: number; mtimeMs: number; ino: number; exec: boolean }
  | { kind: 'link'; target: string };

export type Step =
  | { kind: 'mkdir'; rel: string }
  | { kind: 'rmdir'; rel: string }
  | { kind: 'put'; rel: string; before: Before; after: After };

export const lstat = (abs: string) => fsp.lstat(abs).catch(() => undefined);

export const fileAfter = (st: fs.Stats): After => ({
  kind: 'file',
  size: st.size,
  mtimeMs: st.mtimeMs,
  ino: st.ino,
  exec: (st.mode & 0o100) !== 0,
});

/** What is at `abs` now, in the terms of `After`. */
export async function stateAt(abs: string): Promise<After> {
  const st = await lstat(abs);
  if (!st) return { kind: 'absent' };
  if (st.isSymbolicLink()) return { kind: 'link', target: await fsp.readlink(abs) };
  // An empty folder holds nothing git knows of: it is where a folder of the apply's was emptied.
  if (st.isDirectory() && (await fsp.readdir(abs)).length === 0) return { kind: 'absent' };
  if (!st.isFile()) return { kind: 'link', target: '\0not a file' };
  return fileAfter(st);
}

export function sameAfter(a: After, b: After): boolean {
  if (a.kind === 'file' && b.kind === 'file')
    return a.size === b.size && a.mtimeMs === b.mtimeMs && a.ino === b.ino && a.exec === b.exec;
  if (a.kind === 'link' && b.kind === 'link') return a.target === b.target;
  return a.kind === 'absent' && b.kind === 'absent';
}
