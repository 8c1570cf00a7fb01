// Runs inside a real VS Code's extension host (loaded through `extensionTestsPath` by bench/vscode-host.mjs) and
// measures what the bench asks in bench-control.json: activation to the first tree, polling cost, tree work, memory.
// Writes its figures as JSON to the file the control names; the window's extension host exits when run() settles.
const fs = require('node:fs');
const vscode = require('vscode');

const OURS = 'agent-tasks.agent-tasks';
const sandbox = () => process.env.AGENT_TASKS_SANDBOX_URL;
const sleep = ms => new Promise(r => setTimeout(r, ms));
const log = m => console.log(`[probe] ${m}`);

async function until(probe, what, timeoutMs = 60_000, everyMs = 2) {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await probe();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(everyMs);
  }
}

/**
 * Runs `fn` under the V8 profiler of this extension host when `file` is given (bench/profile.mjs), writing a
 * .cpuprofile there: where the host's main thread spent the time, ours and VS Code's alike.
 */
async function profiled(file, fn) {
  if (!file) return fn();
  const inspector = require('node:inspector');
  const session = new inspector.Session();
  session.connect();
  const post = (method, params) =>
    new Promise((resolve, reject) => session.post(method, params, (e, r) => (e ? reject(e) : resolve(r))));
  await post('Profiler.enable');
  await post('Profiler.setSamplingInterval', { interval: 50 });
  await post('Profiler.start');
  try {
    return await fn();
  } finally {
    const { profile } = await post('Profiler.stop');
    fs.writeFileSync(file, JSON.stringify(profile));
    session.disconnect();
  }
}

const { tree } = require('./host-tree.cjs');

const { peakOf, fill, signedIn, loaded, setToken, taskItems } = require('./host-load.cjs');

/**
 * From the call to activate() to the first tree holding the demo world's tasks. The view is opened once activate()
 * returns; with `viewFirst`, it is opened first, as in a window restored with it open, and VS Code activates the
 * extension for it while the probe's call waits for that.
 */
async function activation({ id, viewFirst = false, view, keepSeconds }) {
  const ext = vscode.extensions.getExtension(id);
  if (!ext) throw new Error(`extension ${id} is not loaded`);
  const wasActive = ext.isActive;
  const focus = () =>
    vscode.commands.executeCommand(`${view ?? (id === OURS ? 'agentTasks.repoTasks' : 'benchPeer.tasks')}.focus`);
  const t0 = Date.now();
  const opened = viewFirst ? focus() : undefined;
  const api = await ext.activate();
  const activateMs = Date.now() - t0;
  // When VS Code first asked our Repository view for its rows, and how many tasks it was handed then (the view is
  // opened after this, unless it was opened first).
  let firstAsked;
  const provider = id === OURS ? api.treeProvider?.('repoTasks') : undefined;
  if (provider) {
    const ask = provider.getChildren.bind(provider);
    provider.getChildren = async node => {
      const rows = await ask(node);
      if (!node && !firstAsked) firstAsked = { ms: Date.now() - t0, tasks: rows.filter(r => r.kind === 'task').length };
      return rows;
    };
  }
  // Whether the workspace's storage held lists of ours when the window opened (nothing has been read yet).
  const kept = id === OURS ? api.storedState().includes('agentTasks.lastLists') : undefined;
  await (opened ?? focus());
  let readyAt;
  // Whether the first rows were the last ones this workspace saw, not a fresh list: drawn before the extension had
  // received any list of tasks (so they can only have come from the workspace's storage).
  let fromLast;
  if (id === OURS) {
    // As the peer's: when the view handed VS Code rows holding tasks, as VS Code asked for them. Asking the view
    // here instead (it was, every 2 ms) ran our tree's code in this thread while it loaded, and saw it late.
    readyAt = await until(() => api.firstTasksDrawn('repoTasks'), 'tasks in Repository Tasks', 60_000);
    fromLast = api.responses().every(r => !/\/tasks\b/.test(r.path) || r.at > readyAt);
    if ((await taskItems(api)).length === 0) throw new Error('the view said it drew tasks, and holds none');
    // A window that keeps its lists for the next: the answer replaces the stored rows and the lists are written to
    // the workspace's storage, which the workbench writes to disk a moment later (a window closed at once loses it).
    if (keepSeconds) {
      await until(
        () => !api.showsLast('repoTasks') && api.storedState().includes('agentTasks.lastLists'),
        'the lists read and kept',
        60_000,
        20,
      );
      await sleep(keepSeconds * 1000);
    }
  } else {
    readyAt = await Promise.race([
      api.ready,
      sleep(60_000).then(() => {
        throw new Error('the peer tree never filled');
      }),
    ]);
  }
  return {
    wasActive,
    activateMs,
    firstTreeMs: readyAt - t0,
    ...(fromLast !== undefined ? { fromLast, kept, showsLast: api.showsLast('repoTasks'), firstAsked } : {}),
  };
}

