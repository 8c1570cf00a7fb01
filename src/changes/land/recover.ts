// An apply that was cut off (its journal still `writing`, its process gone), taken to one end or the other as the
// user chooses: every path put back as it was (a copy's bytes and mode, a link, nothing where nothing was), or every
// path written as planned. A path that holds neither what it held nor what was planned was changed since: it is left
// as it is, and named. Finishing leaves an Undo record, as a finished apply does. Pure Node: no `vscode`.
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import * as fsp from 'node:fs/promises';
import * as path from 'node:path';
import type { Landed } from './land';
import {
  dropPlanned,
  saveSteps,
  writeJournal,
  type Found,
  type JournalEntry,
  type Planned,
  type Prior,
} from './journal';
import { Writer, stateAt, type Before, type Step } from './safeWrite';

export interface Recovered {
  /** Paths that now hold what was chosen. */
  done: string[];
  /** Paths changed since the apply was cut off: left as they are. */
  left: string[];
  /** Finishing: what Undo needs to take the apply back. */
  landed?: Landed;
}

type Now =
  | { kind: 'absent' }
  | { kind: 'file'; hash: string; mode: number }
  | { kind: 'link'; target: string }
  | { kind: 'other' };

async function hashOf(file: string): Promise<string | undefined> {
  try {
    const h = createHash('sha256');
    for await (const chunk of createReadStream(file)) h.update(chunk as Buffer);
    return h.digest('hex');
  } catch {
    return undefined;
  }
}

async function nowAt(abs: string): Promise<Now> {
  const st = await fsp.lstat(abs).catch(() => undefined);
  if (!st) return { kind: 'absent' };
  if (st.isSymbolicLink()) return { kind: 'link', target: await fsp.readlink(abs) };
  if (st.isDirectory()) return (await fsp.readdir(abs)).length ? { kind: 'other' } : { kind: 'absent' };
  if (!st.isFile()) return { kind: 'other' };
  return { kind: 'file', hash: (await hashOf(abs)) ?? '', mode: st.mode & 0o777 };
}

/** What is at a path now is exactly `want` (bytes and mode; a planned file by its exec bit, as git writes it). */
async function holds(now: Now, want: Prior | Planned, dir: string): Promise<boolean> {
  if (want.kind === 'absent' || want.kind === 'link')
    return now.kind === want.kind && (want.kind === 'absent' || (now.kind === 'link' && now.target === want.target));
  if (now.kind !== 'file') return false;
  if ('copy' in want) return now.mode === want.mode && now.hash === (await hashOf(path.join(dir, want.copy)));
  return ((now.mode & 0o100) !== 0) === want.exec && now.hash === (await hashOf(path.join(dir, want.src)));
}

function beforeOf(p: Prior, dir: string): Before {
  return p.kind === 'file'
    ? { kind: 'file', copy: path.join(dir, p.copy), mode: p.mode }
    : p.kind === 'link'
      ? p
      : { kind: 'absent' };
}

const absOf = (root: string, rel: string) => path.join(root, ...rel.split('/'));

/** Removes the file a write left beside the path when it was cut off. */
const dropTmp = (root: string, e: JournalEntry) =>
  fsp.rm(path.join(path.dirname(absOf(root, e.rel)), e.tmp), { force: true });

async function writerFor(f: Found, sub: string): Promise<Writer> {
  const tmps = new Map(f.journal.entries.map(e => [e.rel, e.tmp]));
  return Writer.open(f.journal.root, path.join(f.dir, sub), rel => tmps.get(rel));
}

/** Puts every path of the cut-off apply back as it was, then drops its folder. */
export async function putBack(f: Found): Promise<Recovered> {
  const { root, entries, made } = f.journal;
  const w = await writerFor(f, 'back');
  const done: string[] = [];
  const left: string[] = [];
  for (const e of [...entries].reverse()) {
    await dropTmp(root, e);
    const abs = absOf(root, e.rel);
    const now = await nowAt(abs);
    if (!(await holds(now, e.prior, f.dir))) {
      if (!(await holds(now, e.planned, f.dir))) {
        left.push(e.rel);
        continue;
      }
      await w.restore(e.rel, beforeOf(e.prior, f.dir));
    }
    if (e.prior.kind === 'absent' && e.prior.dir) await fsp.mkdir(abs).catch(() => undefined);
    done.push(e.rel);
  }
  for (const d of [...made].reverse()) await fsp.rmdir(absOf(root, d)).catch(() => undefined);
  await fsp.rm(f.dir, { recursive: true, force: true });
  return { done: done.sort(), left: left.sort() };
}

/** Writes every path of the cut-off apply as planned; its journal becomes the apply's Undo record. */
export async function finish(f: Found): Promise<Recovered> {
  const { root, entries, made } = f.journal;
  const w = await writerFor(f, 'finish');
  const done: string[] = [];
  const left: string[] = [];
  const steps: Step[] = made.map(rel => ({ kind: 'mkdir', rel }));
  for (const e of entries) {
    await dropTmp(root, e);
    const abs = absOf(root, e.rel);
    const now = await nowAt(abs);
    if (!(await holds(now, e.planned, f.dir))) {
      if (!(await holds(now, e.prior, f.dir))) {
        left.push(e.rel);
        continue;
      }
      const p = e.planned;
      if (p.kind === 'absent') await w.remove(e.rel);
      else if (p.kind === 'link') await w.putLink(e.rel, p.target);
      else await w.putFile(e.rel, path.join(f.dir, p.src), p.exec);
    }
    steps.push({ kind: 'put', rel: e.rel, before: beforeOf(e.prior, f.dir), after: await stateAt(abs) });
    done.push(e.rel);
  }
  const journal = { ...f.journal, state: 'done' as const, steps: saveSteps(steps, f.dir) };
  await writeJournal(f.dir, journal);
  await dropPlanned(f.dir);
  return { done: done.sort(), left: left.sort(), landed: landedOf({ dir: f.dir, journal }) };
}

/** A `done` journal as the Landed that Undo takes back. */
export function landedOf(f: Found): Landed {
  const steps = (f.journal.steps ?? []).map(s => {
    const step = s as Step;
    return step.kind === 'put' && step.before.kind === 'file'
      ? { ...step, before: { ...step.before, copy: path.join(f.dir, step.before.copy) } }
      : step;
  });
  return {
    root: f.journal.root,
    written: f.journal.entries.map(e => e.rel),
    tools: [],
    steps,
    copies: f.dir,
  };
}
