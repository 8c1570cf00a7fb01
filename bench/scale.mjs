// Bench: how the extension grows with the number of tasks. Worlds of 1,000 and 10,000 of the user's tasks across 200
// repositories (half of them in the workspace's repository, acme/rocket), each measured against its peer as the other
// benches do: activation to the first tree (against the peer reading its token from SecretStorage), the Repository
// view rebuilt and drawn the first time (against plain items), My Tasks as one list and grouped, Go to Task opened and
// narrowed (against the plain quick pick), a poll that brings nothing (and the requests a naive watcher would send), and
// the host's memory (against the host without the extension, and against the floor extension showing the same tasks).
// Lists longer than the 2,000 tasks read at once are read further through the views' own "Load more…" rows first.
// usage: npm run build && node bench/scale.mjs [--tasks 1000,10000] [--runs N] [--only gototask]
//   --only gototask   Go to Task and its plain pick alone in each world (not written to bench/results)
import os from 'node:os';
import path from 'node:path';
import {
  startHost,
  sandboxLib,
  writePeerExtension,
  writeFloorExtension,
  median,
  round,
  EXTENSION_ID,
} from './vscode-host.mjs';
import { isMain, numberArg, saveResult } from './report.mjs';
import { GROWTH, firstDrawGrowth } from './scale-growth.mjs';

const REPOS = 200;
const RUNNING = 10;

/** The demo world plus `tasks` of mona's tasks: half in acme/rocket, the rest across 199 more repositories. */
export function scaleWorld(tasks, repos = REPOS, running = RUNNING) {
  const world = sandboxLib().demoWorld();
  for (const t of world.tasks) if (t.state === 'queued' || t.state === 'in_progress') t.state = 'completed';
  for (let r = 1; r < repos; r++)
    world.repositories.push({
      id: 7000 + r,
      owner: 'acme',
      name: `lib-${String(r).padStart(3, '0')}`,
      access: { 1001: 'admin' },
    });
  const base = Date.parse('2026-03-01T00:00:00Z');
  const ended = ['completed', 'failed', 'cancelled', 'timed_out', 'waiting_for_user', 'idle'];
  for (let i = 0; i < tasks; i++) {
    const at = new Date(base + i * 60_000).toISOString().replace('.000Z', 'Z');
    world.tasks.push({
      id: `scale-${String(i).padStart(5, '0')}`,
      repository: i % 2 === 0 ? 5000 : 7000 + 1 + ((i >> 1) % (repos - 1)),
      creator: 1001,
      prompt: `Scale task ${i}: tidy module ${i % 37} and add a test`,
      state: i >= tasks - running ? 'in_progress' : ended[i % ended.length],
      create_pull_request: i % 2 === 0,
      created_at: at,
      updated_at: at,
    });
  }
  return world;
}

/** How many tasks each view holds once read whole: acme/rocket's unarchived tasks, and mona's. */
export function expected(world) {
  const live = world.tasks.filter(t => !t.archived_at);
  return {
    repoTasks: live.filter(t => t.repository === 5000).length,
    myTasks: live.filter(t => t.creator === 1001).length,
  };
}

/** Go to Task alone in a world of `n` tasks (--only gototask): its open and keystroke against the plain pick. */
async function goToTaskOnly(n, rounds) {
  const world = scaleWorld(n);
  const expect = expected(world);
  const host = await startHost({ world, kind: `bench-scale-${n}` });
  let ok = false;
  try {
    await host.session('setup');
    const g = await host.session('gototask', { params: { expect: expect.myTasks, rounds }, timeoutMs: 900_000 });
    ok = true;
    return { tasks: n, views: expect, goToTask: goToTaskFigures(g) };
  } finally {
    await host.close(ok);
  }
}

function goToTaskFigures(g) {
  return {
    openMs: round(g.openMs, 2),
    plainOpenMs: round(g.plainMs, 2),
    openRatio: round(g.openMs / g.plainMs, 2),
    rowsAsTheyAreOpenMs: round(g.rowsMs, 2),
    sentMs: round(g.sentMs.open, 2),
    plainSentMs: round(g.sentMs.plain, 2),
    sentRatio: round(g.sentMs.open / g.sentMs.plain, 2),
    assignments: g.assignments,
    assignmentsSettled: g.assignmentsSettled,
    keystrokeMs: round(g.keystrokeMs, 2),
    plainKeystrokeMs: round(g.plainKeystrokeMs, 2),
    keystrokeRatio: round(g.keystrokeMs / g.plainKeystrokeMs, 2),
    readFurther: g.readFurther,
    samplesMs: { open: g.samples.open, plain: g.samples.plain, rows: g.samples.rows },
    reassigned: g.reassigned,
  };
}

