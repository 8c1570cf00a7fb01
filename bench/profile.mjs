// Where the time goes: runs one of the real-VS-Code benches' probes under the V8 profiler of the window's extension
// host and sums the samples by where their code lives (this extension, its HTTP layer, VS Code's extension host,
// other extensions, Node, garbage collection, idle). Not part of `npm run bench` (it exports no run()).
// usage: npm run build && node bench/profile.mjs activation|tree|load|snapshots|gototask [--runs N]
//   load: a sampling heap profile of what the host allocates while the extension loads 1,000 tasks (.heapprofile)
//   snapshots: heap snapshots with 1,000 tasks and without the extension, and what the first holds beyond the second;
//     with --other <built checkout>, that build's too, in the same run
//   writes bench/results/profiles/<what>-<n>.cpuprofile (open in Chrome DevTools) and prints a summary of each.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SourceMap } from 'node:module';
import {
  startHost,
  bigWorld,
  sandboxLib,
  writePeerExtension,
  writeFloorExtension,
  EXTENSION_ID,
} from './vscode-host.mjs';
import { numberArg } from './report.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const outDir = path.join(here, 'results', 'profiles');

const ROOT = path.resolve(here, '..');
const maps = new Map();

/** The original place of a frame in one of our bundles (through its source map), else the frame as it is. */
function origin(frame) {
  const file = frame.url.startsWith('file://') ? fileURLToPath(frame.url) : frame.url;
  if (!file.startsWith(path.join(ROOT, 'dist'))) return undefined;
  if (!maps.has(file)) {
    try {
      maps.set(file, new SourceMap(JSON.parse(fs.readFileSync(`${file}.map`, 'utf8'))));
    } catch {
      maps.set(file, undefined);
    }
  }
  const e = maps.get(file)?.findEntry(frame.lineNumber, frame.columnNumber);
  if (!e || !e.originalSource) return undefined;
  return { file: e.originalSource.replace(/^.*?(src\/|node_modules\/)/, '$1'), line: e.originalLine + 1, name: e.name };
}

