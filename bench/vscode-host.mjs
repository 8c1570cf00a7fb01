// Shared by the benches that measure the extension in a real VS Code (activation, polling, tree, memory): one sandbox
// (in this process, so its world and statistics are at hand), one code-server, one browser profile kept for the whole
// bench (so a token set once is there for every later window), and `session()`, which opens a window whose extension
// host runs bench/host-probe.cjs in a given mode and returns what the probe measured.
// No `run()` here: bench/run.mjs skips this file.
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import {
  ROOT,
  browserOptions,
  makeRunDir,
  startCodeServer,
  workbenchUrl,
  exposeAutomationHooks,
} from '../scripts/vscode/lib.mjs';
import { ensureDemoRepo } from '../scripts/vscode/demo.mjs';

const require = createRequire(import.meta.url);
export { median } from './report.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
export const PROBE = path.join(here, 'host-probe.cjs');
export const EXTENSION_ID = 'agent-tasks.agent-tasks';

export function sandboxLib() {
  const file = path.join(ROOT, 'out/src/sandbox/index.js');
  if (!fs.existsSync(file)) throw new Error('out/src/sandbox/index.js is missing: run npm run build');
  return require(file);
}

export const round = (x, d = 1) => Number(x.toFixed(d));

/**
 * The demo world plus `tasks` more tasks in acme/rocket by mona, `running` of them in progress and the rest finished,
 * so both task views hold about that many.
 */
export function bigWorld(tasks = 1000, running = 5) {
  const { demoWorld } = sandboxLib();
  const world = demoWorld();
  // Only the added tasks count: the demo world's own running tasks are finished here.
  for (const t of world.tasks) if (t.state === 'queued' || t.state === 'in_progress') t.state = 'completed';
  const base = Date.parse('2026-03-01T00:00:00Z');
  const ended = ['completed', 'failed', 'cancelled', 'timed_out', 'waiting_for_user', 'idle'];
  for (let i = 0; i < tasks; i++) {
    const at = new Date(base + i * 60_000).toISOString().replace('.000Z', 'Z');
    world.tasks.push({
      id: `bench-${String(i).padStart(4, '0')}`,
      repository: 5000,
      creator: 1001,
      prompt: `Bench task ${i}: tidy module ${i % 37} and add a test`,
      state: i >= tasks - running ? 'in_progress' : ended[i % ended.length],
      create_pull_request: i % 2 === 0,
      created_at: at,
      updated_at: at,
    });
  }
  return world;
}

/**
 * A tiny extension folder: a peer of activation (one tree view over a repository's tasks) or nothing at all (memory's baseline).
 * `tree`: the token comes from the environment. `tree-secrets`: the token comes from SecretStorage, as every extension
 * that keeps its token where it belongs must read it (the first window stores it there).
 */
export function writePeerExtension(dir, kind, fair) {
  fs.mkdirSync(dir, { recursive: true });
  const tree = kind === 'tree' || kind === 'tree-secrets';
  const name =
    fair?.name ??
    (kind === 'tree' ? 'bench-tree-peer' : kind === 'tree-secrets' ? 'bench-tree-secrets-peer' : 'bench-empty');
  const view = fair?.view ?? 'benchPeer.tasks';
  const manifest = {
    name,
    publisher: 'bench',
    version: '0.0.1',
    engines: { vscode: '^1.100.0' },
    ...(tree
      ? {
          main: './extension.js',
          activationEvents: ['onStartupFinished'],
          contributes: fair?.contributes ?? {
            viewsContainers: { activitybar: [{ id: 'benchPeer', title: 'Bench Peer', icon: 'media/x.svg' }] },
            views: { benchPeer: [{ id: view, name: 'Tasks' }] },
          },
        }
      : {}),
  };
  fs.writeFileSync(path.join(dir, 'package.json'), JSON.stringify(manifest, null, 2));
  if (!tree) return dir;
  fs.mkdirSync(path.join(dir, 'media'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'media/x.svg'), '<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24"/>');
  const token =
    kind === 'tree'
      ? 'Promise.resolve(process.env.AGENT_TASKS_BENCH_TOKEN)'
      : `context.secrets.get('token').then(async t => t || (await context.secrets.store('token', process.env.AGENT_TASKS_BENCH_TOKEN), process.env.AGENT_TASKS_BENCH_TOKEN))`;
  // The least an extension must do to show a repository's tasks: one GET of the repository's tasks, one TreeItem per task.
  fs.writeFileSync(
    path.join(dir, 'extension.js'),
    `
const vscode = require('vscode');
exports.activate = function (context) {
  let resolveReady;
  const ready = new Promise(r => (resolveReady = r));
  let tasks;
  const load = ${token}.then(token => fetch(process.env.AGENT_TASKS_SANDBOX_URL + '/agents/repos/acme/rocket/tasks?per_page=100', {
    headers: { authorization: 'Bearer ' + token, accept: 'application/vnd.vendor+json', 'x-vendor-api-version': '2026-03-10' },
  })).then(r => r.json()).then(b => { tasks = b.tasks; });
  const provider = {
    getTreeItem: t => Object.assign(new vscode.TreeItem(t.name, vscode.TreeItemCollapsibleState.None), { id: t.id, description: t.state, iconPath: new vscode.ThemeIcon('circle') }),
    getChildren: async () => { await load; if (tasks.length) resolveReady(Date.now()); return tasks; },
  };
  vscode.window.createTreeView(${JSON.stringify(view)}, { treeDataProvider: provider });
  return { ready };
};
exports.deactivate = function () {};
`,
  );
  return dir;
}

