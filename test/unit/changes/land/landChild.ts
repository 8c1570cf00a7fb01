// The process the cut-off test kills: it applies a task's changes (applyChanges, the land) to the repository it is
// given, counting each change it makes on disk (a file renamed, copied, removed, a folder made…, in the repository or
// the storage folder). At the change numbered LAND_STOP_AT it says so on stdout and stops dead (before or after making
// it, as LAND_STOP_WHEN says), so that the parent kills it there with SIGKILL. With no stop it lists every change made.
import * as fs from 'node:fs';
import { GitRunner } from '../../../../src/git/gitRunner';
import { applyChanges } from '../../../../src/changes/land/applyChanges';

const root = process.env.LAND_ROOT!;
const storage = process.env.LAND_STORAGE!;
const stopAt = Number(process.env.LAND_STOP_AT ?? '-1');
const after = process.env.LAND_STOP_WHEN === 'after';
const ops: string[] = [];

function stop(): never {
  fs.writeSync(1, `STOPPED ${ops.length}\n`);
  // Waits here, the event loop held, until the parent's SIGKILL.
  for (;;) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 60_000);
}

const where = (args: unknown[]): string | undefined => {
  for (const a of args.slice(0, 2))
    if (typeof a === 'string') {
      if (a.startsWith(root)) return 'tree';
      if (a.startsWith(storage)) return 'storage';
    }
  return undefined;
};

type Fn = (...args: unknown[]) => Promise<unknown>;
// Node's own module object (the land reads its functions from it at each call), not this file's copy of its names.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const mod = require('node:fs/promises') as Record<string, Fn>;
for (const name of ['rename', 'copyFile', 'unlink', 'rmdir', 'mkdir', 'symlink', 'chmod', 'rm', 'writeFile', 'open']) {
  const real = mod[name];
  mod[name] = async (...args: unknown[]) => {
    const at = name === 'open' && args[1] === 'r' ? undefined : where(args);
    if (!at) return real(...args);
    ops.push(`${at} ${name}`);
    if (ops.length === stopAt && !after) stop();
    const r = await real(...args);
    if (ops.length === stopAt && after) stop();
    return r;
  };
}

void applyChanges(
  new GitRunner(() => 'git'),
  'git',
  {
    root,
    baseRef: 'refs/agent-tasks/t1/base',
    headRef: 'refs/agent-tasks/t1/head',
    head: 'agent/work',
    base: 'main',
  },
  { storage, task: { id: 't1', label: 'Tidy the tree (agent/work)' } },
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
