// A file of the agent's branch as `git checkout` would write it: the user's own conversions and filters (line
// endings, `eol`/`text`, `working-tree-encoding`, a smudge filter such as Git LFS's), chosen by `.gitattributes` —
// which only name filters; what a filter runs is the user's configuration. The `.gitattributes` are those of the
// user's branch (HEAD), and those the change writes once the user said yes to writing them (`attributesAfter`): a
// filter the branch alone chose never runs before that question, nor after a no. git writes the files with
// `checkout-index` from a temporary index into a folder of ours (never the working tree, never the user's index),
// one git for all the files, each streamed to disk. Pure Node: no `vscode`.
import * as fsp from 'node:fs/promises';
import * as path from 'node:path';
import { eachRecord, pipeTo, readAll, type StreamRun } from './gitStream';

export interface StageEntry {
  path: string;
  mode: string;
  blob: string;
}

/** git's own path checks on, as on Windows and macOS, whatever this runs on (a second line behind pathRules). */
export const PROTECT = ['-c', 'core.protectNTFS=true', '-c', 'core.protectHFS=true'];

const indexLine = (e: StageEntry): string => `${e.mode} ${e.blob}\t${e.path}\0`;

/**
 * Writes `entries` (regular files) under `dir/tree/` as a checkout would; `attributes`: the tree's `.gitattributes`
 * files, read by git from the temporary index. Returns where each path's content is.
 */
export async function stage(
  run: { git: string; cwd: string; gitDir: string },
  dir: string,
  entries: readonly StageEntry[],
  attributes: readonly StageEntry[],
): Promise<(p: string) => string> {
  const tree = path.join(dir, 'tree');
  await fsp.mkdir(tree, { recursive: true });
  const where = (p: string) => path.join(tree, ...p.split('/'));
  if (entries.length === 0) return where;
  const base: StreamRun = {
    git: run.git,
    cwd: run.cwd,
    args: [],
    env: { GIT_INDEX_FILE: path.join(dir, 'index') },
  };
  // The temporary index is ours alone: no shared index split into .git, no cache of the user's working tree, no
  // fsmonitor asked about a folder it does not watch.
  const own = ['-c', 'core.splitIndex=false', '-c', 'core.untrackedCache=false', '-c', 'core.fsmonitor=false'];
  const git = [...PROTECT, ...own, '--git-dir', run.gitDir, '--work-tree', tree];
  const names = new Set(entries.map(e => e.path));
  const input = [...entries, ...attributes.filter(a => !names.has(a.path))].map(indexLine).join('');
  const drain = () => Promise.resolve();
  await pipeTo({ ...base, args: [...git, 'update-index', '-z', '--index-info'], input }, drain);
  await pipeTo(
    {
      ...base,
      args: [...git, 'checkout-index', '-f', '-z', '--stdin'],
      input: entries.map(e => `${e.path}\0`).join(''),
    },
    drain,
  );
  return where;
}

const IS_ATTRIBUTES = /(^|\/)\.gitattributes$/;

/** The `.gitattributes` files of a tree (regular files: git reads no link's target as attributes). */
export async function attributesOf(run: { git: string; cwd: string }, rev: string): Promise<StageEntry[]> {
  const out: StageEntry[] = [];
  await eachRecord({ ...run, args: ['ls-tree', '-r', '-z', '--full-tree', rev] }, r => {
    const m = /^(100644|100755) blob ([0-9a-f]+)\t([\s\S]+)$/.exec(r);
    if (m && IS_ATTRIBUTES.test(m[3])) out.push({ mode: m[1], blob: m[2], path: m[3] });
  });
  return out;
}

/** A path's state as a change is to write it (land.ts's `Want`, as far as this reads it). */
export interface AttributesTarget {
  path: string;
  want: { kind: 'absent' } | { kind: 'blob'; mode: string; blob: string } | { kind: 'file'; file: string };
}

/**
 * The `.gitattributes` in effect once `targets` are written: the user's branch's (HEAD), with those the targets write
 * (the tool files asked about before anything is staged) in their place. A merged one is stored as an object first.
 */
export async function attributesAfter(
  run: { git: string; cwd: string },
  targets: readonly AttributesTarget[],
): Promise<StageEntry[]> {
  const byPath = new Map((await attributesOf(run, 'HEAD')).map(e => [e.path, e]));
  for (const t of targets) {
    if (!IS_ATTRIBUTES.test(t.path)) continue;
    const w = t.want;
    if (w.kind === 'blob' && /^100(644|755)$/.test(w.mode))
      byPath.set(t.path, { path: t.path, mode: w.mode, blob: w.blob });
    else if (w.kind === 'file') {
      const args = ['hash-object', '-w', '--no-filters', '--stdin'];
      const blob = (await readAll({ ...run, args, input: await fsp.readFile(w.file) })).toString('utf8').trim();
      byPath.set(t.path, { path: t.path, mode: '100644', blob });
    } else byPath.delete(t.path);
  }
  return [...byPath.values()];
}
