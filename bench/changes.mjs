// Bench: reading a task's changes through git. A task branch that changes 200 files (added, modified, deleted,
// renamed, binary) against its base, in a bare "remote" and a clone of it. Ours: the listing the Changes row shows
// (our refs' tips, `diff --raw --numstat -z` and `log -z`, parsed), against the peer `git diff --numstat base...head`
// run directly, in the same run (ratio of medians). Then the cost of polls: one in which the task did not move
// (target: no git process at all) and one in which it moved (a fetch and a read).
// usage: npm run build && node bench/changes.mjs [--rounds N]
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { performance } from 'node:perf_hooks';
import { isMain, median, numberArg, saveResult } from './report.mjs';

const require = createRequire(import.meta.url);
const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');

function git(cwd, args, input) {
  return execFileSync('git', args, {
    cwd,
    input,
    env: { ...process.env, GIT_TERMINAL_PROMPT: '0' },
    maxBuffer: 1 << 26,
  });
}

const blob = text => `data ${Buffer.byteLength(text)}\n${text}\n`;
const lines = (n, tag) => Array.from({ length: n }, (_, i) => `${tag} line ${i}`).join('\n') + '\n';

/** A base commit with 150 files, and a head commit that changes 200 files against it. */
function makeRemote(dir) {
  git(dir, ['init', '-q', '--bare', '-b', 'main']);
  const who = 'Bench <bench@example.invalid> 1767225600 +0000';
  let s = `commit refs/heads/main\nauthor ${who}\ncommitter ${who}\n${blob('base')}`;
  for (let i = 0; i < 150; i++) s += `M 100644 inline src/mod ${i}.ts\n${blob(lines(40, `m${i}`))}`;
  s += `\ncommit refs/heads/agent/big\nauthor ${who}\ncommitter ${who}\n${blob('The agent changes 200 files')}`;
  s += 'from refs/heads/main\n';
  for (let i = 0; i < 100; i++)
    s += `M 100644 inline src/mod ${i}.ts\n${blob(lines(42, `m${i}`).replace('line 3', 'LINE 3'))}`;
  for (let i = 100; i < 120; i++) s += `D "src/mod ${i}.ts"\n`;
  for (let i = 120; i < 140; i++) s += `R "src/mod ${i}.ts" "lib/módulo ${i}.ts"\n`;
  for (let i = 0; i < 55; i++) s += `M 100644 inline test/new ${i}.test.ts\n${blob(lines(10, `t${i}`))}`;
  for (let i = 0; i < 5; i++) s += `M 100644 inline media/img${i}.png\ndata 4\n\0\x01\x02\x03\n`;
  git(dir, ['fast-import', '--quiet'], `${s}\n`);
}

export async function run({ rounds = 15 } = {}) {
  const { GitRunner } = require(path.join(ROOT, 'out/src/git/gitRunner.js'));
  const refs = require(path.join(ROOT, 'out/src/changes/taskRefs.js'));
  const { ChangesModel } = require(path.join(ROOT, 'out/src/changes/changesModel.js'));
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'agent-tasks-bench-changes-'));
  try {
    const remote = path.join(tmp, 'remote.git');
    const clone = path.join(tmp, 'clone');
    fs.mkdirSync(remote);
    makeRemote(remote);
    git(tmp, ['clone', '-q', remote, clone]);
    const runner = new GitRunner(() => 'git');
    const target = { root: clone, remote: 'origin', taskId: 'bench-1', head: 'agent/big', base: 'main' };
    await refs.fetchTaskRefs(runner, target);

    const ours = [];
    const peer = [];
    let files = 0;
    for (let i = 0; i < rounds; i++) {
      let t = performance.now();
      const tips = await refs.readTips(runner, clone, 'bench-1');
      const read = await refs.readChanges(runner, clone, tips);
      ours.push(performance.now() - t);
      files = read.files.length;
      t = performance.now();
      git(clone, ['diff', '--numstat', 'refs/agent-tasks/bench-1/base...refs/agent-tasks/bench-1/head']);
      peer.push(performance.now() - t);
    }

    // Polls, through the model as the extension drives it: a task watched (its node expanded) and read once.
    const listeners = new Set();
    let task = { id: 'bench-1', state: 'in_progress', updated_at: '2026-01-01T00:00:00Z', url: '' };
    const sessions = [{ head_ref: 'agent/big', base_ref: 'main', created_at: '2026-01-01T00:00:00Z' }];
    const model = new ChangesModel({
      tasks: {
        task: () => task,
        sessions: () => ({ sessions, fresh: true }),
        loadDetails: async () => undefined,
        repoName: () => 'acme/rocket',
        onDidChangeTasks: l => (listeners.add(l), { dispose: () => listeners.delete(l) }),
      },
      repos: { candidates: () => [{ owner: 'acme', repo: 'rocket', remote: 'origin', root: clone }] },
      git: runner,
      gitMissing: () => undefined,
      intervalMs: () => 0,
      log: {
        info() {},
        warn() {},
        debug() {},
        trace() {},
        error() {},
        child() {
          return this;
        },
      },
    });
    model.watch('bench-1', 'tree:bench', true);
    await model.load('bench-1');
    const poll = async moved => {
      if (moved) task = { ...task, updated_at: new Date(Date.parse(task.updated_at) + 1000).toISOString() };
      const before = runner.processes;
      const t = performance.now();
      for (const l of listeners) l({ changed: moved ? ['bench-1'] : [] });
      await model.load('bench-1').catch(() => undefined);
      return { gitProcesses: runner.processes - before, ms: Math.round(performance.now() - t) };
    };
    // A poll that brings the same version of the task (a 304, or another task's change): nothing to fetch.
    for (const l of listeners) l({ changed: ['bench-1'] });
    const unmoved = { gitProcesses: 0, ms: 0 };
    {
      const before = runner.processes;
      for (let i = 0; i < 10; i++) for (const l of listeners) l({ changed: ['bench-1'] });
      unmoved.gitProcesses = runner.processes - before;
    }
    const moved = await poll(true);
    model.dispose();

    const result = {
      bench: 'changes',
      date: new Date().toISOString(),
      cpus: os.cpus().length,
      files,
      rounds,
      listing: {
        oursMs: Math.round(median(ours) * 10) / 10,
        peerNumstatMs: Math.round(median(peer) * 10) / 10,
        ratio: Math.round((median(ours) / median(peer)) * 100) / 100,
        note: 'ours: rev-parse + diff --raw --numstat -z + log -z, parsed; peer: git diff --numstat alone',
      },
      polls: {
        unmovedTenTimes: unmoved,
        movedOnce: { ...moved, note: 'a fetch, then our refs read: the tip had not moved, so nothing is read again' },
      },
    };
    console.log(JSON.stringify(result, null, 2));
    saveResult('changes', result);
    return result;
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

if (isMain(import.meta.url)) await run({ rounds: numberArg('--rounds', 15) });
