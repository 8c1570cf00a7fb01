// Bench: what watching costs the service. The extension in a real VS Code watches acme/rocket holding 1,000 more tasks
// (5 running, so it polls at the quick pace, default settings) with both task views open, for a fixed time; the
// sandbox counts every request (`/_sandbox/stats`). The peer, computed from the same run: the naive watcher that
// re-reads every task of both lists each cycle (all pages at per_page 100, no conditional requests).
// usage: npm run build && node bench/polling.mjs [--seconds N]
import os from 'node:os';
import { startHost, bigWorld, round } from './vscode-host.mjs';
import { isMain, numberArg, saveResult } from './report.mjs';

const TASKS = 1000;
const RUNNING = 5;
const REPO_ROUTE = 'GET /agents/repos/{owner}/{repo}/tasks';

export async function run({ seconds = 60 } = {}) {
  const world = bigWorld(TASKS, RUNNING);
  const host = await startHost({ world, kind: 'bench-poll' });
  let ok = false;
  try {
    await host.session('setup');
    const r = await host.session('load', { params: { expect: TASKS, pollSeconds: seconds } });
    const p = r.polling;
    const s = p.stats;
    const minutes = p.seconds / 60;
    // Each cycle reads the first page of each watched list once, so the repository list's count is the cycle count.
    const cycles = s.by_route[REPO_ROUTE] ?? 0;
    const repoTasks = world.tasks.filter(t => t.repository === 5000).length;
    const mineTasks = world.tasks.filter(t => t.creator === 1001).length;
    const naivePerCycle = Math.ceil(repoTasks / 100) + Math.ceil(mineTasks / 100);
    const ours = {
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
    };
    const naive = {
      requestsPerCycle: naivePerCycle,
      perMinute: round((cycles * naivePerCycle) / minutes, 1),
      notModified: 0,
    };
    const result = {
      bench: 'polling',
      date: new Date().toISOString(),
      cpus: os.cpus().length,
      world: `${repoTasks} tasks in acme/rocket (${RUNNING} running), ${mineTasks} in My Tasks`,
      seconds: round(p.seconds, 1),
      ours,
      peer: { what: 'naive: every page of both lists each cycle, no If-None-Match', ...naive },
      ratio: { requests: naive.perMinute ? round(ours.perMinute / naive.perMinute, 3) : null },
    };
    saveResult('polling', result);
    console.log(
      `[polling] ${round(p.seconds)} s, ${cycles} cycles: ours ${ours.perMinute} requests/min (${s.not_modified} of ${s.total} were 304, ${ours.requestsPerCycle} per cycle); naive ${naive.perMinute}/min (${naivePerCycle} per cycle); ratio ${result.ratio.requests}`,
    );
    ok = true;
    return result;
  } finally {
    await host.close(ok);
  }
}

if (isMain(import.meta.url)) {
  const n = numberArg('--seconds');
  await run(n === undefined ? {} : { seconds: n });
  process.exit(0);
}
