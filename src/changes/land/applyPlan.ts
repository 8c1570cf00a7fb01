// What Apply Changes is to write: the agent's changes (`base...head`, as a pull request counts them, renames found)
// set against the user's branch by blob, as git compares files: where the user's branch still has the merge base's
// version the head's is written, where it already has the head's nothing is, where both changed a text file the
// three are merged (in working-tree form, so the user's line endings and filters hold), and the rest is named as a
// conflict and left as it is. Nothing here writes the working tree. Pure Node: no `vscode`.
import * as fsp from 'node:fs/promises';
import * as path from 'node:path';
import * as l10n from '@vscode/l10n';
import { isGitError, type GitRunner } from '../../git/gitRunner';
import { eachRecord, readAll } from './gitStream';
import { ApplyRefused } from './landErrors';
import type { Side, Target } from './land';
import { mergeFile } from './mergeFile';
import { MODE_GITLINK, pathProblem } from './pathRules';
import { attributesOf, stage } from './stage';

export interface Conflict {
  path: string;
  why: string;
}

/** One change of `git diff --raw -M`: the two sides (undefined where the file does not exist). */
export interface RawChange {
  status: string;
  path: string;
  from?: string;
  old?: Side;
  new?: Side;
}

const ZERO = /^0+$/;
const side = (mode: string, blob: string): Side | undefined =>
  ZERO.test(mode) || ZERO.test(blob) ? undefined : { mode, blob };

/** Reads `git diff --raw -z` records as they come: `:<modes> <blobs> <status>`, then one path or two. */
export class RawReader {
  readonly changes: RawChange[] = [];
  private head: string[] | undefined;
  private paths: string[] = [];

  record(r: string): void {
    if (this.head === undefined) {
      const m = /^:(\d+) (\d+) ([0-9a-f]+) ([0-9a-f]+) ([A-Z])/.exec(r);
      if (m) this.head = m.slice(1);
      return;
    }
    this.paths.push(r);
    const [oldMode, newMode, oldBlob, newBlob, status] = this.head;
    if ((status === 'R' || status === 'C') && this.paths.length < 2) return;
    const [a, b] = this.paths;
    const c: RawChange =
      status === 'R' ? { status, path: b, from: a } : status === 'C' ? { status: 'A', path: b } : { status, path: a };
    const o = status === 'C' ? undefined : side(oldMode, oldBlob);
    const n = side(newMode, newBlob);
    this.changes.push({ ...c, ...(o ? { old: o } : {}), ...(n ? { new: n } : {}) });
    this.head = undefined;
    this.paths = [];
  }
}

export interface PlanSource {
  root: string;
  baseRef: string;
  headRef: string;
  /** Only this file of the change (its path on the head side, or where it was renamed from). */
  only?: string;
  /** Only these files of the change, by their path on the head side (Keep the best of each). */
  among?: readonly string[];
  /** Branch names, for words. */
  head?: string;
  base?: string;
}

export interface Plan {
  targets: Target[];
  conflicts: Conflict[];
  /** Paths the plan read, that must stay without uncommitted edits. */
  read: string[];
  /** How many changes of the branch are written (a rename is one). */
  files: number;
}

async function rawDiff(gitPath: string, root: string, args: string[]): Promise<RawChange[]> {
  const reader = new RawReader();
  const common = ['diff', '--raw', '-z', '--no-abbrev', '--no-ext-diff', '--no-textconv', '--no-color'];
  await eachRecord({ git: gitPath, cwd: root, args: [...common, ...args, '--'] }, r => reader.record(r));
  return reader.changes;
}

const same = (a: Side | undefined, b: Side | undefined): boolean =>
  a === undefined || b === undefined ? a === b : a.mode === b.mode && a.blob === b.blob;
const isFile = (s: Side | undefined): s is Side => s !== undefined && /^100/.test(s.mode);

interface MergeJob {
  path: string;
  /** Where the user's file is read from (the rename's source, or the path). */
  ours: string;
  base: Side;
  head: Side;
}