/**
 * The fair peer of activation: the SecretStorage peer's code (one GET, one plain item per task, its token from
 * SecretStorage) under exactly our contributions, read from our package.json when the bench runs (views and their
 * container, commands, menus, welcome content, keybindings, configuration, and the rest of `contributes`), with our
 * strings (package.nls.json) and pictures (media/). Its rows go to our Repository view's id, so that the window pays
 * for what we contribute in both, and only our code differs.
 */
export function writeFairPeer(dir, { without = [], name = 'bench-fair-peer' } = {}) {
  const ours = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
  // `without`: kinds of contribution left out (bench/contributions.mjs: what the window reads first).
  const contributes = Object.fromEntries(Object.entries(ours.contributes).filter(([k]) => !without.includes(k)));
  writePeerExtension(dir, 'tree-secrets', { name, view: 'agentTasks.repoTasks', contributes });
  fs.cpSync(path.join(ROOT, 'package.nls.json'), path.join(dir, 'package.nls.json'));
  fs.cpSync(path.join(ROOT, 'media'), path.join(dir, 'media'), { recursive: true });
  return dir;
}

/**
 * The floor of memory: a minimal extension that shows the same two lists as ours (the repository's tasks and the
 * user's), every page read with the host's fetch, one plain TreeItem per task in two views. What any extension
 * showing those tasks pays at least: the HTTP client, the tasks kept, VS Code's own copies of the rows.
 */
export function writeFloorExtension(dir) {
  fs.mkdirSync(path.join(dir, 'media'), { recursive: true });
  const views = { repo: '/agents/repos/acme/rocket/tasks', mine: '/agents/tasks' };
  fs.writeFileSync(
    path.join(dir, 'package.json'),
    JSON.stringify({
      name: 'bench-floor-peer',
      publisher: 'bench',
      version: '0.0.1',
      engines: { vscode: '^1.100.0' },
      main: './extension.js',
      activationEvents: ['onStartupFinished'],
      contributes: {
        viewsContainers: { activitybar: [{ id: 'benchFloor', title: 'Bench Floor', icon: 'media/x.svg' }] },
        views: { benchFloor: Object.keys(views).map(v => ({ id: `benchFloor.${v}`, name: v })) },
      },
    }),
  );
  fs.writeFileSync(path.join(dir, 'media/x.svg'), '<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24"/>');
  fs.writeFileSync(
    path.join(dir, 'extension.js'),
    `
const vscode = require('vscode');
const VIEWS = ${JSON.stringify(views)};
exports.activate = function () {
  const headers = { authorization: 'Bearer ' + process.env.AGENT_TASKS_BENCH_TOKEN, accept: 'application/vnd.vendor+json', 'x-vendor-api-version': '2026-03-10' };
  async function all(path) {
    const out = [];
    for (let page = 1; ; page++) {
      const r = await fetch(process.env.AGENT_TASKS_SANDBOX_URL + path + '?per_page=100&page=' + page, { headers });
      const { tasks } = await r.json();
      out.push(...tasks);
      if (tasks.length < 100) return out;
    }
  }
  const held = {};
  for (const [view, path] of Object.entries(VIEWS)) {
    held[view] = [];
    const changed = new vscode.EventEmitter();
    vscode.window.createTreeView('benchFloor.' + view, { treeDataProvider: {
      onDidChangeTreeData: changed.event,
      getTreeItem: t => Object.assign(new vscode.TreeItem(t.name, vscode.TreeItemCollapsibleState.Collapsed), { id: t.id, description: t.state, iconPath: new vscode.ThemeIcon('circle') }),
      getChildren: () => held[view],
    } });
    all(path).then(tasks => { held[view] = tasks.sort((a, b) => (a.created_at < b.created_at ? 1 : -1)); changed.fire(); });
  }
  return { held: view => held[view].length, views: Object.keys(VIEWS).map(v => 'benchFloor.' + v) };
};
exports.deactivate = function () {};
`,
  );
  return dir;
}