/** A control endpoint of the sandbox; a refusal throws (a refused stats reset once skewed the polling figures). */
async function control(path, init = {}) {
  const headers = init.method === 'POST' ? { 'content-type': 'application/json' } : {};
  const r = await fetch(`${sandbox()}${path}`, { ...init, headers: { ...headers, ...init.headers } });
  if (!r.ok) throw new Error(`${init.method ?? 'GET'} ${path}: ${r.status} ${await r.text()}`);
  return r.status === 204 ? undefined : r.json();
}

/** The extension watching the big world for `seconds`: what reached the service. */
async function polling(api, { seconds }) {
  // What reached the service since it started: the load of both views, and before it the setup window's reads.
  // This is what the window below counted while the sandbox refused the reset (no Content-Type), kept for comparison.
  const beforeReset = await control('/_sandbox/stats');
  await control('/_sandbox/stats/reset', { method: 'POST' });
  const before = api.requestCount();
  const t0 = Date.now();
  await sleep(seconds * 1000);
  const stats = await control('/_sandbox/stats');
  return {
    seconds: (Date.now() - t0) / 1000,
    stats,
    beforeReset,
    clientResponses: api.requestCount() - before,
    mode: api.pollMode(),
    focused: vscode.window.state.focused,
  };
}

function usage() {
  const m = process.memoryUsage();
  return {
    rssMB: m.rss / 2 ** 20,
    heapUsedMB: m.heapUsed / 2 ** 20,
    heapTotalMB: m.heapTotal / 2 ** 20,
    externalMB: m.external / 2 ** 20,
  };
}

/**
 * The host's memory as it is, and again after full garbage collections: the first is what the system sees, and
 * moves with how much the host allocated lately (V8 grows its young generation up to 128 MB here and gives it back
 * later); the second is what stays.
 */
async function memory() {
  const asIs = usage();
  await require('./host-memory.cjs').collectGarbage();
  return { ...asIs, afterGc: usage(), detail: require('./host-memory.cjs').snapshot() };
}

