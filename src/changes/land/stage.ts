// A file of the agent's branch as `git checkout` would write it: the user's own conversions and filters (line
// endings, `eol`/`text`, `working-tree-encoding`, a smudge filter such as Git LFS's), chosen by the `.gitattributes`
// of the branch's tree — which only name filters; what a filter runs is the user's configuration. git writes them with
// `checkout-index` from a temporary index into a folder of ours (never the working tree, never the user's index),
// one git for all the files, each streamed to disk. Pure Node: no `vscode`.
import * as fsp from 'node:fs/promises';
import * as path from 'node:path';
import { pipeTo, type StreamRun } from './gitStream';

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
