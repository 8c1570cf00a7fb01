// The demo world around a real VS Code: the sandbox (as a child process) and a working copy of the sandbox's
// acme/rocket git repository, so the extension detects a repository of the configured service and can check out
// the branches agents push there.
import { spawn, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import readline from 'node:readline';
import { ROOT, freePort, startCodeServer } from './lib.mjs';

export const SANDBOX_JS = path.join(ROOT, 'dist', 'sandbox.js');

/**
 * Runs `node dist/sandbox.js --port 0 ...` and waits for the first line it prints, which holds its address.
 * `stepMs: 0` keeps tasks still until the control endpoints move them (what tests want). `pageHosts` are the
 * `host:port`s of a proxy vouched for (code-server's `/proxy/PORT/`), answered the sandbox's web pages only.
 */
export async function startSandbox({
  stepMs,
  statePath,
  reset = false,
  relive = false,
  pageHosts = [],
  allowOrigins = [],
  logFile,
  inheritOutput = false,
} = {}) {
  if (!fs.existsSync(SANDBOX_JS)) throw new Error(`${SANDBOX_JS} is missing: run \`npm run build\` first`);
  const args = [SANDBOX_JS, '--port', '0'];
  for (const h of pageHosts) args.push('--page-host', h);
  for (const o of allowOrigins) args.push('--allow-origin', o);
  if (stepMs !== undefined) args.push('--step-ms', String(stepMs));
  if (statePath) args.push('--state', statePath);
  if (reset) args.push('--reset');
  if (relive) args.push('--relive');
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  const log = logFile ? fs.createWriteStream(logFile, { flags: 'a' }) : undefined;
  child.stderr.on('data', d => {
    log?.write(d);
    if (inheritOutput) process.stderr.write(d);
  });
  let stopped = false;
  const stop = () =>
    new Promise(resolve => {
      if (stopped || child.exitCode !== null) {
        stopped = true;
        resolve();
        return;
      }
      stopped = true;
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
      setTimeout(() => {
        child.kill('SIGKILL');
        resolve();
      }, 5000).unref();
    });
  process.once('exit', () => {
    if (child.exitCode === null) child.kill('SIGTERM');
  });
  const url = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error('the sandbox printed no address in 15 s'));
    }, 15_000);
    const lines = readline.createInterface({ input: child.stdout });
    let first = true;
    lines.on('line', line => {
      log?.write(line + '\n');
      if (inheritOutput) console.log(`[sandbox] ${line}`);
      if (!first) return;
      first = false;
      clearTimeout(timer);
      const m = /http:\/\/127\.0\.0\.1:\d+/.exec(line);
      if (m) resolve(m[0]);
      else reject(new Error(`the sandbox's first line holds no address: ${line}`));
    });
    child.once('exit', code => {
      clearTimeout(timer);
      reject(new Error(`the sandbox exited with ${code} before printing its address`));
    });
  });
  return { url, port: Number(new URL(url).port), stop, child };
}

/** The remote URL of the demo world's acme/rocket on a sandbox. */
export function rocketRemote(sandboxUrl) {
  return `${sandboxUrl}/acme/rocket.git`;
}

/**
 * Makes (or reuses) the demo workspace at `dir`: the sandbox's acme/rocket git repository as a clone would have it
 * (its files, prompt file and custom agent come from the demo world), with `origin` at the sandbox. It is built from
 * the same first commit the sandbox serves (identical, so the history is shared and agents' branches fetch on top of
 * it) rather than cloned, so that it also works while the sandbox runs in this very process. An existing repository
 * keeps its content; only `origin` (and the credential for pushing) is updated, since the sandbox's port changes
 * from run to run.
 */
