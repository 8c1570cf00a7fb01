// The demo world around a real VS Code: the sandbox (as a child process) and a git repository whose `origin`
// points at the sandbox's acme/rocket, so the extension detects a repository of the configured service.
import { spawn, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import { ROOT } from './lib.mjs';

export const SANDBOX_JS = path.join(ROOT, 'dist', 'sandbox.js');

/**
 * Runs `node dist/sandbox.js --port 0 ...` and waits for the first line it prints, which holds its address.
 * `stepMs: 0` keeps tasks still until the control endpoints move them (what tests want).
 */
export async function startSandbox({ stepMs, statePath, logFile, inheritOutput = false } = {}) {
  if (!fs.existsSync(SANDBOX_JS)) throw new Error(`${SANDBOX_JS} is missing: run \`npm run build\` first`);
  const args = [SANDBOX_JS, '--port', '0'];
  if (stepMs !== undefined) args.push('--step-ms', String(stepMs));
  if (statePath) args.push('--state', statePath);
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  const log = logFile ? fs.createWriteStream(logFile, { flags: 'a' }) : undefined;
  child.stderr.on('data', d => { log?.write(d); if (inheritOutput) process.stderr.write(d); });
  let stopped = false;
  const stop = () => new Promise(resolve => {
    if (stopped || child.exitCode !== null) { stopped = true; resolve(); return; }
    stopped = true;
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
    setTimeout(() => { child.kill('SIGKILL'); resolve(); }, 5000).unref();
  });
  process.once('exit', () => { if (child.exitCode === null) child.kill('SIGTERM'); });
  const url = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => { child.kill('SIGKILL'); reject(new Error('the sandbox printed no address in 15 s')); }, 15_000);
    const lines = readline.createInterface({ input: child.stdout });
    let first = true;
    lines.on('line', line => {
      log?.write(line + '\n');
      if (inheritOutput) console.log(`[sandbox] ${line}`);
      if (!first) return;
      first = false;
      clearTimeout(timer);
      const m = /http:\/\/127\.0\.0\.1:\d+/.exec(line);
      if (m) resolve(m[0]); else reject(new Error(`the sandbox's first line holds no address: ${line}`));
    });
    child.once('exit', code => { clearTimeout(timer); reject(new Error(`the sandbox exited with ${code} before printing its address`)); });
  });
  return { url, port: Number(new URL(url).port), stop, child };
}

/** The remote URL of the demo world's acme/rocket on a sandbox. */
export function rocketRemote(sandboxUrl) {
  return `${sandboxUrl}/acme/rocket.git`;
}

const FILES = {
  'README.md': '# rocket\n\nA small launch-sequence library, used to try Agent Tasks against the local sandbox.\n',
  'src/countdown.ts': [
    'export function countdown(from: number): number[] {',
    '  const out: number[] = [];',
    '  for (let n = from; n > 0; n--) out.push(n);',
    '  return out;',
    '}',
    '',
  ].join('\n'),
  'src/ignite.ts': [
    "import { countdown } from './countdown';",
    '',
    '// TODO: abort the sequence when a sensor reports a fault.',
    'export function ignite(seconds: number): string {',
    "  return countdown(seconds).join(', ') + ', lift-off';",
    '}',
    '',
  ].join('\n'),
  '.github/prompts/add-tests.prompt.md': [
    '---',
    'description: Add unit tests for the countdown',
    '---',
    'Add unit tests for `src/countdown.ts`: zero, one, and a negative start. Keep them fast and independent.',
    '',
  ].join('\n'),
  '.github/agents/reviewer.agent.md': [
    '---',
    'name: reviewer',
    'description: Reviews a change for correctness and missing tests',
    '---',
    'You review changes. Point out bugs, missing tests and unclear names; do not rewrite working code.',
    '',
  ].join('\n'),
};

/**
 * Makes (or reuses) a git repository at `dir` with a few files, a prompt file and a custom agent, and points its
 * `origin` at the sandbox's acme/rocket. An existing repository keeps its content; only the remote is updated, since
 * the sandbox's port changes from run to run.
 */
export function ensureDemoRepo(dir, sandboxUrl) {
  const git = (...args) => execFileSync('git', args, { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] }).toString().trim();
  const remote = rocketRemote(sandboxUrl);
  if (!fs.existsSync(path.join(dir, '.git'))) {
    fs.mkdirSync(dir, { recursive: true });
    for (const [rel, text] of Object.entries(FILES)) {
      fs.mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
      fs.writeFileSync(path.join(dir, rel), text);
    }
    git('init', '-q', '-b', 'main');
    git('config', 'user.name', 'Mona Demo');
    git('config', 'user.email', 'mona@example.invalid');
    git('config', 'commit.gpgsign', 'false');
    git('add', '-A');
    git('commit', '-q', '-m', 'Initial commit');
    git('remote', 'add', 'origin', remote);
    // As if cloned: an origin/main to track, so the current branch has an upstream (the default base ref).
    git('update-ref', 'refs/remotes/origin/main', 'HEAD');
    git('branch', '-q', '--set-upstream-to=origin/main', 'main');
  } else {
    git('remote', 'set-url', 'origin', remote);
  }
  return dir;
}