exports.run = async function run() {
  const ctl = JSON.parse(fs.readFileSync(process.env.AGENT_TASKS_BENCH_CONTROL, 'utf8'));
  let result;
  try {
    const p = ctl.params || {};
    if (ctl.mode === 'setup') {
      await vscode.extensions.getExtension(OURS).activate();
      await setToken();
      result = { ok: true };
    } else if (ctl.mode === 'activation') {
      result = await profiled(p.profile, () => activation(p));
    } else if (ctl.mode === 'memsteps') {
      result = await require('./host-memory.cjs').breakdown({
        ourId: OURS,
        sandboxUrl: sandbox(),
        token: process.env.AGENT_TASKS_BENCH_TOKEN,
        loaded,
        expect: p.expect,
      });
    } else if (ctl.mode === 'empty') {
      await sleep((p.settleSeconds ?? 5) * 1000);
      result = { memory: await memory(), extensions: vscode.extensions.all.filter(e => e.isActive).map(e => e.id) };
      if (p.snapshot) await require('./host-memory.cjs').heapSnapshot(p.snapshot);
    } else if (ctl.mode === 'floor') {
      // The floor extension (bench/vscode-host.mjs writeFloorExtension): both its views open and filled.
      const { value: api, peak } = await peakOf(async () => {
        const floor = await vscode.extensions.getExtension('bench.bench-floor-peer').activate();
        for (const v of floor.views) await vscode.commands.executeCommand(`${v}.focus`);
        await until(
          () =>
            ['repo', 'mine'].every(
              v =>
                floor.held(v) >=
                (typeof p.expect === 'number' ? p.expect : p.expect[`${v}Tasks`.replace('mineTasks', 'myTasks')]),
            ),
          'the floor views filled',
          120_000,
          500,
        );
        return floor;
      });
      await sleep((p.settleSeconds ?? 5) * 1000);
      result = { memory: await memory(), peak, held: { repo: api.held('repo'), mine: api.held('mine') } };
      if (p.snapshot) await require('./host-memory.cjs').heapSnapshot(p.snapshot);
    } else if (ctl.mode === 'load') {
      const { allocations } = require('./host-memory.cjs');
      const { value: api, peak } = await peakOf(() =>
        allocations(p.allocations, async () => {
          const loadedApi = await loaded(p.expect);
          if (p.allocations) await sleep((p.settleSeconds ?? 5) * 1000);
          return loadedApi;
        }),
      );
      result = { mode: api.pollMode(), peak, tokenSet: loaded.tokenSet, readMore: loaded.readMore };
      // How often each view was drawn again whole while it filled: VS Code makes a node of every row at each.
      result.redraws = api.treeStats?.();
      if (p.pollSeconds) result.polling = await polling(api, { seconds: p.pollSeconds });
      if (p.settleSeconds) {
        if (!p.allocations) await sleep(p.settleSeconds * 1000);
        result.memory = await memory();
        if (p.snapshot) await require('./host-memory.cjs').heapSnapshot(p.snapshot);
        result.extensions = vscode.extensions.all.filter(e => e.isActive).map(e => e.id);
      }
      if (p.treeRounds) result.tree = await tree(api, { rounds: p.treeRounds });
      // Only our rebuilds, back to back, so that every sample in the profile is one of them or what it set off.
      if (p.treeRounds && p.profile) {
        await profiled(p.profile, async () => {
          for (let i = 0; i < 50; i++) await api.treeItems('repoTasks');
        });
        // With the sidebar closed, as the tree bench's first draws: only ours draws the rows.
        await vscode.commands.executeCommand('workbench.action.closeSidebar');
        await profiled(p.profile.replace(/\.cpuprofile$/, '-first-draw.cpuprofile'), async () => {
          for (let i = 0; i < 20; i++) {
            await vscode.commands.executeCommand('agentTasks.filterStates', ['queued']);
            await api.treeItems('repoTasks');
            await vscode.commands.executeCommand('agentTasks.filterStates', []);
            await api.treeItems('repoTasks');
          }
        });
      }
    } else if (ctl.mode === 'fetchcost') {
      result = await require('./host-fetch.cjs').fetchCost({
        sandboxUrl: sandbox(),
        token: process.env.AGENT_TASKS_BENCH_TOKEN,
        rounds: p.rounds,
      });
    } else if (ctl.mode === 'gototask') {
      const api = await vscode.extensions.getExtension(OURS).activate();
      await signedIn(api);
      await vscode.commands.executeCommand('agentTasks.myTasks.focus');
      await fill(api, { myTasks: p.expect }, ['myTasks']);
      result = await require('./host-gototask.cjs').gototask(api, {
        rounds: p.rounds,
        profiled: p.profile && (fn => profiled(p.profile, fn)),
      });
    } else {
      throw new Error(`unknown mode ${ctl.mode}`);
    }
  } catch (e) {
    result = { error: String((e && e.stack) || e) };
  }
  fs.writeFileSync(ctl.out, JSON.stringify(result));
  log(`${ctl.mode}: ${result.error ? 'failed' : 'done'}`);
};
