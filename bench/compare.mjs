// Before and after in one run: two builds of the extension (this checkout and another, e.g. an older commit built in
// its own folder) measured in the same code-server, windows taking turns with the peers, so that the machine's load
// falls on both alike. Not part of `npm run bench` (it exports no run()).
// usage: npm run build && node bench/compare.mjs /path/to/other/checkout [--runs N] [--activation-only] [--view-first]
//   the other checkout must be built (its dist/); its own bench/ is not used.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startHost, bigWorld, sandboxLib, writePeerExtension, median, round, EXTENSION_ID } from './vscode-host.mjs';
import { isMain, numberArg, saveResult } from './report.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const THIS = path.resolve(here, '..');

// The view opened first, as in a window restored with it open (see host-probe.cjs); else once activate() returned.
const viewFirst = process.argv.includes('--view-first');

async function activation(builds, runs) {
  const host = await startHost({ world: sandboxLib().demoWorld(), kind: 'bench-cmp-act' });
  try {
    const peerDir = writePeerExtension(path.join(host.runDir, 'peer-tree'), 'tree');
    await host.session('setup');
    const ms = Object.fromEntries([...Object.keys(builds), 'peer'].map(k => [k, []]));
    for (let i = 0; i < runs; i++) {
      const order = [...Object.keys(ms)];
      for (let k = 0; k < i % order.length; k++) order.push(order.shift());
      for (const who of order) {
        const r =
          who === 'peer'
            ? await host.session('activation', {
                extensionPath: peerDir,
                params: { id: 'bench.bench-tree-peer', viewFirst },
              })
            : await host.session('activation', { extensionPath: builds[who], params: { id: EXTENSION_ID, viewFirst } });
        if (!r.wasActive) ms[who].push(r.firstTreeMs);
      }
    }
    const peer = median(ms.peer);
    return Object.fromEntries(
      Object.keys(builds).map(k => [
        k,
        { firstTreeMs: median(ms[k]), peerMs: peer, ratio: round(median(ms[k]) / peer, 2), samples: ms[k] },
      ]),
    );
  } finally {
    await host.close(true);
  }
}

async function load(builds, runs) {
  const host = await startHost({ world: bigWorld(1000, 5), kind: 'bench-cmp-load' });
  try {
    const emptyDir = writePeerExtension(path.join(host.runDir, 'peer-empty'), 'empty');
    await host.session('setup');
    const mem = Object.fromEntries([...Object.keys(builds), 'peer'].map(k => [k, []]));
    const tree = Object.fromEntries(Object.keys(builds).map(k => [k, []]));
    for (let i = 0; i < runs; i++) {
      const order = [...Object.keys(mem)];
      for (let k = 0; k < i % order.length; k++) order.push(order.shift());
      for (const who of order) {
        if (who === 'peer') {
          mem.peer.push(
            (await host.session('empty', { extensionPath: emptyDir, params: { settleSeconds: 5 } })).memory,
          );
        } else {
          const r = await host.session('load', {
            extensionPath: builds[who],
            params: { expect: 1000, settleSeconds: 5, treeRounds: 15 },
          });
          mem[who].push(r.memory);
          tree[who].push(r.tree);
        }
      }
    }
    const m = (xs, f) => round(median(xs.map(f)));
    const peer = { rssMB: m(mem.peer, x => x.rssMB), afterGcRssMB: m(mem.peer, x => x.afterGc.rssMB) };
    return Object.fromEntries(
      Object.keys(builds).map(k => [
        k,
        {
          memory: {
            rssMB: m(mem[k], x => x.rssMB),
            peerRssMB: peer.rssMB,
            deltaRssMB: round(m(mem[k], x => x.rssMB) - peer.rssMB),
            afterGcDeltaRssMB: round(m(mem[k], x => x.afterGc.rssMB) - peer.afterGcRssMB),
            afterGcDeltaHeapMB: round(m(mem[k], x => x.afterGc.heapUsedMB) - m(mem.peer, x => x.afterGc.heapUsedMB)),
          },
          tree: {
            rebuildRatio: round(median(tree[k].map(t => t.rebuildMs / t.floorMs)), 2),
            rebuildCpuRatio: round(median(tree[k].map(t => t.cpuMs.rebuild / t.cpuMs.floor)), 2),
            firstDrawRatio: round(median(tree[k].map(t => t.firstDrawMs / (t.firstDrawFloorMs ?? t.floorMs))), 2),
            changeRatio: round(median(tree[k].map(t => t.changeMs / t.unchangedPollMs)), 2),
          },
        },
      ]),
    );
  } finally {
    await host.close(true);
  }
}

async function main() {
  const other = process.argv[2];
  // A build of before the extension was ES modules has dist/extension.js.
  if (!other || !['extension.mjs', 'extension.js'].some(f => fs.existsSync(path.join(other, 'dist', f))))
    throw new Error('usage: node bench/compare.mjs /path/to/other/built/checkout [--runs N]');
  const runs = numberArg('--runs', 5);
  const builds = { before: path.resolve(other), after: THIS };
  const act = await activation(builds, runs);
  // Said at once: the load part takes longer, and may fail on its own.
  console.log(`[compare] activation → first tree: ${JSON.stringify(act)}`);
  const result = {
    bench: 'compare',
    date: new Date().toISOString(),
    builds,
    runs,
    activation: act,
    load: process.argv.includes('--activation-only') ? undefined : await load(builds, Math.max(3, runs - 2)),
  };
  console.log(JSON.stringify(result, null, 2));
  saveResult('compare', result);
}

if (isMain(import.meta.url)) {
  await main();
  process.exit(0);
}