async function measureWorld(n, runs) {
  const world = scaleWorld(n);
  const expect = expected(world);
  const host = await startHost({ world, kind: `bench-scale-${n}` });
  let ok = false;
  try {
    const secretsPeer = writePeerExtension(path.join(host.runDir, 'peer-tree-secrets'), 'tree-secrets');
    const empty = writePeerExtension(path.join(host.runDir, 'peer-empty'), 'empty');
    const floor = writeFloorExtension(path.join(host.runDir, 'peer-floor'));
    await host.session('setup');
    await host.session('activation', { extensionPath: secretsPeer, params: { id: 'bench.bench-tree-secrets-peer' } });
    const act = { ours: [], peer: [] };
    const mem = { ours: [], empty: [], floor: [] };
    let load;
    // The tree of every window of ours (its first draw and the plain rows' in the same window): the spread of runs.
    const trees = [];
    for (let i = 0; i < runs; i++) {
      for (const who of i % 2 ? ['peer', 'ours'] : ['ours', 'peer']) {
        const r =
          who === 'ours'
            ? await host.session('activation', { params: { id: EXTENSION_ID }, timeoutMs: 600_000 })
            : await host.session('activation', {
                extensionPath: secretsPeer,
                params: { id: 'bench.bench-tree-secrets-peer' },
              });
        if (!r.wasActive) act[who].push(r.firstTreeMs);
      }
      for (const who of [
        ['ours', 'empty', 'floor'],
        ['empty', 'floor', 'ours'],
        ['floor', 'ours', 'empty'],
      ][i % 3]) {
        const settle = { settleSeconds: 5 };
        if (who === 'empty')
          mem.empty.push((await host.session('empty', { extensionPath: empty, params: settle })).memory);
        else if (who === 'floor')
          mem.floor.push((await host.session('floor', { extensionPath: floor, params: { ...settle, expect } })).memory);
        else {
          // Each of our windows also times the tree (after the memory is read, so it does not count there): the
          // first with more rounds, the others enough for their first draws.
          const r = await host.session('load', {
            params: { ...settle, expect, treeRounds: load ? 3 : 7 },
            timeoutMs: 900_000,
          });
          mem.ours.push(r.memory);
          trees.push({
            firstDrawMs: r.tree.firstDrawMs,
            plainFirstDrawMs: r.tree.firstDrawFloorMs,
            // The host's CPU time over the same reads: on a loaded machine the wall time also counts waiting for a core.
            cpuMs: r.tree.cpuMs.firstDraw,
            plainCpuMs: r.tree.cpuMs.firstDrawFloor,
          });
          load ??= r;
        }
      }
    }
    const g = await host.session('gototask', { params: { expect: expect.myTasks, rounds: 5 }, timeoutMs: 900_000 });
    const rss = xs => median(xs.map(x => x.rssMB));
    const t = load.tree;
    const result = {
      tasks: n,
      views: expect,
      readMore: load.readMore,
      redraws: load.redraws,
      activation: {
        oursMs: median(act.ours),
        secretsPeerMs: median(act.peer),
        ratio: round(median(act.ours) / median(act.peer), 2),
        samples: act,
      },
      repositoryView: {
        rows: t.tasks,
        rebuildMs: round(t.rebuildMs, 2),
        plainRebuildMs: round(t.floorMs, 2),
        rebuildRatio: round(t.rebuildMs / t.floorMs, 2),
        firstDrawMs: round(t.firstDrawMs, 2),
        plainFirstDrawMs: round(t.firstDrawFloorMs, 2),
        firstDrawRatio: round(t.firstDrawMs / t.firstDrawFloorMs, 2),
        firstDrawRedone: t.firstDrawRedone,
        samplesMs: t.samples,
        // Window by window: ours and the plain rows' first draw (medians of each window's rounds).
        firstDrawByWindowMs: trees,
      },
      myTasks: {
        rows: g.tasks,
        flatMs: round(g.flatMs, 2),
        plainFlatMs: round(g.floorMs, 2),
        flatRatio: round(g.flatMs / g.floorMs, 2),
        groupedMs: round(g.groupedMs, 2),
        plainGroupedMs: round(g.groupedFloorMs, 2),
        groupedRatio: round(g.groupedMs / g.groupedFloorMs, 2),
        groups: g.groups,
      },
      goToTask: goToTaskFigures(g),
      poll: {
        unchangedMs: round(t.unchangedPollMs, 2),
        changedMs: round(t.changeMs, 2),
        changedRatio: round(t.changeMs / t.unchangedPollMs, 2),
        // Ours: one request per list (a 304 while nothing changed). A naive watcher reads every page of both lists.
        requestsPerPoll: 2,
        naiveRequestsPerPoll: Math.ceil(expect.repoTasks / 100) + Math.ceil(expect.myTasks / 100),
      },
      memory: {
        rssMB: round(rss(mem.ours)),
        emptyRssMB: round(rss(mem.empty)),
        floorRssMB: round(rss(mem.floor)),
        deltaMB: round(rss(mem.ours) - rss(mem.empty)),
        floorDeltaMB: round(rss(mem.floor) - rss(mem.empty)),
        overFloorMB: round(rss(mem.ours) - rss(mem.floor)),
        heapAfterGcDeltaMB: round(
          median(mem.ours.map(x => x.afterGc.heapUsedMB)) - median(mem.empty.map(x => x.afterGc.heapUsedMB)),
        ),
        heapAfterGcOverFloorMB: round(
          median(mem.ours.map(x => x.afterGc.heapUsedMB)) - median(mem.floor.map(x => x.afterGc.heapUsedMB)),
        ),
        heapSamplesMB: {
          ours: mem.ours.map(x => round(x.afterGc.heapUsedMB)),
          empty: mem.empty.map(x => round(x.afterGc.heapUsedMB)),
          floor: mem.floor.map(x => round(x.afterGc.heapUsedMB)),
        },
        samplesMB: {
          ours: mem.ours.map(x => round(x.rssMB)),
          empty: mem.empty.map(x => round(x.rssMB)),
          floor: mem.floor.map(x => round(x.rssMB)),
        },
      },
    };
    ok = true;
    return result;
  } finally {
    await host.close(ok);
  }
}

