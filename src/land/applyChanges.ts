// Apply Changes: the agent's changes (`base...head`, as a pull request counts them) written into the user's working
// tree as uncommitted changes, file by file, with a three-way merge where a file moved on since the merge base. It
// refuses up front, writing nothing, when a file the change touches has uncommitted edits; it never runs a git
// command that writes the index, a branch or the stash. Pure Node: no `vscode`.
import * as fsp from 'node:fs/promises';
import * as os from 'node:os';
import * as path from 'node:path';
import type { GitRunner } from '../changes/gitRunner';
import { mergeFile } from './mergeFile';
import { dirtyPaths, insideRoot, readState, sameState, writeState, type FileState } from './workTree';
import * as l10n from '@vscode/l10n';

export interface ApplySource {
  /** The local repository's root. */
  root: string;
  /** Our fetched refs of the task (`refs/agent-tasks/<id>/base` and `…/head`). */
  baseRef: string;
  headRef: string;
  /** Only this file of the change (its path on the head side, or where it was renamed from). */
  only?: string;
}

export interface Conflict {
  path: string;
  why: string;
}

/** What an apply did: enough to say it in one line and to undo it. */
export interface Applied {
  /** Paths written or removed. */
  written: string[];
  /** Files left with conflict markers, or left as they were because they could not be merged. */
  conflicts: Conflict[];
  /** Each touched path as it was before, and as it was left. */
  readonly before: ReadonlyMap<string, FileState>;
  readonly after: ReadonlyMap<string, FileState>;
}

/** Refused before anything was written: these files have uncommitted edits (or cannot be written safely). */
export class ApplyRefused extends Error {
  constructor(
    readonly paths: string[],
    readonly reason: 'uncommitted' | 'unsafe',
  ) {
    super(
      reason === 'uncommitted'
        ? l10n.t(
            "These files have uncommitted changes that the task's changes touch: {0}. Commit, stash or undo them first; nothing was written.",
            list(paths),
          )
        : l10n.t('These paths cannot be written inside the repository: {0}. Nothing was written.', list(paths)),
    );
    this.name = 'ApplyRefused';
  }
}

const list = (paths: string[]): string =>
  paths.length > 8 ? l10n.t('{0} and {1} more', paths.slice(0, 8).join(', '), paths.length - 8) : paths.join(', ');

interface Entry {
  status: 'A' | 'M' | 'D' | 'R' | 'T';
  path: string;
  from?: string;
}

/** `git diff --name-status -z` between two commits: renames found, copies and type changes read as such. */
export function parseNameStatus(out: string): Entry[] {
  const t = out.split('\0');
  const entries: Entry[] = [];
  for (let i = 0; i < t.length - 1;) {
    const code = t[i++][0];
    if (code === 'R' || code === 'C') {
      const from = t[i++];
      const to = t[i++];
      entries.push(code === 'R' ? { status: 'R', path: to, from } : { status: 'A', path: to });
    } else if (code === 'A' || code === 'M' || code === 'D' || code === 'T') {
      entries.push({ status: code, path: t[i++] });
    } else i++;
  }
  return entries;
}

interface TreeItem {
  mode: string;
  sha: string;
}

async function treeItems(git: GitRunner, root: string, rev: string, paths: string[]): Promise<Map<string, TreeItem>> {
  const out = new Map<string, TreeItem>();
  if (paths.length === 0) return out;
  const text = await git.run({ cwd: root, args: ['--literal-pathspecs', 'ls-tree', '-r', '-z', rev, '--', ...paths] });
  for (const line of text.split('\0')) {
    const m = /^(\d+) (\w+) ([0-9a-f]+)\t([\s\S]+)$/.exec(line);
    if (m && m[2] === 'blob') out.set(m[4], { mode: m[1], sha: m[3] });
  }
  return out;
}

async function stateOf(git: GitRunner, root: string, item: TreeItem | undefined): Promise<FileState> {
  if (!item) return {};
  const bytes = await git.runBytes({ cwd: root, args: ['cat-file', 'blob', item.sha] });
  if (item.mode === '120000') return { link: bytes.toString('utf8') };
  return { content: bytes, executable: item.mode === '100755' };
}

const isText = (s: FileState): boolean =>
  s.link === undefined && s.content !== undefined && !s.content.subarray(0, 8000).includes(0);