export async function planApply(git: GitRunner, gitPath: string, src: PlanSource, tmp: string): Promise<Plan> {
  const { root } = src;
  const mergeBase = (
    await git.run({ cwd: root, args: ['merge-base', src.baseRef, src.headRef] }).catch((e: unknown) => {
      if (isGitError(e) && e.code === 1 && !e.stderr)
        throw new ApplyRefused('unrelated', [], { head: src.head ?? src.headRef, base: src.base ?? src.baseRef });
      throw e;
    })
  ).trim();
  let changes = await rawDiff(gitPath, root, ['-M', mergeBase, src.headRef]);
  if (src.only !== undefined) changes = changes.filter(c => c.path === src.only || c.from === src.only);
  const among = src.among && new Set(src.among);
  if (among) changes = changes.filter(c => among.has(c.path));
  const mine = new Map<string, Side | undefined>();
  for (const c of await rawDiff(gitPath, root, ['--no-renames', mergeBase, 'HEAD'])) mine.set(c.path, c.new);
  const ours = (p: string, base: Side | undefined) => (mine.has(p) ? mine.get(p) : base);
  // Nothing is read at a path that could lead out of the repository (the writes check every rule again).
  const unsafe = changes.flatMap(c =>
    [c.from, c.path].flatMap(p => {
      const why = p === undefined ? undefined : pathProblem(p, '100644', false);
      return why ? [{ path: p!, why }] : [];
    }),
  );
  if (unsafe.length) throw new ApplyRefused('unsafe', unsafe);

  const targets: Target[] = [];
  const conflicts: Conflict[] = [];
  const jobs: MergeJob[] = [];
  const read: string[] = [];
  let files = 0;
  for (const c of changes) {
    const from = c.from ?? c.path;
    read.push(from, c.path);
    if (c.old?.mode === MODE_GITLINK || c.new?.mode === MODE_GITLINK) {
      conflicts.push({ path: c.path, why: l10n.t('a submodule: update it with git') });
      continue;
    }
    const atSource = ours(from, c.old);
    const atPath = c.from !== undefined ? ours(c.path, undefined) : atSource;
    const before = targets.length;
    if (c.from !== undefined) {
      if (atPath !== undefined) {
        if (!same(atPath, c.new)) conflicts.push({ path: c.path, why: l10n.t('a file is already there') });
        continue;
      }
      if (atSource === undefined) {
        conflicts.push({ path: c.path, why: l10n.t('the task changes it; your branch deleted it') });
        continue;
      }
      if (same(atSource, c.old) || same(atSource, c.new)) {
        targets.push({ path: from, want: { kind: 'absent' }, was: atSource });
        targets.push({ path: c.path, want: { kind: 'blob', ...c.new! } });
      } else if (isFile(atSource) && isFile(c.old) && isFile(c.new)) {
        targets.push({ path: from, want: { kind: 'absent' }, was: atSource });
        jobs.push({ path: c.path, ours: from, base: c.old, head: c.new });
      } else conflicts.push({ path: c.path, why: l10n.t('binary, changed on both sides: left as yours') });
    } else if (same(atSource, c.new)) {
      // Already as the task has it.
    } else if (same(atSource, c.old)) {
      const was = atSource ? { was: atSource } : {};
      targets.push({ path: c.path, want: c.new ? { kind: 'blob', ...c.new } : { kind: 'absent' }, ...was });
    } else if (c.new === undefined) {
      conflicts.push({ path: c.path, why: l10n.t('the task deletes it; your branch changed it') });
    } else if (atSource === undefined && c.old !== undefined) {
      conflicts.push({ path: c.path, why: l10n.t('the task changes it; your branch deleted it') });
    } else if (isFile(atSource) && isFile(c.new) && (c.old === undefined || isFile(c.old))) {
      jobs.push({ path: c.path, ours: c.path, base: c.old ?? { mode: c.new.mode, blob: '' }, head: c.new });
    } else conflicts.push({ path: c.path, why: l10n.t('binary, changed on both sides: left as yours') });
    if (targets.length > before) files++;
  }
  files += await merge(gitPath, root, tmp, jobs, mine, targets, conflicts);
  return { targets, conflicts, read: [...new Set(read)], files };
}

/** Merges each job three ways in working-tree form; its result becomes a target, a binary file a conflict. */
async function merge(
  gitPath: string,
  root: string,
  tmp: string,
  jobs: MergeJob[],
  mine: Map<string, Side | undefined>,
  targets: Target[],
  conflicts: Conflict[],
): Promise<number> {
  if (jobs.length === 0) return 0;
  const gitDir = path.resolve(
    root,
    (await readGit(gitPath, root, ['rev-parse', '--absolute-git-dir'])).toString('utf8').trim(),
  );
  // The user's own attributes, as a checkout of their branch applies them: the tool-file question about a
  // `.gitattributes` of the branch comes later, and no filter it alone names may run before it.
  const attributes = await attributesOf({ git: gitPath, cwd: root }, 'HEAD');
  const run = { git: gitPath, cwd: root, gitDir };
  const withBase = jobs.filter(j => j.base.blob !== '');
  const bases = await stage(
    run,
    path.join(tmp, 'base'),
    withBase.map(j => ({ path: j.path, ...j.base })),
    attributes,
  );
  const heads = await stage(
    run,
    path.join(tmp, 'head'),
    jobs.map(j => ({ path: j.path, ...j.head })),
    attributes,
  );
  let n = 0;
  for (const [i, j] of jobs.entries()) {
    const result = path.join(tmp, `merged-${i}`);
    await fsp.copyFile(path.join(root, ...j.ours.split('/')), result);
    const base = j.base.blob !== '' ? bases(j.path) : path.join(tmp, 'empty');
    if (j.base.blob === '') await fsp.writeFile(base, '');
    const merged = await mergeFile(gitPath, result, base, heads(j.path));
    if (merged === 'binary') {
      conflicts.push({ path: j.path, why: l10n.t('binary, changed on both sides: left as yours') });
      continue;
    }
    const was = mine.has(j.ours) ? mine.get(j.ours) : j.base.blob !== '' ? j.base : undefined;
    targets.push({
      path: j.path,
      want: { kind: 'file', file: result, exec: j.head.mode === '100755' },
      ...(j.ours === j.path && was ? { was } : {}),
    });
    n++;
    if (merged > 0) conflicts.push({ path: j.path, why: l10n.t('conflict markers') });
  }
  return n;
}

const readGit = (git: string, cwd: string, args: string[]): Promise<Buffer> => readAll({ git, cwd, args });
