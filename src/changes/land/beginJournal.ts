// The journal of an apply, written before its first write (journal.ts): what each path holds is looked at and copied
// (flushed to disk), then the journal is written durably. Pure Node: no `vscode`.
import * as fsp from 'node:fs/promises';
import * as path from 'node:path';
import { bootTime, syncDir, writeJournal, type Journal, type JournalEntry, type Planned, type Prior } from './journal';
import type { Writer } from './safeWrite';

/**
 * Copies what each path holds (flushed to disk) and writes the journal durably, before the first write: an apply cut
 * off from here on can be put back or finished by the next start.
 */
export async function begin(
  w: Writer,
  r: { root: string; task?: { id: string; label: string } },
  copies: string,
  order: readonly { path: string }[],
  planned: readonly Planned[],
  tmps: ReadonlyMap<string, string>,
): Promise<Journal> {
  const entries: JournalEntry[] = [];
  const made = new Set<string>();
  for (const [i, t] of order.entries()) {
    const seen = await w.look(t.path);
    const b = seen.before;
    const prior: Prior =
      b.kind === 'file'
        ? { kind: 'file', copy: path.relative(copies, b.copy), mode: b.mode }
        : b.kind === 'link'
          ? b
          : seen.dir
            ? { kind: 'absent', dir: true }
            : { kind: 'absent' };
    entries.push({ rel: t.path, tmp: tmps.get(t.path)!, prior, planned: planned[i] });
    if (planned[i].kind !== 'absent') for (const d of await missingFolders(r.root, t.path)) made.add(d);
  }
  await syncDir(copies);
  const journal: Journal = {
    v: 1,
    state: 'writing',
    pid: process.pid,
    boot: bootTime(),
    at: Date.now(),
    taskId: r.task?.id ?? '',
    label: r.task?.label ?? '',
    root: r.root,
    entries,
    made: [...made].sort((a, b) => a.split('/').length - b.split('/').length),
  };
  await writeJournal(copies, journal);
  return journal;
}

/** The folders on the way to `rel` that are not there now. */
async function missingFolders(root: string, rel: string): Promise<string[]> {
  const parts = rel.split('/');
  const out: string[] = [];
  for (let i = 1; i < parts.length; i++) {
    const here = parts.slice(0, i).join('/');
    if (!(await fsp.lstat(path.join(root, ...parts.slice(0, i))).catch(() => undefined))) out.push(here);
  }
  return out;
}