export function ensureDemoRepo(dir, sandboxUrl) {
  const env = { ...process.env, GIT_TERMINAL_PROMPT: '0' };
  const git = (args, input) =>
    execFileSync('git', args, { cwd: dir, env, input, stdio: ['pipe', 'pipe', 'pipe'] })
      .toString()
      .trim();
  const remote = rocketRemote(sandboxUrl);
  if (!fs.existsSync(path.join(dir, '.git'))) {
    const { demoWorld, gitFirstCommit } = createRequire(import.meta.url)(SANDBOX_JS);
    const rocket = demoWorld().repositories.find(r => r.owner === 'acme' && r.name === 'rocket');
    const branch = rocket.default_branch ?? 'main';
    fs.mkdirSync(dir, { recursive: true });
    git(['init', '-q', '-b', branch]);
    git(['fast-import', '--quiet'], gitFirstCommit(branch, rocket.name, rocket.git.files));
    git(['reset', '-q', '--hard', branch]);
    git(['config', 'user.name', 'Mona Demo']);
    git(['config', 'user.email', 'mona@example.invalid']);
    git(['config', 'commit.gpgsign', 'false']);
    git(['remote', 'add', 'origin', remote]);
    git(['update-ref', `refs/remotes/origin/${branch}`, branch]);
    git(['branch', '-q', `--set-upstream-to=origin/${branch}`, branch]);
  } else {
    git(['remote', 'set-url', 'origin', remote]);
  }
  allowDemoPush(dir, git, sandboxUrl);
  return dir;
}

/**
 * `npm start`'s setup: the sandbox keeping its state in `statePath` (tasks move on their own), the demo repository at
 * `repo`, and code-server on it. code-server's port is chosen first, so that the sandbox can vouch for its port proxy:
 * the browser opens the sandbox's pages (Open Pull Request, Open on the Web) through `/proxy/<sandbox port>/`, which
 * passes on code-server's own Host.
 */
export async function startDemo({ runDir, statePath, repo, reset = false, port, inheritOutput = false }) {
  port ||= await freePort();
  const sandbox = await startSandbox({
    statePath,
    reset,
    // A saved state keeps what the user did; the demo's own running tasks run again, so every start is alive.
    relive: true,
    pageHosts: [`127.0.0.1:${port}`, `localhost:${port}`],
    logFile: path.join(runDir, 'sandbox.log'),
    inheritOutput,
  });
  ensureDemoRepo(repo, sandbox.url);
  const server = await startCodeServer({
    runDir,
    folder: repo,
    port,
    settings: { 'agentTasks.serviceUrl': sandbox.url },
  });
  return { sandbox, server };
}

/** Where the demo workspace keeps the demo user's token for pushing to the sandbox: its own `.git/config`. */
export const DEMO_TOKEN_KEY = 'agent-tasks-demo.token';

/**
 * Lets git push from the demo workspace to the sandbox without asking: a credential helper for the sandbox's address
 * only, in this repository's own configuration, that hands git mona's token from the same file. The token is written
 * into the file directly (never a `git config` argument), the helper reads it with `git config --get` (its output,
 * not an argument), and the empty helper before it keeps every other helper (a keychain) from being asked or told.
 * The file is made readable by its owner only.
 */
function allowDemoPush(dir, git, sandboxUrl) {
  const config = path.join(dir, '.git', 'config');
  let names = '';
  try {
    names = git(['config', '--name-only', '--get-regexp', '^credential\\.http://127\\.0\\.0\\.1:[0-9]+\\.helper$']);
  } catch {
    // none yet
  }
  for (const section of new Set(
    names
      .split('\n')
      .filter(Boolean)
      .map(n => n.replace(/\.helper$/, '')),
  ))
    git(['config', '--remove-section', section]);
  const origin = new URL(sandboxUrl).origin;
  const helper = `!f() { test "$1" = get || exit 0; echo username=mona; echo "password=$(git config --get ${DEMO_TOKEN_KEY})"; }; f`;
  git(['config', '--add', `credential.${origin}.helper`, '']);
  git(['config', '--add', `credential.${origin}.helper`, helper]);
  const { DEMO_TOKENS } = createRequire(import.meta.url)(SANDBOX_JS);
  let has = '';
  try {
    has = git(['config', '--get', DEMO_TOKEN_KEY]);
  } catch {
    // not there yet
  }
  if (has !== DEMO_TOKENS.fineGrained) {
    if (has) git(['config', '--unset-all', DEMO_TOKEN_KEY]);
    fs.appendFileSync(config, `[agent-tasks-demo]\n\ttoken = ${DEMO_TOKENS.fineGrained}\n`);
  }
  fs.chmodSync(config, 0o600);
}
