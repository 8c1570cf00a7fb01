// Bench: memory of the extension host in a real VS Code. Ours: the extension with 1,000 tasks loaded in both task
// views, after a settle time. The peer, same server and run: a window whose extension host runs without this extension
// (an empty extension stands in, since the window needs one under development), after the same settle time.
// Figures are the host process's RSS and V8 heap (process.memoryUsage() inside the host), median of the windows, as
// they are and after full garbage collections. Before them, one window follows the load step by step (`breakdown`).
// usage: npm run build && node bench/memory.mjs [--runs N]
import os from 'node:os';
import path from 'node:path';
import { startHost, bigWorld, writePeerExtension, writeFloorExtension, median, round } from './vscode-host.mjs';
import { isMain, numberArg, saveResult } from './report.mjs';

const TASKS = 1000;
const SETTLE_S = 5;

export async function run({ runs = 5 } = {}) {
  const host = await startHost({ world: bigWorld(TASKS, 5), kind: 'bench-mem' });
  let ok = false;
  try {
    const emptyDir = writePeerExtension(path.join(host.runDir, 'peer-empty'), 'empty');
    const floorDir = writeFloorExtension(path.join(host.runDir, 'peer-floor'));
    // First, while this browser profile holds no token: the extension starts signed out, and one window follows the
    // load step by step (bench/host-memory.cjs). Its last step sets the token, as the setup window would.
    const { steps } = await host.session('memsteps', { params: { expect: TASKS } });
    const breakdown = steps.map((s, i) => {
      const before = i ? steps[i - 1].afterGc : undefined;
      const d = (k, x = s.afterGc) => (before ? round(x[k] - before[k]) : undefined);
      const anon = Object.fromEntries(
        Object.entries(s.afterGc.anon ?? {}).map(([k, v]) => [k, before ? round(v - (before.anon?.[k] ?? 0)) : v]),
      );
      return {
        step: s.step,
        rssMB: round(s.afterGc.rssMB),
        deltaRssMB: d('rssMB'),
        deltaHeapUsedMB: d('heapUsedMB'),
        deltaHeapTotalMB: d('heapTotalMB'),
        [before ? 'deltaAnonByMappingMB' : 'anonByMappingMB']: anon,
      };
    });
    for (const b of breakdown)
      console.log(
        `[memory] step "${b.step}": RSS ${b.rssMB} MB${b.deltaRssMB === undefined ? '' : ` (${b.deltaRssMB >= 0 ? '+' : ''}${b.deltaRssMB}; heap used ${b.deltaHeapUsedMB >= 0 ? '+' : ''}${b.deltaHeapUsedMB})`}`,
      );
    await host.session('setup');
    const ours = [];
    const peer = [];
    const floor = [];
    const peaks = { ours: [], floor: [] };
    const active = {};
    for (let i = 0; i < runs; i++) {
      const order = ['ours', 'peer', 'floor'];
      for (let k = 0; k < i % order.length; k++) order.push(order.shift());
      for (const who of order) {
        const r =
          who === 'ours'
            ? await host.session('load', { params: { expect: TASKS, settleSeconds: SETTLE_S } })
            : who === 'floor'
              ? await host.session('floor', {
                  extensionPath: floorDir,
                  params: { expect: TASKS, settleSeconds: SETTLE_S },
                })
              : await host.session('empty', { extensionPath: emptyDir, params: { settleSeconds: SETTLE_S } });
        ({ ours, peer, floor })[who].push(r.memory);
        if (r.peak) peaks[who].push(r.peak);
        if (r.tokenSet) throw new Error('the load window had to set the token: it was not kept from the first window');
        active[who] = r.extensions;
      }
    }
    const sum = xs => ({
      rssMB: round(median(xs.map(x => x.rssMB))),
      heapUsedMB: round(median(xs.map(x => x.heapUsedMB))),
      heapTotalMB: round(median(xs.map(x => x.heapTotalMB))),
      runs: xs.length,
      afterGc: {
        rssMB: round(median(xs.map(x => x.afterGc.rssMB))),
        heapUsedMB: round(median(xs.map(x => x.afterGc.heapUsedMB))),
        heapTotalMB: round(median(xs.map(x => x.afterGc.heapTotalMB))),
      },
      samples: xs.map(x => ({
        rssMB: round(x.rssMB),
        heapTotalMB: round(x.heapTotalMB),
        afterGcRssMB: round(x.afterGc.rssMB),
        afterGcHeapTotalMB: round(x.afterGc.heapTotalMB),
        afterGcHeapUsedMB: round(x.afterGc.heapUsedMB),
      })),
    });
    const o = sum(ours);
    const p = sum(peer);
    const f = sum(floor);
    // V8's own account and the allocator's mappings, median of the windows: where the RSS is.
    const where = xs => ({
      v8PhysicalMB: round(median(xs.map(x => x.detail.v8.physicalMB))),
      v8PeakMallocedMB: round(median(xs.map(x => x.detail.v8.peakMallocedMB))),
      newSpaceMB: median(xs.map(x => x.detail.spacesMB.new_space)),
      oldSpaceMB: round(median(xs.map(x => x.detail.spacesMB.old_space))),
      physicalBySpaceMB: Object.fromEntries(
        Object.keys(xs[0].detail.physicalSpacesMB ?? {}).map(k => [
          k,
          round(median(xs.map(x => x.detail.physicalSpacesMB[k] ?? 0))),
        ]),
      ),
      anonByMappingMB: Object.fromEntries(
        Object.keys(xs[0].detail.anon ?? {}).map(k => [k, round(median(xs.map(x => x.detail.anon[k] ?? 0)))]),
      ),
    });
    const peak = xs =>
      xs.length
        ? { rssMB: round(median(xs.map(x => x.rssMB))), heapUsedMB: round(median(xs.map(x => x.heapUsedMB))) }
        : undefined;
    const result = {
      bench: 'memory',
      date: new Date().toISOString(),
      cpus: os.cpus().length,
      tasks: TASKS,
      settleSeconds: SETTLE_S,
      ours: { ...o, activeExtensions: active.ours },
      peer: { what: 'the same extension host without this extension', ...p, activeExtensions: active.peer },
      floor: {
        what: 'a minimal extension showing the same two lists (every page through the host fetch, plain items)',
        ...f,
      },
      // Beyond the host without the extension: what the floor pays, and what ours pays beyond the floor.
      floorDeltaMB: {
        rss: round(f.rssMB - p.rssMB),
        afterGcHeapUsed: round(f.afterGc.heapUsedMB - p.afterGc.heapUsedMB),
      },
      overFloorMB: {
        rss: round(o.rssMB - f.rssMB),
        afterGcHeapUsed: round(o.afterGc.heapUsedMB - f.afterGc.heapUsedMB),
        windowByWindow: round(median(ours.map((x, i) => x.rssMB - floor[i].rssMB))),
      },
      where: { ours: where(ours), peer: where(peer), floor: where(floor) },
      peakWhileLoading: { ours: peak(peaks.ours), floor: peak(peaks.floor) },
      ratio: { rss: round(o.rssMB / p.rssMB, 3), heapUsed: round(o.heapUsedMB / p.heapUsedMB, 3) },
      deltaMB: { rss: round(o.rssMB - p.rssMB), heapUsed: round(o.heapUsedMB - p.heapUsedMB) },
      breakdown,
      // Windows of one run take turns, so each of ours has a peer beside it; the median of those differences moves
      // less than the difference of the medians when the host's memory drifts during the run.
      pairedDeltaMB: {
        rss: round(median(ours.map((o, i) => o.rssMB - peer[i].rssMB))),
        afterGcRss: round(median(ours.map((o, i) => o.afterGc.rssMB - peer[i].afterGc.rssMB))),
      },
      afterGcDeltaMB: {
        rss: round(o.afterGc.rssMB - p.afterGc.rssMB),
        heapUsed: round(o.afterGc.heapUsedMB - p.afterGc.heapUsedMB),
      },
    };
    saveResult('memory', result);
    console.log(
      `[memory] the floor (the same tasks shown by a minimal extension): +${result.floorDeltaMB.rss} MB; ours over the floor: +${result.overFloorMB.rss} MB (window by window +${result.overFloorMB.windowByWindow}; heap after collections +${result.overFloorMB.afterGcHeapUsed})`,
    );
    console.log(
      `[memory] host RSS ${o.rssMB} MB with ${TASKS} tasks vs ${p.rssMB} MB without the extension (ratio ${result.ratio.rss}, +${result.deltaMB.rss} MB); heap ${o.heapUsedMB} vs ${p.heapUsedMB} MB (+${result.deltaMB.heapUsed} MB); after full GC: RSS +${result.afterGcDeltaMB.rss} MB, heap +${result.afterGcDeltaMB.heapUsed} MB; window by window: RSS +${result.pairedDeltaMB.rss} MB`,
    );
    ok = true;
    return result;
  } finally {
    await host.close(ok);
  }
}

if (isMain(import.meta.url)) {
  const n = numberArg('--runs');
  await run(n === undefined ? {} : { runs: n });
  process.exit(0);
}
