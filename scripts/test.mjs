// `npm test`: the lint, the unit tests and the install of the real-VS-Code tools side by side (plain Node on the two
// cores; the install mostly waits on the registry, and takes a few seconds once the tools are cached), then the
// integration tests and the UI runs inside a real VS Code, one after the other (a window wants the machine to itself).
// Each step's time is printed as it ends, and again in a summary; the first failing step fails the run, once what
// runs beside it has ended. The lint's and the install's output is held until each ends, so that lines do not
// interleave.
//   node scripts/test.mjs            (npm test)
import { spawn } from 'node:child_process';

const t0 = Date.now();
const secs = since => `${((Date.now() - since) / 1000).toFixed(0)} s`;
const laps = [];

/** Runs `npm run -s <script>`; `hold` keeps its output until it ends. Resolves to its exit code. */
function run(script, { hold = false } = {}) {
  const started = Date.now();
  return new Promise(resolve => {
    const child = spawn('npm', ['run', '-s', script], { stdio: hold ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
    const held = [];
    if (hold) {
      child.stdout.on('data', d => held.push(d));
      child.stderr.on('data', d => held.push(d));
    }
    const stop = signal => child.kill(signal);
    process.once('SIGINT', stop).once('SIGTERM', stop);
    child.on('close', (code, signal) => {
      process.off('SIGINT', stop).off('SIGTERM', stop);
      if (held.length) process.stdout.write(Buffer.concat(held));
      const exit = code ?? (signal ? 1 : 0);
      laps.push(`${script}: ${exit === 0 ? 'passed' : `failed (exit ${exit})`} in ${secs(started)}`);
      console.log(`[test] ${laps.at(-1)} (${secs(t0)} since the start)`);
      resolve(exit);
    });
  });
}

function finish(code) {
  console.log(`[test] ${code === 0 ? 'all steps passed' : 'a step failed'} in ${secs(t0)}:`);
  for (const lap of laps) console.log(`[test]   ${lap}`);
  process.exit(code);
}

const side = await Promise.all([run('lint', { hold: true }), run('setup:vscode', { hold: true }), run('test:unit')]);
if (side.some(code => code !== 0)) finish(1);
for (const step of ['test:integration', 'test:ui']) if ((await run(step)) !== 0) finish(1);
finish(0);