export async function applyChanges(git: GitRunner, gitPath: string, src: ApplySource): Promise<Applied> {
  const { root } = src;
  const mergeBase = (await git.run({ cwd: root, args: ['merge-base', src.baseRef, src.headRef] })).trim();
  const diff = await git.run({
    cwd: root,
    args: ['diff', '--name-status', '-z', '-M', '--no-ext-diff', '--no-textconv', mergeBase, src.headRef],
  });
  let entries = parseNameStatus(diff);
  if (src.only !== undefined) entries = entries.filter(e => e.path === src.only || e.from === src.only);
  const touched = [...new Set(entries.flatMap(e => (e.from ? [e.from, e.path] : [e.path])))];
  const unsafe: string[] = [];
  const abs = new Map<string, string>();
  for (const p of touched) {
    const a = await insideRoot(root, p);
    if (a) abs.set(p, a);
    else unsafe.push(p);
  }
  if (unsafe.length) throw new ApplyRefused(unsafe, 'unsafe');
  const dirty = await dirtyPaths(git, root);
  const busy = touched.filter(p => dirty.has(p));
  if (busy.length) throw new ApplyRefused(busy, 'uncommitted');

  const baseItems = await treeItems(
    git,
    root,
    mergeBase,
    entries.map(e => e.from ?? e.path),
  );
  const headItems = await treeItems(
    git,
    root,
    src.headRef,
    entries.map(e => e.path),
  );
  const plan = new Map<string, FileState>();
  const conflicts: Conflict[] = [];
  const tmp = await fsp.mkdtemp(path.join(os.tmpdir(), 'agent-tasks-apply-'));
  try {
    for (const e of entries) {
      const source = e.from ?? e.path;
      const base = await stateOf(git, root, baseItems.get(source));
      const head = e.status === 'D' ? {} : await stateOf(git, root, headItems.get(e.path));
      const ours = await readState(abs.get(source)!);
      if (e.from !== undefined) {
        const there = await readState(abs.get(e.path)!);
        if (there.content !== undefined || there.link !== undefined) {
          if (!sameState(there, head)) conflicts.push({ path: e.path, why: l10n.t('a file is already there') });
          continue;
        }
        plan.set(e.from, {});
      }
      const absent = ours.content === undefined && ours.link === undefined;
      if (e.status === 'A' && absent) plan.set(e.path, head);
      else if (sameState(ours, head)) {
        // Already as the task has it; a renamed file still moves.
        if (e.from !== undefined) plan.set(e.path, head);
      } else if (e.status === 'D') {
        if (sameState(ours, base)) plan.set(e.path, {});
        else if (!absent) conflicts.push({ path: e.path, why: l10n.t('the task deletes it; your branch changed it') });
      } else if (absent && e.status !== 'A') {
        conflicts.push({ path: e.path, why: l10n.t('the task changes it; your branch deleted it') });
        if (e.from !== undefined) plan.delete(e.from);
      } else if (sameState(ours, base)) plan.set(e.path, head);
      else if (isText(ours) && isText(head) && (isText(base) || base.content === undefined)) {
        const merged = await mergeFile(gitPath, tmp, ours.content!, base.content ?? Buffer.alloc(0), head.content!);
        plan.set(e.path, { content: merged.content, executable: head.executable });
        if (merged.conflicts > 0) conflicts.push({ path: e.path, why: l10n.t('conflict markers') });
      } else {
        conflicts.push({ path: e.path, why: l10n.t('binary, changed on both sides: left as yours') });
        if (e.from !== undefined) plan.delete(e.from);
      }
    }
  } finally {
    await fsp.rm(tmp, { recursive: true, force: true });
  }
  const before = new Map<string, FileState>();
  for (const p of plan.keys()) before.set(p, await readState(abs.get(p)!));
  // Removals first: a rename's target may sit where a directory of the old name was.
  const order = [...plan.entries()].sort(
    ([, a], [, b]) => Number(a.content !== undefined) - Number(b.content !== undefined),
  );
  for (const [p, state] of order) await writeState(abs.get(p)!, state);
  return { written: [...plan.keys()], conflicts, before, after: plan };
}

/** What undoing an apply did: files put back, and files left because they changed after the apply. */
export interface Undone {
  restored: string[];
  changedSince: string[];
}

/** Puts back every file the apply wrote, unless it was changed since (then it is left, and named). */
export async function undoApply(root: string, applied: Applied): Promise<Undone> {
  const restored: string[] = [];
  const changedSince: string[] = [];
  for (const [p, was] of applied.before) {
    const abs = await insideRoot(root, p);
    if (!abs) continue;
    const now = await readState(abs);
    if (!sameState(now, applied.after.get(p) ?? {})) {
      changedSince.push(p);
      continue;
    }
    await writeState(abs, was);
    restored.push(p);
  }
  return { restored, changedSince };
}
