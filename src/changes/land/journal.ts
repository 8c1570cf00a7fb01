// An apply's journal, kept in its folder of copies (`storage/undo/<pid>-…/journal.json`): which task, which paths,
// what each held before (a copy, a link's target, nothing) and what it is to hold (a file of ours in that folder, a
// link, nothing). It is written durably before the first write into the user's tree (`writing`), and once every
// write is made it becomes the apply's Undo record (`done`). A `writing` journal whose process is gone is an apply that
// was cut off: the next start asks the user to put everything back or to finish it (recover.ts); a `done` one is what
// Undo Last Apply takes back after a reload. Small and import-light: activation reads it. Pure Node: no `vscode`.
import * as fsp from 'node:fs/promises';
import * as os from 'node:os';
import * as path from 'node:path';
import type { Step } from './fileState';

export const JOURNAL = 'journal.json';

/** Undo records kept at most (the oldest beyond are dropped). */
export const RECORDS_KEPT = 10;

/** What a path held before the apply, as the journal keeps it (`copy` and `src`: names inside the apply's folder). */
export type Prior =
  { kind: 'absent'; dir?: true } | { kind: 'file'; copy: string; mode: number } | { kind: 'link'; target: string };

/** What a path is to hold once the apply is written. */
export type Planned =
  { kind: 'absent' } | { kind: 'file'; src: string; exec: boolean } | { kind: 'link'; target: string };

export interface JournalEntry {
  rel: string;
  /** The name of the file written beside the path before it is renamed over it (removed by a recovery). */
  tmp: string;
  prior: Prior;
  planned: Planned;
}

/** A step of the apply as Undo needs it, its copies named inside the apply's folder (safeWrite.ts's `Step`). */
export type SavedStep =
  { kind: 'mkdir' | 'rmdir'; rel: string } | { kind: 'put'; rel: string; before: unknown; after: unknown };

export interface Journal {
  v: 1;
  state: 'writing' | 'done';
  /** The process that writes, and when its machine started: both tell whether it is gone. */
  pid: number;
  boot: number;
  at: number;
  taskId: string;
  /** The task named in words (its name and branch), as the messages say it. */
  label: string;
  root: string;
  /** In the order they are written. */
  entries: JournalEntry[];
  /** Folders the writes make that were not there (shallowest first). */
  made: string[];
  /** `done`: what Undo takes back. */
  steps?: SavedStep[];
}

/** A journal and the folder it is in. */
export interface Found {
  dir: string;
  journal: Journal;
}

/** When this machine started, to the minute (a process id of another start may be in use again). */
export function bootTime(): number {
  return Date.now() - os.uptime() * 1000;
}

/** Whether a process of this id runs (one of another user's answers EPERM, and runs too). */
export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The process that wrote the journal has ended (this one never has, on this start of the machine). */
export function writerGone(j: Pick<Journal, 'pid' | 'boot'>): boolean {
  if (Math.abs(bootTime() - j.boot) > 60_000) return true;
  return j.pid !== process.pid && !alive(j.pid);
}

/** Flushes a folder's entries to disk (where a folder can be opened: not on Windows). */
export async function syncDir(dir: string): Promise<void> {
  const h = await fsp.open(dir, 'r').catch(() => undefined);
  if (!h) return;
  try {
    await h.sync();
  } catch {
    // a file system that cannot flush a folder: the files themselves were flushed
  } finally {
    await h.close();
  }
}

/** Flushes a file's bytes to disk. */
export async function syncFile(file: string): Promise<void> {
  const h = await fsp.open(file, 'r+');
  try {
    await h.sync();
  } finally {
    await h.close();
  }
}

/** Flushes files and their folders to disk, a few at a time (one that cannot be opened any more is passed over). */
export async function syncAll(files: readonly string[]): Promise<void> {
  for (let i = 0; i < files.length; i += 32)
    await Promise.all(files.slice(i, i + 32).map(f => syncFile(f).catch(() => undefined)));
  for (const dir of new Set(files.map(f => path.dirname(f)))) await syncDir(dir);
}

/** Writes the journal into `dir` durably: a new file, flushed, renamed over the old one, the folder flushed. */
export async function writeJournal(dir: string, j: Journal): Promise<void> {
  const file = path.join(dir, JOURNAL);
  const tmp = `${file}.tmp`;
  const h = await fsp.open(tmp, 'w');
  try {
    await h.writeFile(JSON.stringify(j));
    await h.sync();
  } finally {
    await h.close();
  }
  await fsp.rename(tmp, file);
  await syncDir(dir);
}

const isJournal = (x: unknown): x is Journal => {
  const j = x as Partial<Journal> | undefined;
  return (
    j?.v === 1 &&
    (j.state === 'writing' || j.state === 'done') &&
    typeof j.pid === 'number' &&
    typeof j.root === 'string' &&
    Array.isArray(j.entries) &&
    Array.isArray(j.made)
  );
};

/** The journal in `dir`; undefined when there is none (or it is not one of ours). */
export async function readJournal(dir: string): Promise<Journal | undefined> {
  try {
    const j = JSON.parse(await fsp.readFile(path.join(dir, JOURNAL), 'utf8')) as unknown;
    return isJournal(j) ? j : undefined;
  } catch {
    return undefined;
  }
}

/** Every journal under `storage/undo/`, oldest first. */
export async function journals(storage: string): Promise<Found[]> {
  const base = path.join(storage, 'undo');
  const found: Found[] = [];
  for (const name of await fsp.readdir(base).catch(() => [] as string[])) {
    const dir = path.join(base, name);
    const journal = await readJournal(dir);
    if (journal) found.push({ dir, journal });
  }
  return found.sort((a, b) => a.journal.at - b.journal.at);
}

/** Applies that were cut off: journals still `writing` whose process is gone. */
export async function interrupted(storage: string): Promise<Found[]> {
  return (await journals(storage)).filter(f => f.journal.state === 'writing' && writerGone(f.journal));
}

/** What a start finds in the storage folder: applies cut off, and Undo records of windows gone. */
export async function pending(storage: string): Promise<{ interrupted: number; undo: number }> {
  const all = (await journals(storage)).filter(f => writerGone(f.journal));
  return {
    interrupted: all.filter(f => f.journal.state === 'writing').length,
    undo: all.filter(f => f.journal.state === 'done').length,
  };
}

/** Drops what only the writes needed (the planned files, the files kept by a recovery's own writes). */
export async function dropPlanned(dir: string): Promise<void> {
  for (const sub of ['stage', 'planned', 'finish', 'back'])
    await fsp.rm(path.join(dir, sub), { recursive: true, force: true });
}

/** Undo's steps with their copies named inside the apply's folder. */
export function saveSteps(steps: readonly Step[], dir: string): SavedStep[] {
  return steps.map(s =>
    s.kind === 'put' && s.before.kind === 'file'
      ? { ...s, before: { ...s.before, copy: path.relative(dir, s.before.copy) } }
      : s,
  );
}
