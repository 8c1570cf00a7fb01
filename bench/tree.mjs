// Bench: tree work with 1,000 tasks, in a real VS Code's extension host. (1) Rebuilding the whole Repository Tasks
// tree — getChildren for the root and getTreeItem for every node, what VS Code asks after a full refresh — against
// the floor: the same tasks mapped to plain TreeItems, in the same host, rounds taking turns; and the first draw,
// where every node and item is made anew (after a filter hid them all), against the same floor. (2) Applying a change to
// one task: one poll that brings the change (a 200 page, merged, one node redrawn) against one poll that brings none
// (304), with the redraws each change caused.
// usage: npm run build && node bench/tree.mjs [--rounds N]
import os from 'node:os';
import { startHost, bigWorld, round } from './vscode-host.mjs';
import { isMain, numberArg, saveResult } from './report.mjs';

const TASKS = 1000;

export async function run({ rounds = 15 } = {}) {
  const host = await startHost({ world: bigWorld(TASKS, 5), kind: 'bench-tree' });
  let ok = false;
  try {
    await host.session('setup');
    const { tree: t } = await host.session('load', { params: { expect: TASKS, treeRounds: rounds } });
    const result = {
      bench: 'tree',
      date: new Date().toISOString(),
      cpus: os.cpus().length,
      tasks: t.tasks,
      rounds: t.rounds,
      rebuild: {
        oursMs: round(t.rebuildMs, 2),
        floorMs: round(t.floorMs, 2),
        ratio: round(t.rebuildMs / t.floorMs, 2),
        floor: 'the same tasks mapped to plain TreeItems',
        cpu: {
          oursMs: round(t.cpuMs.rebuild, 2),
          floorMs: round(t.cpuMs.floor, 2),
          ratio: round(t.cpuMs.rebuild / t.cpuMs.floor, 2),
        },
      },
      // Every node made anew (the view's first draw, or after a filter hid them all): no item kept from before.
      // The floor of the same rounds. Rounds that were not a first draw (the view drew first, or a poll answered
      // during it) were done again: `redone` says how many.
      firstDraw: {
        oursMs: round(t.firstDrawMs, 2),
        floorMs: round(t.firstDrawFloorMs, 2),
        ratio: round(t.firstDrawMs / t.firstDrawFloorMs, 2),
        cpu: {
          oursMs: round(t.cpuMs.firstDraw, 2),
          floorMs: round(t.cpuMs.firstDrawFloor, 2),
          ratio: round(t.cpuMs.firstDraw / t.cpuMs.firstDrawFloor, 2),
        },
        redone: t.firstDrawRedone,
      },
      change: {
        oursMs: round(t.changeMs, 2),
        unchangedPollMs: round(t.unchangedPollMs, 2),
        ratio: round(t.changeMs / t.unchangedPollMs, 2),
        versusRebuild: round(t.changeMs / t.rebuildMs, 2),
        redrawsPerChange: t.redrawsPerChange,
        peer: 'a poll that brings no change (304)',
      },
    };
    // Every round, to see how much the machine disturbed them.
    result.samplesMs = JSON.parse(JSON.stringify(t.samples, (_k, v) => (typeof v === 'number' ? round(v, 2) : v)));
    saveResult('tree', result);
    console.log(
      `[tree] rebuild of ${t.tasks} tasks: ${result.rebuild.oursMs} ms vs floor ${result.rebuild.floorMs} ms (ratio ${result.rebuild.ratio}; CPU ${result.rebuild.cpu.oursMs} vs ${result.rebuild.cpu.floorMs} ms, ratio ${result.rebuild.cpu.ratio}); first draw ${result.firstDraw.oursMs} ms vs floor ${result.firstDraw.floorMs} ms (ratio ${result.firstDraw.ratio}; CPU ratio ${result.firstDraw.cpu.ratio}; rounds redone ${result.firstDraw.redone}); one task changed: poll ${result.change.oursMs} ms vs unchanged poll ${result.change.unchangedPollMs} ms (ratio ${result.change.ratio}), redraws per change root ${t.redrawsPerChange.root} node ${t.redrawsPerChange.node}`,
    );
    ok = true;
    return result;
  } finally {
    await host.close(ok);
  }
}

if (isMain(import.meta.url)) {
  const n = numberArg('--rounds');
  await run(n === undefined ? {} : { rounds: n });
  process.exit(0);
}
