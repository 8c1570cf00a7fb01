// The process the cut-off tests kill: it applies a task's changes (applyChanges, the land) to the repository it is
// given, counting each change it makes on disk (a file renamed, copied, removed, a folder made…, in the repository or
// the storage folder; git's own, under .git, apart). At the change numbered LAND_STOP_AT (or the LAND_STOP_TREE-th in the repository) it says so on
// stdout and stops dead (before or after making it, as LAND_STOP_WHEN says), so that the parent kills it there with
// SIGKILL. With no stop it lists every change made. LAND_TASK names the task (`refs/agent-tasks/<task>/…`).
import * as fs from 'node:fs';
import { GitRunner } from '../../../../src/git/gitRunner';
import { applyChanges } from '../../../../src/changes/land/applyChanges';

const root = process.env.LAND_ROOT!;
const storage = process.env.LAND_STORAGE!;
const stopAt = Number(process.env.LAND_STOP_AT ?? '-1');
const stopTree = Number(process.env.LAND_STOP_TREE ?? '-1');
const after = process.env.LAND_STOP_WHEN === 'after';
const task = process.env.LAND_TASK ?? 't1';
const label = process.env.LAND_LABEL ?? 'Tidy the tree (agent/work)';
const ops: string[] = [];

function stop(): never {
  fs.writeSync(1, `STOPPED ${ops.length}\n`);
  // Waits here, the event loop held, until the parent's SIGKILL.
  for (;;) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 60_000);
}

/** Where a change is made: its path (a copy's, where it is written), in the tree, git's folder or our storage. */
const where = (name: string, args: unknown[]): string | undefined => {
  const a = name === 'copyFile' ? args[1] : args[0];
  if (typeof a !== 'string' || (name === 'open' && args[1] === 'r')) return undefined;
  if (a.startsWith(`${root}/.git/`)) return 'git';
  if (a.startsWith(root)) return 'tree';
  return a.startsWith(storage) ? 'storage' : undefined;
};

type Fn = (...args: unknown[]) => Promise<unknown>;
// Node's own module object (the land reads its functions from it at each call), not this file's copy of its names.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const mod = require('node:fs/promises') as Record<string, Fn>;
for (const name of ['rename', 'copyFile', 'unlink', 'rmdir', 'mkdir', 'symlink', 'chmod', 'rm', 'writeFile', 'open']) {
  const real = mod[name];
  mod[name] = async (...args: unknown[]) => {
    const at = where(name, args);
    if (!at) return real(...args);
    ops.push(`${at} ${name}`);
    const here = ops.length === stopAt || (at === 'tree' && ops.filter(o => o.startsWith('tree')).length === stopTree);
    if (here && !after) stop();
    const r = await real(...args);
    if (here && after) stop();
    return r;
  };
}

void applyChanges(
  new GitRunner(() => 'git'),
  'git',
  {
    root,
    baseRef: `refs/agent-tasks/${task}/base`,
    headRef: `refs/agent-tasks/${task}/head`,
    head: 'agent/work',
    base: 'main',
  },
  { storage, task: { id: task, label } },
).then(
  a => {
    fs.writeSync(1, `DONE ${a.files} ${JSON.stringify(ops)}\n`);
    process.exit(0);
  },
  (e: unknown) => {
    fs.writeSync(2, `FAILED ${String(e)}\n`);
    process.exit(1);
  },
);
