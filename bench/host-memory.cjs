// Runs inside the extension host (required by bench/host-probe.cjs): where the host's memory goes when this
// extension loads 1,000 tasks, step by step in one window, each step measured after full garbage collections so that
// what is counted is what stays. Steps: the host before the extension does anything; the HTTP layer loaded
// (dist/api.js, undici inside); its first request; both task lists read (every page, as the extension reads them);
// the extension activated with both views open and filled. The first three use the API module directly, in the
// same module instance the extension loads afterwards, so they are not counted twice.
const path = require('node:path');
const v8 = require('node:v8');
const vm = require('node:vm');
const vscode = require('vscode');

const MB = 2 ** 20;
const sleep = ms => new Promise(r => setTimeout(r, ms));

function collector() {
  v8.setFlagsFromString('--expose-gc');
  return vm.runInNewContext('gc');
}

/** Resident memory by kind, from Linux (anonymous: heaps and allocations; file: mapped code and data files). */
function residentByKind() {
  try {
    const status = require('node:fs').readFileSync('/proc/self/status', 'utf8');
    const kb = k => Number(new RegExp(`^${k}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN) / 1024;
    return { anonMB: kb('RssAnon'), fileMB: kb('RssFile'), shmemMB: kb('RssShmem'), threads: kb('Threads') * 1024 };
  } catch {
    return undefined;
  }
}

/** Resident anonymous memory by the size of the mapping it is in (glibc's arenas reserve 64 MB; V8 pages are small). */
function anonByMapping() {
  try {
    const text = require('node:fs').readFileSync('/proc/self/smaps', 'utf8');
    const out = {};
    let head;
    let size = 0;
    for (const line of text.split('\n')) {
      const m = /^([0-9a-f]+)-([0-9a-f]+) \S+ \S+ \S+ \d+\s*(.*)$/.exec(line);
      if (m) {
        head = m[3] || '[anon]';
        size = (parseInt(m[2], 16) - parseInt(m[1], 16)) / 1024;
        continue;
      }
      const r = /^Anonymous:\s+(\d+) kB/.exec(line);
      if (r && head && Number(r[1]) > 0) {
        const kind = head.startsWith('/')
          ? 'file'
          : head === '[anon]'
            ? size >= 65536 - 4096 && size <= 65536
              ? 'anon 64MB (malloc arena)'
              : size >= 1024 * 32
                ? 'anon >=32MB'
                : size >= 1024
                  ? 'anon 1-32MB'
                  : 'anon <1MB'
            : head;
        out[kind] = (out[kind] ?? 0) + Number(r[1]) / 1024;
      }
    }
    return Object.fromEntries(Object.entries(out).map(([k, v]) => [k, +v.toFixed(1)]));
  } catch {
    return undefined;
  }
}

function snapshot() {
  const m = process.memoryUsage();
  const spaces = Object.fromEntries(
    v8.getHeapSpaceStatistics().map(s => [s.space_name, +(s.space_size / MB).toFixed(2)]),
  );
  const physical = Object.fromEntries(
    v8.getHeapSpaceStatistics().map(s => [s.space_name, +(s.physical_space_size / MB).toFixed(2)]),
  );
  const h = v8.getHeapStatistics();
  return {
    rssMB: m.rss / MB,
    // V8's own account: the heap's pages it has committed and touched, and what it allocated outside the heap
    // (compilers' and parsers' zones) through malloc, now and at most.
    v8: {
      physicalMB: +(h.total_physical_size / MB).toFixed(2),
      mallocedMB: +(h.malloced_memory / MB).toFixed(2),
      peakMallocedMB: +(h.peak_malloced_memory / MB).toFixed(2),
      externalMB: +(h.external_memory / MB).toFixed(2),
    },
    heapUsedMB: m.heapUsed / MB,
    heapTotalMB: m.heapTotal / MB,
    externalMB: m.external / MB,
    arrayBuffersMB: m.arrayBuffers / MB,
    spacesMB: spaces,
    physicalSpacesMB: physical,
    resident: residentByKind(),
    anon: anonByMapping(),
    nodeFetchLoaded: globalThis[Symbol.for('undici.globalDispatcher.1')] !== undefined,
  };
}

/** Full collections until what is left is what is kept. */
async function collectGarbage() {
  const gc = collector();
  for (let i = 0; i < 3; i++) {
    gc();
    await sleep(100);
  }
}
exports.collectGarbage = collectGarbage;
exports.collector = collector;
exports.snapshot = () => snapshot();

/** `steps`: [name, async fn] in order; each measured before GC (as it is) and after (what stays). */
async function measureSteps(steps, { settleMs = 1000 } = {}) {
  const out = [];
  for (const [name, fn] of steps) {
    await fn();
    await sleep(settleMs);
    const raw = snapshot();
    await collectGarbage();
    out.push({ step: name, asIs: raw, afterGc: snapshot() });
  }
  return out;
}

/**
 * Runs `fn` under V8's sampling heap profiler and writes what was allocated where (collected or not) to `file`,
 * for bench/profile.mjs.
 */
exports.allocations = async function allocations(file, fn) {
  if (!file) return fn();
  const inspector = require('node:inspector');
  const session = new inspector.Session();
  session.connect();
  const post = (method, params) =>
    new Promise((resolve, reject) => session.post(method, params, (e, r) => (e ? reject(e) : resolve(r))));
  await post('HeapProfiler.enable');
  await post('HeapProfiler.startSampling', {
    samplingInterval: 16384,
    includeObjectsCollectedByMajorGC: true,
    includeObjectsCollectedByMinorGC: true,
  });
  try {
    return await fn();
  } finally {
    const { profile } = await post('HeapProfiler.stopSampling');
    require('node:fs').writeFileSync(file, JSON.stringify(profile));
    session.disconnect();
  }
};

/**
 * One window, our extension active but signed out (no token yet in this browser profile): the steps of loading
 * 1,000 tasks, each measured as it is and after full collections. The HTTP steps use the API module directly, the
 * same module instance the extension uses afterwards, so nothing is counted twice.
 */
/** Writes a heap snapshot of the host to `file` (for bench/profile.mjs --snapshots). */
exports.heapSnapshot = async function heapSnapshot(file) {
  const inspector = require('node:inspector');
  const fs = require('node:fs');
  const session = new inspector.Session();
  session.connect();
  const out = fs.openSync(file, 'w');
  session.on('HeapProfiler.addHeapSnapshotChunk', m => fs.writeSync(out, m.params.chunk));
  await new Promise((resolve, reject) =>
    session.post('HeapProfiler.takeHeapSnapshot', { reportProgress: false }, e => (e ? reject(e) : resolve())),
  );
  fs.closeSync(out);
  session.disconnect();
};

exports.breakdown = async function breakdown({ ourId, sandboxUrl, token, loaded, expect }) {
  const ext = vscode.extensions.getExtension(ourId);
  await ext.activate();
  let api;
  let client;
  // Builds before the API's names were settled call it listTasksForRepo (bench/compare.mjs measures older builds).
  const list = (owner, page, per_page = 100) =>
    (client.listRepositoryTasks ?? client.listTasksForRepo).call(client, { owner, repo: 'rocket', per_page, page });
  const steps = [
    ['extension active, signed out', async () => {}],
    [
      'HTTP layer loaded (dist/api.js)',
      async () => {
        api = require(path.join(ext.extensionPath, 'dist', 'api.js'));
      },
    ],
    [
      'first request',
      async () => {
        client = new api.ApiClient({ baseUrl: sandboxUrl, token: () => token });
        await list('acme', 1, 1);
      },
    ],
    [
      'ten more requests',
      async () => {
        for (let i = 0; i < 10; i++) await list('acme', 1, 1);
      },
    ],
    [
      'both lists read and kept (2,019 tasks)',
      async () => {
        const kept = [];
        for (let page = 1; page <= 11; page++) kept.push(await list('acme', page));
        for (let page = 1; page <= 11; page++) kept.push(await client.listTasks({ per_page: 100, page }));
        globalThis.__benchKept = kept;
      },
    ],
    [
      'lists dropped',
      async () => {
        delete globalThis.__benchKept;
        await client.close();
      },
    ],
    [
      'signed in, both views filled',
      async () => {
        await loaded(expect, { signedIn: false });
      },
    ],
  ];
  return { steps: await measureSteps(steps) };
};
