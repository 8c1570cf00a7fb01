// Bench: Compare Attempts' listing. Three attempts at one prompt, each a branch changing 200 files against one base
// (modified, added, deleted, renamed, binary; some files changed alike by two attempts, some differently), in a bare
// "remote" and a clone that fetched them into our refs. Ours: the comparison's listing from the fetched refs — each
// attempt's files read as its Changes read them (`diff --raw --numstat -z -M` of our refs), the three at once, then
// set side by side (compareFiles.ts) — against the peer: three runs of `git diff --numstat base...head` of the same
// branches, one after the other, in the same run, rounds taking turns going first (ratio of medians; goal ≤ 1.5).
// usage: npm run build && node bench/attempts.mjs [--rounds N]
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { performance } from 'node:perf_hooks';
import { isMain, median, numberArg, saveResult } from './report.mjs';

const require = createRequire(import.meta.url);
const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const ATTEMPTS = 3;

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

/** A base of 150 files; attempt n changes 200 files against it, half of them as another attempt does. */
function makeRemote(dir) {
  git(dir, ['init', '-q', '--bare', '-b', 'main']);
  const who = 'Bench <bench@example.invalid> 1767225600 +0000';
  let s = `commit refs/heads/main\nauthor ${who}\ncommitter ${who}\n${blob('base')}`;
  for (let i = 0; i < 150; i++) s += `M 100644 inline src/mod ${i}.ts\n${blob(lines(40, `m${i}`))}`;
  for (let n = 1; n <= ATTEMPTS; n++) {
    s += `\ncommit refs/heads/agent/try-${n}\nauthor ${who}\ncommitter ${who}\n${blob(`Attempt ${n}`)}`;
    s += 'from refs/heads/main\n';
    // 100 modified: the first 50 alike in every attempt, the next 50 each its own way.
    for (let i = 0; i < 100; i++) {
      const tag = i < 50 ? 'ALL' : `TRY${n}`;
      s += `M 100644 inline src/mod ${i}.ts\n${blob(lines(42, `m${i}`).replace('line 3', `${tag} 3`))}`;
    }
    for (let i = 100; i < 120; i++) s += `D "src/mod ${i}.ts"\n`;
    for (let i = 120; i < 140; i++) s += `R "src/mod ${i}.ts" "lib/módulo ${i}.ts"\n`;
    for (let i = 0; i < 55; i++) s += `M 100644 inline test/new ${n}-${i}.test.ts\n${blob(lines(10, `t${i}`))}`;
    for (let i = 0; i < 5; i++) s += `M 100644 inline media/img${i}.png\ndata 4\n\0\x01\x02${String.fromCharCode(n)}\n`;
  }
  git(dir, ['fast-import', '--quiet'], `${s}\n`);
}

export async function run({ rounds = 15 } = {}) {
  const { GitRunner } = require(path.join(ROOT, 'out/src/git/gitRunner.js'));
  const refs = require(path.join(ROOT, 'out/src/changes/taskRefs.js'));
  const { listAttempts } = require(path.join(ROOT, 'out/src/changes/attempts/compareFiles.js'));
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'agent-tasks-bench-attempts-'));
  try {
    const remote = path.join(tmp, 'remote.git');
    const clone = path.join(tmp, 'clone');
    fs.mkdirSync(remote);
    makeRemote(remote);
    git(tmp, ['clone', '-q', remote, clone]);
    const runner = new GitRunner(() => 'git');
    const ids = Array.from({ length: ATTEMPTS }, (_, i) => `bench-try-${i + 1}`);
    for (const [i, taskId] of ids.entries())
      await refs.fetchTaskRefs(runner, {
        root: clone,
        remote: 'origin',
        taskId,
        head: `agent/try-${i + 1}`,
        base: 'main',
      });

    const ours = [];
    const peer = [];
    let listed;
    const peerRound = () => {
      const t = performance.now();
      for (const id of ids)
        git(clone, ['diff', '--numstat', `refs/agent-tasks/${id}/base...refs/agent-tasks/${id}/head`]);
      peer.push(performance.now() - t);
    };
    for (let r = 0; r < rounds; r++) {
      // Who goes first alternates, so that a burst of load falls on both alike.
      if (r % 2) peerRound();
      const t = performance.now();
      listed = (
        await listAttempts(
          runner,
          clone,
          ids.map((taskId, index) => ({ index, taskId })),
        )
      ).files;
      ours.push(performance.now() - t);
      if (r % 2 === 0) peerRound();
    }
    const perAttempt = ids.map((_, i) => listed.filter(f => f.changes.has(i)).length);
    const result = {
      bench: 'attempts',
      date: new Date().toISOString(),
      cpus: os.cpus().length,
      attempts: ATTEMPTS,
      filesPerAttempt: perAttempt,
      paths: listed.length,
      agreeing: listed.filter(f => f.agree.length).length,
      rounds,
      listing: {
        oursMs: Math.round(median(ours) * 10) / 10,
        peerNumstatMs: Math.round(median(peer) * 10) / 10,
        ratio: Math.round((median(ours) / median(peer)) * 100) / 100,
        goal: 1.5,
        note: 'ours: diff --raw --numstat -z -M per attempt, the three at once, parsed and set side by side; peer: three git diff --numstat, one after the other',
      },
      samplesMs: { ours: ours.map(x => Math.round(x * 10) / 10), peer: peer.map(x => Math.round(x * 10) / 10) },
    };
    console.log(JSON.stringify(result, null, 2));
    saveResult('attempts', result);
    return result;
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

if (isMain(import.meta.url)) await run({ rounds: numberArg('--rounds', 15) });
