// Bench: what watching costs the service. The extension in a real VS Code watches acme/rocket holding 1,000 more tasks
// (5 running, so it polls at the quick pace, default settings) with both task views open, for a fixed time; the
// sandbox counts every request (`/_sandbox/stats`, reset once both views are full). The peer, computed from the same
// run: the naive watcher that re-reads every task of both lists each cycle (all pages at per_page 100, no conditional
// requests). With `--other <checkout>` (built), that build is measured the same way in the same run, after ours.
// usage: npm run build && node bench/polling.mjs [--seconds N] [--other /path/to/checkout]
import os from 'node:os';
import path from 'node:path';
import { startHost, bigWorld, round } from './vscode-host.mjs';
import { isMain, numberArg, saveResult } from './report.mjs';

const TASKS = 1000;
const RUNNING = 5;
const REPO_ROUTE = 'GET /agents/repos/{owner}/{repo}/tasks';

/** One window of one build: the polling window alone, and what a count from the service's start would have said. */
async function measure(host, seconds, extensionPath) {
  const r = await host.session('load', { extensionPath, params: { expect: TASKS, pollSeconds: seconds } });
  const p = r.polling;
  const s = p.stats;
  const minutes = p.seconds / 60;
  // Each cycle reads the first page of each watched list once, so the repository list's count is the cycle count.
  const cycles = s.by_route[REPO_ROUTE] ?? 0;
  const all = { total: p.beforeReset.total + s.total, notModified: p.beforeReset.not_modified + s.not_modified };
  return {
    requests: s.total,
    perMinute: round(s.total / minutes, 1),
    notModified: s.not_modified,
    share304: s.total ? round(s.not_modified / s.total, 3) : 0,
    cycles,
    requestsPerCycle: cycles ? round(s.total / cycles, 2) : null,
    byRoute: s.by_route,
    byStatus: s.by_status,
    pollMode: p.mode,
    windowFocused: p.focused,
    // Counted from the service's start (the load of both views included), as the window did while its reset failed.
    countedFromStart: { ...all, perMinute: round(all.total / minutes, 1) },
  };
}

export async function run({ seconds = 60, other } = {}) {
  const world = bigWorld(TASKS, RUNNING);
  const host = await startHost({ world, kind: 'bench-poll' });
  let ok = false;
  try {
    await host.session('setup');
    const ours = await measure(host, seconds);
    const repoTasks = world.tasks.filter(t => t.repository === 5000).length;
    const mineTasks = world.tasks.filter(t => t.creator === 1001).length;
    const naivePerCycle = Math.ceil(repoTasks / 100) + Math.ceil(mineTasks / 100);
    const minutes = seconds / 60;
    const naive = {
      requestsPerCycle: naivePerCycle,
      perMinute: round((ours.cycles * naivePerCycle) / minutes, 1),
      notModified: 0,
    };
    const result = {
      bench: 'polling',
      date: new Date().toISOString(),
      cpus: os.cpus().length,
      world: `${repoTasks} tasks in acme/rocket (${RUNNING} running), ${mineTasks} in My Tasks`,
      seconds,
      ours,
      peer: { what: 'naive: every page of both lists each cycle, no If-None-Match', ...naive },
      ratio: { requests: naive.perMinute ? round(ours.perMinute / naive.perMinute, 3) : null },
    };
    if (other) {
      // Its count before the window also holds the end of ours: only the first window's is from the service's start.
      const { countedFromStart: _, ...theirs } = await measure(host, seconds, path.resolve(other));
      result.other = { build: path.resolve(other), ...theirs };
    }
    saveResult('polling', result);
    for (const [who, m] of [['ours', ours], ...(other ? [['other', result.other]] : [])]) {
      const c = m.countedFromStart;
      const fromStart = c
        ? `; counted from the service's start: ${c.total} (${c.notModified} 304), ${c.perMinute}/min`
        : '';
      console.log(
        `[polling] ${who}: ${seconds} s, ${m.cycles} cycles: ${m.perMinute} requests/min (${m.notModified} of ${m.requests} were 304, ${m.requestsPerCycle} per cycle)${fromStart}`,
      );
    }
    console.log(`[polling] naive ${naive.perMinute}/min (${naivePerCycle} per cycle); ratio ${result.ratio.requests}`);
    ok = true;
    return result;
  } finally {
    await host.close(ok);
  }
}

if (isMain(import.meta.url)) {
  const n = numberArg('--seconds');
  const i = process.argv.indexOf('--other');
  await run({ ...(n === undefined ? {} : { seconds: n }), ...(i > 0 ? { other: process.argv[i + 1] } : {}) });
  process.exit(0);
}