/** Where a sample's code lives. */
function place(frame, o) {
  const { url, functionName: name } = frame;
  if (name === '(garbage collector)') return 'gc';
  if (name === '(idle)' || name === '(program)' || name === '(root)') return name.slice(1, -1);
  if (o)
    return o.file.startsWith('node_modules/')
      ? 'ours: undici'
      : o.file.startsWith('src/api/')
        ? 'ours: api'
        : 'ours: extension';
  if (url.includes(`${ROOT}/dist/`)) return url.endsWith('/api.js') ? 'ours: api' : 'ours: extension';
  if (/host-probe\.cjs/.test(url)) return 'bench probe';
  if (/extensions\/git\//.test(url)) return 'git extension';
  if (/extensionHostProcess\.js/.test(url)) return 'vscode extension host';
  if (/\/extensions\//.test(url)) return 'other extensions';
  if (/code-server/.test(url)) return 'vscode (its node modules)';
  if (url.startsWith('node:') || url === '') return 'node / native';
  return `other: ${url.split('/').slice(-2).join('/')}`;
}

function label(frame, o) {
  const name = frame.functionName || '(anonymous)';
  return o ? `${name} ${o.file}:${o.line}` : `${name} ${frame.url.split('/').pop()}:${frame.lineNumber + 1}`;
}

/** Self time by place and by function, in ms. */
export function summarize(profile, top = 25) {
  const byId = new Map(profile.nodes.map(n => [n.id, n]));
  const self = new Map();
  const dt = profile.timeDeltas;
  for (let i = 0; i < profile.samples.length; i++) {
    const n = byId.get(profile.samples[i]);
    self.set(n, (self.get(n) ?? 0) + (dt[i + 1] ?? 0) / 1000);
  }
  const add = (m, k, v) => m.set(k, (m.get(k) ?? 0) + v);
  const places = new Map();
  const fns = new Map();
  for (const [n, ms] of self) {
    const o = origin(n.callFrame);
    const where = place(n.callFrame, o);
    add(places, where, ms);
    add(fns, `${label(n.callFrame, o)} [${where}]`, ms);
  }
  const total = [...places.values()].reduce((a, b) => a + b, 0);
  const sorted = m => [...m].sort((a, b) => b[1] - a[1]);
  return {
    totalMs: Math.round(total),
    byPlace: Object.fromEntries(sorted(places).map(([k, v]) => [k, Math.round(v * 10) / 10])),
    topSelf: sorted(fns)
      .slice(0, top)
      .map(([k, v]) => `${v.toFixed(1).padStart(7)} ms  ${k}`),
  };
}

/** A sampling heap profile: bytes allocated (kept or not) by place and by function. */
export function summarizeAllocations(profile, top = 30) {
  const places = new Map();
  const fns = new Map();
  const add = (m, k, v) => m.set(k, (m.get(k) ?? 0) + v);
  const walk = (node, stack) => {
    const o = origin(node.callFrame);
    const where = place(node.callFrame, o);
    const key = `${label(node.callFrame, o)} [${where}]`;
    // Native allocations (JSON.parse, string building) are charged to the nearest frame that is not Node's own.
    const owner = where === 'node / native' || where === 'program' || where === 'root' ? stack : where;
    add(places, owner ?? where, node.selfSize);
    add(fns, key, node.selfSize);
    for (const c of node.children ?? []) walk(c, owner ?? stack);
  };
  walk(profile.head, undefined);
  const sorted = m => [...m].sort((a, b) => b[1] - a[1]);
  const mb = v => Math.round((v / 2 ** 20) * 10) / 10;
  return {
    totalMB: mb([...places.values()].reduce((a, b) => a + b, 0)),
    byPlaceMB: Object.fromEntries(sorted(places).map(([k, v]) => [k, mb(v)])),
    topMB: sorted(fns)
      .slice(0, top)
      .map(([k, v]) => `${mb(v).toFixed(1).padStart(6)} MB  ${k}`),
  };
}

/** Self sizes of a heap snapshot, summed by kind (strings, arrays, code, closures, objects by constructor). */
function snapshotSizes(file) {
  const snap = JSON.parse(fs.readFileSync(file, 'utf8'));
  const {
    node_fields: fields,
    node_types: [types],
  } = snap.snapshot.meta;
  const [iType, iName, iSize] = ['type', 'name', 'self_size'].map(f => fields.indexOf(f));
  const sizes = new Map();
  for (let i = 0; i < snap.nodes.length; i += fields.length) {
    const type = types[snap.nodes[i + iType]];
    const key =
      type === 'object' || type === 'closure' ? `${type} ${snap.strings[snap.nodes[i + iName]].slice(0, 40)}` : type;
    sizes.set(key, (sizes.get(key) ?? 0) + snap.nodes[i + iSize]);
  }
  return sizes;
}

/** What the first heap snapshot holds beyond the second, by kind, in MB. */
export function snapshotDiff(oursFile, peerFile, top = 20) {
  const [a, b] = [snapshotSizes(oursFile), snapshotSizes(peerFile)];
  const total = m => [...m.values()].reduce((x, y) => x + y, 0) / 2 ** 20;
  const rows = [...new Set([...a.keys(), ...b.keys()])].map(k => [k, ((a.get(k) ?? 0) - (b.get(k) ?? 0)) / 2 ** 20]);
  rows.sort((x, y) => y[1] - x[1]);
  return {
    oursMB: round1(total(a)),
    peerMB: round1(total(b)),
    moreMB: rows.slice(0, top).map(([k, v]) => `${v.toFixed(2).padStart(6)} MB  ${k}`),
  };
}

const round1 = x => Math.round(x * 10) / 10;

async function main() {
  const what = process.argv[2];
  const runs = numberArg('--runs', 1);
  const o = process.argv.indexOf('--other');
  const other = o > 0 ? path.resolve(process.argv[o + 1]) : undefined;
  if (!['activation', 'tree', 'load', 'snapshots', 'gototask'].includes(what))
    throw new Error('usage: node bench/profile.mjs activation|tree|load|snapshots|gototask [--runs N]');
  fs.mkdirSync(outDir, { recursive: true });
  // --tasks N: the scale bench's world of N tasks in 200 repositories, every list read whole through Load more.
  const scaleTasks = numberArg('--tasks');
  const scale = scaleTasks ? await import('./scale.mjs') : undefined;
  const world = scale
    ? scale.scaleWorld(scaleTasks)
    : what === 'activation'
      ? sandboxLib().demoWorld()
      : what === 'gototask'
        ? (await import('./gototask.mjs')).manyReposWorld()
        : bigWorld(1000, 5);
  const expect = scale ? scale.expected(world) : 1000;
  const host = await startHost({ world, kind: `bench-prof-${what}` });
  let ok = false;
  try {
    await host.session('setup');
    for (let i = 1; i <= runs; i++) {
      const file = path.join(outDir, `${what}-${i}.cpuprofile`);
      if (what === 'snapshots') {
        // The live heap with 1,000 tasks in both views, against the host without the extension.
        const ours = file.replace(/\.cpuprofile$/, '-ours.heapsnapshot');
        const peer = file.replace(/\.cpuprofile$/, '-peer.heapsnapshot');
        const emptyDir = writePeerExtension(path.join(host.runDir, 'peer-empty'), 'empty');
        const mem = {};
        mem.ours = (
          await host.session('load', { params: { expect, settleSeconds: 5, snapshot: ours }, timeoutMs: 900_000 })
        ).memory;
        mem.peer = (
          await host.session('empty', { extensionPath: emptyDir, params: { settleSeconds: 5, snapshot: peer } })
        ).memory;
        console.log(JSON.stringify(snapshotDiff(ours, peer), null, 2));
        // The floor (a minimal extension showing the same tasks in two views): what ours holds beyond the least.
        const floor = file.replace(/\.cpuprofile$/, '-floor.heapsnapshot');
        const floorDir = writeFloorExtension(path.join(host.runDir, 'peer-floor'));
        mem.floor = (
          await host.session('floor', {
            extensionPath: floorDir,
            params: { expect, settleSeconds: 5, snapshot: floor },
          })
        ).memory;
        console.log('[profile] this build against the floor:');
        console.log(JSON.stringify(snapshotDiff(ours, floor), null, 2));
        if (other) {
          // Another build (e.g. an older commit, built in its own checkout) in the same run: what ours holds beyond it.
          const theirs = file.replace(/\.cpuprofile$/, '-other.heapsnapshot');
          mem.other = (
            await host.session('load', {
              extensionPath: other,
              params: { expect, settleSeconds: 5, snapshot: theirs },
            })
          ).memory;
          console.log('[profile] the other build against the host without the extension:');
          console.log(JSON.stringify(snapshotDiff(theirs, peer), null, 2));
          console.log('[profile] this build against the other:');
          console.log(JSON.stringify(snapshotDiff(ours, theirs, 40), null, 2));
        }
        const rows = Object.entries(mem).map(([k, m]) => ({
          who: k,
          rssMB: round1(m.rssMB),
          afterGcRssMB: round1(m.afterGc.rssMB),
          afterGcHeapUsedMB: round1(m.afterGc.heapUsedMB),
          anon: m.detail?.anon,
        }));
        console.log(JSON.stringify(rows, null, 2));
        continue;
      }
      if (what === 'load') {
        // What the host allocates while the extension loads 1,000 tasks into both views and settles.
        const heapFile = file.replace(/\.cpuprofile$/, '.heapprofile');
        const r = await host.session('load', {
          params: { expect, settleSeconds: 5, allocations: heapFile },
          timeoutMs: 900_000,
        });
        console.log(JSON.stringify(r.memory));
        console.log(JSON.stringify(summarizeAllocations(JSON.parse(fs.readFileSync(heapFile, 'utf8'))), null, 2));
        console.log(`[profile] ${path.relative(process.cwd(), heapFile)}`);
        continue;
      }
      if (what === 'gototask') {
        // Go to Task opened over 2,000 tasks in 100 repositories, 9 times back to back.
        const r = await host.session('gototask', {
          params: { expect: scale ? expect.myTasks : 2000, rounds: 9, profile: file },
          timeoutMs: 600_000,
        });
        console.log(JSON.stringify({ openMs: r.openMs, plainMs: r.plainMs }));
        console.log(JSON.stringify(summarize(JSON.parse(fs.readFileSync(file, 'utf8'))), null, 2));
        console.log(`[profile] ${path.relative(process.cwd(), file)}`);
        continue;
      }
      const r =
        what === 'activation'
          ? await host.session('activation', { params: { id: EXTENSION_ID, profile: file } })
          : await host.session('load', { params: { expect, treeRounds: 15, profile: file }, timeoutMs: 900_000 });
      console.log(JSON.stringify(r.tree ?? r));
      console.log(JSON.stringify(summarize(JSON.parse(fs.readFileSync(file, 'utf8'))), null, 2));
      console.log(`[profile] ${path.relative(process.cwd(), file)}`);
    }
    ok = !process.env.KEEP;
  } finally {
    if (!ok) console.log(`[profile] run folder kept: ${host.runDir}`);
    await host.close(ok);
  }
}

if (process.argv[2] === '--summary') {
  const [file] = process.argv.slice(3);
  const data = JSON.parse(fs.readFileSync(file, 'utf8'));
  console.log(
    JSON.stringify(data.head?.selfSize !== undefined ? summarizeAllocations(data, 40) : summarize(data, 40), null, 2),
  );
} else if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  await main();
  process.exit(0);
}