/**
 * Starts the sandbox (with `world`), a demo repository, code-server and a browser, and returns `session()` and
 * `close()`. Each session opens a fresh window (a new extension host) and resolves with the probe's JSON.
 */
export async function startHost({ world, kind = 'bench', settings = {} } = {}) {
  const { startSandbox, DEMO_TOKENS } = sandboxLib();
  const runDir = makeRunDir(kind);
  const sandbox = await startSandbox({ world, stepMs: 0, rateLimit: { limit: 1e9 } });
  const mainFolder = ensureDemoRepo(path.join(runDir, 'rocket'), sandbox.url);
  const control = path.join(runDir, 'bench-control.json');
  const server = await startCodeServer({
    runDir,
    folder: mainFolder,
    settings: { 'agentTasks.serviceUrl': sandbox.url, ...settings },
    env: {
      AGENT_TASKS_SANDBOX_URL: sandbox.url,
      AGENT_TASKS_BENCH_CONTROL: control,
      AGENT_TASKS_BENCH_TOKEN: DEMO_TOKENS.fineGrained,
    },
  });
  // A persistent profile: VS Code for the web keeps SecretStorage in the browser, and the token must outlive a window.
  const context = await chromium.launchPersistentContext(path.join(runDir, 'browser-profile'), {
    ...browserOptions(runDir),
    viewport: { width: 1280, height: 800 },
  });
  const page = context.pages()[0] ?? (await context.newPage());
  let onExit = () => {};
  const lines = [];
  await exposeAutomationHooks(page, {
    onLog: (_t, line) => {
      if (/^\[probe\]/.test(line) || process.env.VERBOSE) console.log(line);
      lines.push(line);
    },
    onExit: code => onExit(code),
  });
  let n = 0;
  /** Another copy of the demo repository: a workspace of its own, whose storage no window has written yet. */
  const otherFolder = name => ensureDemoRepo(path.join(runDir, name), sandbox.url);
  async function session(mode, { extensionPath = ROOT, params = {}, timeoutMs = 180_000, folder = mainFolder } = {}) {
    const out = path.join(runDir, `bench-result-${++n}.json`);
    fs.rmSync(out, { force: true });
    fs.writeFileSync(control, JSON.stringify({ mode, out, params }));
    const exited = new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`probe "${mode}" did not finish in ${timeoutMs} ms; see ${runDir}`)),
        timeoutMs,
      );
      onExit = code => {
        clearTimeout(timer);
        resolve(code);
      };
    });
    // The session's own timeout bounds it; 30 s for the page's load alone is too short on a busy machine.
    await page.goto(
      workbenchUrl(server, { folder, extensionDevelopmentPath: extensionPath, extensionTestsPath: PROBE }),
      { timeout: timeoutMs },
    );
    const code = await exited;
    if (!fs.existsSync(out))
      throw new Error(
        `probe "${mode}" exited with ${code} and wrote nothing; last lines: ${lines.slice(-5).join(' | ')}`,
      );
    const result = JSON.parse(fs.readFileSync(out, 'utf8'));
    if (result.error) throw new Error(`probe "${mode}": ${result.error}`);
    return result;
  }
  async function stats() {
    return (await fetch(`${sandbox.url}/_sandbox/stats`)).json();
  }
  async function close(ok = true) {
    await context.close().catch(() => {});
    server.stop();
    await sandbox.close();
    if (ok) fs.rmSync(runDir, { recursive: true, force: true });
  }
  return { session, otherFolder, stats, sandbox, runDir, close, tokens: DEMO_TOKENS };
}