export async function run({ tasks = [1000, 10000], runs = 3, only } = {}) {
  const worlds = [];
  for (const n of tasks) worlds.push(only === 'gototask' ? await goToTaskOnly(n, 5) : await measureWorld(n, runs));
  const [small, big] = [worlds[0], worlds.at(-1)];
  const factor = big.tasks / small.tasks;
  if (only === 'gototask') {
    for (const w of worlds) console.log(`[scale] ${w.tasks} tasks: Go to Task ${JSON.stringify(w.goToTask)}`);
    for (const [what, f] of GROWTH.filter(([w]) => /quick pick|Go to Task/.test(w)))
      console.log(
        `[scale] ${what}: ${f(small)} at ${small.tasks}, ${f(big)} at ${big.tasks} (×${round(f(big) / f(small), 2)})`,
      );
    return { bench: 'scale-gototask', worlds };
  }
  const growth = GROWTH.map(([what, f]) => ({
    what,
    peer: /peer/.test(what),
    small: f(small),
    big: f(big),
    times: round(f(big) / f(small), 2),
    // Nothing quadratic: each figure grows at most 1.2 times as fast as the tasks.
    withinLinear: f(big) / f(small) <= factor * 1.2,
  }));
  const result = {
    bench: 'scale',
    date: new Date().toISOString(),
    cpus: os.cpus().length,
    loadavg: os.loadavg().map(x => round(x, 2)),
    repositories: REPOS,
    worlds,
    growth,
    memoryPerTaskKB: round(((big.memory.deltaMB - small.memory.deltaMB) * 1024) / (big.tasks - small.tasks), 2),
    heapPerTaskKB: round(
      ((big.memory.heapAfterGcDeltaMB - small.memory.heapAfterGcDeltaMB) * 1024) / (big.tasks - small.tasks),
      2,
    ),
  };
  result.firstDrawGrowth = firstDrawGrowth(small, big);
  result.heapPerTaskOverFloorKB = round(
    ((big.memory.heapAfterGcOverFloorMB - small.memory.heapAfterGcOverFloorMB) * 1024) / (big.tasks - small.tasks),
    2,
  );
  saveResult('scale', result);
  for (const g of growth)
    console.log(
      `[scale] ${g.what}: ${g.small} at ${small.tasks}, ${g.big} at ${big.tasks} (×${g.times}${g.withinLinear ? '' : ', MORE THAN LINEAR'})`,
    );
  console.log(`[scale] memory per task: ${result.memoryPerTaskKB} KB RSS, ${result.heapPerTaskKB} KB heap`);
  const g = result.firstDrawGrowth;
  console.log(
    `[scale] first draw ×${g.ours} from ${small.tasks} to ${big.tasks} tasks, plain rows ×${g.plain} (ours / plain ${g.ratio}; run by run ${g.samples.join(', ')}); RSS over the floor at ${big.tasks}: +${big.memory.overFloorMB} MB, heap over the floor +${big.memory.heapAfterGcOverFloorMB} MB`,
  );
  return result;
}

if (isMain(import.meta.url)) {
  const i = process.argv.indexOf('--tasks');
  const tasks = i > 0 ? process.argv[i + 1].split(',').map(Number) : undefined;
  const runs = numberArg('--runs');
  const o = process.argv.indexOf('--only');
  const only = o > 0 ? process.argv[o + 1] : undefined;
  await run({ ...(tasks ? { tasks } : {}), ...(runs ? { runs } : {}), ...(only ? { only } : {}) });
  process.exit(0);
}
