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

function snapshot() {
  const m = process.memoryUsage();
  const spaces = Object.fromEntries(v8.getHeapSpaceStatistics().map(s => [s.space_name, +(s.space_size / MB).toFixed(2)]));
  return {
    rssMB: m.rss / MB, heapUsedMB: m.heapUsed / MB, heapTotalMB: m.heapTotal / MB, externalMB: m.external / MB,
    arrayBuffersMB: m.arrayBuffers / MB, spacesMB: spaces,
    nodeFetchLoaded: globalThis[Symbol.for('undici.globalDispatcher.1')] !== undefined,
  };
}

/** `steps`: [name, async fn] in order; each measured before GC (as it is) and after (what stays). */
async function measureSteps(steps, { settleMs = 1000 } = {}) {
  const gc = collector();
  const out = [];
  for (const [name, fn] of steps) {
    await fn();
    await sleep(settleMs);
    const raw = snapshot();
    for (let i = 0; i < 3; i++) {
      gc();
      await sleep(100);
    }
    out.push({ step: name, asIs: raw, afterGc: snapshot() });
  }
  return out;
}

exports.breakdown = async function breakdown({ ourId, sandboxUrl, token, loaded, expect }) {
  const ext = vscode.extensions.getExtension(ourId);
  const wasActive = ext.isActive;
  let api;
  let client;
  const steps = [
    ['host', async () => {}],
    ['HTTP layer loaded', async () => {
      api = require(path.join(ext.extensionPath, 'dist', 'api.js'));
    }],
    ['first request', async () => {
      client = new api.ApiClient({ baseUrl: sandboxUrl, token: () => token });
      await client.listTasksForRepo({ owner: 'acme', repo: 'rocket', per_page: 1 });
    }],
    ['both lists read', async () => {
      const kept = [];
      for (let page = 1; page <= 11; page++) kept.push(await client.listTasksForRepo({ owner: 'acme', repo: 'rocket', per_page: 100, page }));
      for (let page = 1; page <= 11; page++) kept.push(await client.listTasks({ per_page: 100, page }));
      globalThis.__benchKept = kept;
    }],
    ['lists dropped', async () => {
      delete globalThis.__benchKept;
      await client.close();
    }],
    ['extension with both views filled', async () => {
      await loaded(expect);
    }],
  ];
  return { wasActive, steps: await measureSteps(steps) };
};
