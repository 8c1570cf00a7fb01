// Where Undo keeps its copies: a folder per apply under the extension's storage, named after the window's process so
// that a window only ever clears away folders whose window is gone — and never one that holds an apply cut off
// (journal.ts), waiting for the user to choose, nor one of the newest Undo records, kept across reloads. Pure Node: no
// `vscode`.
import * as fs from 'node:fs';
import * as fsp from 'node:fs/promises';
import * as path from 'node:path';
import { RECORDS_KEPT, alive, readJournal } from './journal';

let made = 0;
const swept = new Set<string>();

/**
 * Removes the folders of windows that are gone (once per storage folder and process), but an apply cut off and the
 * newest Undo records.
 */
async function sweep(base: string): Promise<void> {
  if (swept.has(base)) return;
  swept.add(base);
  const records: { dir: string; at: number }[] = [];
  for (const name of await fsp.readdir(base).catch(() => [] as string[])) {
    const pid = Number(/^(\d+)-/.exec(name)?.[1]);
    if (!pid || pid === process.pid || alive(pid)) continue;
    const dir = path.join(base, name);
    const journal = await readJournal(dir);
    if (journal?.state === 'done') records.push({ dir, at: journal.at });
    else if (!journal) await fsp.rm(dir, { recursive: true, force: true });
  }
  records.sort((a, b) => b.at - a.at);
  for (const old of records.slice(RECORDS_KEPT)) await fsp.rm(old.dir, { recursive: true, force: true });
}

/** A new, empty folder for one apply's copies, under `storage/undo/`. */
export async function undoFolder(storage: string): Promise<string> {
  const base = path.join(storage, 'undo');
  await fsp.mkdir(base, { recursive: true });
  await sweep(base);
  const dir = path.join(base, `${process.pid}-${Date.now()}-${++made}`);
  await fsp.mkdir(dir);
  return dir;
}

/** Drops an apply's copies once Undo can no longer use them. */
export function dropUndoFolder(dir: string): void {
  fs.rm(dir, { recursive: true, force: true }, () => undefined);
}
