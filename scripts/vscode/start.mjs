// `npm start`: the sandbox with its demo world and a real VS Code with the extension under development, opened on
// a demo repository whose `origin` is the sandbox's acme/rocket. Prints the address to open; Ctrl-C stops both.
// The sandbox keeps its state in the cache, so tasks started in one session are there in the next, and the demo's
// own running tasks run again on every start (`--relive`); `npm start -- --reset` (or AGENT_TASKS_RESET=1) starts it
// from the demo world again.
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { ROOT, CACHE, makeRunDir, workbenchUrl } from './lib.mjs';
import { startDemo, SANDBOX_JS } from './demo.mjs';

const cacheRoot = path.dirname(CACHE);
const statePath = path.join(cacheRoot, 'demo-state.json');
const repo = path.join(cacheRoot, 'demo', 'rocket');
const port = Number(process.env.PORT) || undefined;
const unknown = process.argv.slice(2).filter(a => a !== '--reset');
if (unknown.length) {
  console.error(`unknown argument ${JSON.stringify(unknown[0])}; usage: npm start [-- --reset]`);
  process.exit(2);
}
const reset = process.argv.includes('--reset') || /^(1|true|yes)$/i.test(process.env.AGENT_TASKS_RESET ?? '');

const kept = !reset && fs.existsSync(statePath);
const runDir = makeRunDir('start');
const { sandbox, server } = await startDemo({ runDir, statePath, repo, reset, port });
const { DEMO_TOKENS } = createRequire(import.meta.url)(SANDBOX_JS);

let stopping = false;
async function stop(code) {
  if (stopping) return;
  stopping = true;
  console.log('\nStopping VS Code and the sandbox…');
  server.stop();
  await sandbox.stop();
  fs.rmSync(runDir, { recursive: true, force: true });
  process.exit(code);
}
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));
// npm's script `exec`s this, so a signal npm passes on (SIGINT, SIGTERM to the `npm start` process) reaches it; a
// parent that goes without passing one on (killed outright) is taken as Ctrl-C too, so nothing is left running.
const parent = process.ppid;
setInterval(() => process.ppid !== parent && stop(0), 1000).unref();
server.child.once('exit', c => {
  console.error(`VS Code stopped (${c}); see ${server.logFile}`);
  stop(1);
});
sandbox.child.once('exit', c => {
  if (!stopping) {
    console.error(`the sandbox stopped (${c})`);
    stop(1);
  }
});

const stateLine = kept
  ? `It kept the saved demo state (${statePath}): your tasks and changes are there, and the demo's own\n` +
    '  running tasks start again. To start over from the demo world: npm start -- --reset'
  : `It starts from the demo world${reset ? ' (reset)' : ''}; the state is kept in ${statePath} for the next start.`;

console.log(`
Agent Tasks is running against the local sandbox (${sandbox.url}).
  ${stateLine}

  Open in a browser:  ${workbenchUrl(server, { folder: repo, extensionDevelopmentPath: ROOT })}

  The workspace is ${repo}, a git repository whose origin is the sandbox's acme/rocket.
  Sign in: F1, "Agent Tasks: Set Token…", the fine-grained kind, then the demo token the extension offers
  (or type ${DEMO_TOKENS.fineGrained}: the sandbox's demo user mona; the README lists the other demo tokens).
  Tasks move along on their own: the demo's running tasks run for the first minutes, then finish.

Ctrl-C stops VS Code and the sandbox. \`npm start -- --reset\` starts over from the demo world.`);
