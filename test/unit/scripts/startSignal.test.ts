// `npm start` stops on SIGINT or SIGTERM sent to the npm process itself, as on Ctrl-C: npm hands the signal to the
// shell running the script, which passes it on only when it has `exec`ed the node process. Checked with the script
// as package.json has it, its setup and build steps made no-ops and its node process a small stand-in that says
// which signal reached it.
import * as assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

const ROOT = path.resolve(__dirname, '../../../..');
const START = (JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { scripts: { start: string } })
  .scripts.start;

/** The stand-in for start.mjs: says it is ready, and on a signal writes which one to `signal.txt` and exits. */
const STAND_IN = `
const fs = require('node:fs');
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => { fs.writeFileSync('signal.txt', sig); process.exit(0); });
console.log('ready ' + process.pid);
setInterval(() => {}, 1000);
`;

function run(signal: NodeJS.Signals): Promise<{ received: string; standInGone: boolean }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'start-signal-'));
  const script = START.replace('npm run -s setup:vscode', 'true')
    .replace('npm run build', 'true')
    .replace('scripts/vscode/start.mjs', 'stand-in.js');
  assert.ok(script.includes('stand-in.js') && !script.includes('npm run'), `the start script changed: ${START}`);
  fs.writeFileSync(
    path.join(dir, 'package.json'),
    JSON.stringify({ name: 'x', private: true, scripts: { start: script } }),
  );
  fs.writeFileSync(path.join(dir, 'stand-in.js'), STAND_IN);
  const npm = spawn('npm', ['start', '-s'], { cwd: dir, stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    let out = '';
    let standIn = 0;
    npm.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /ready (\d+)/.exec(out);
      if (m && !standIn) {
        standIn = Number(m[1]);
        npm.kill(signal); // to the npm process only, not its group: what `kill <pid of npm start>` does
      }
    });
    const timer = setTimeout(() => {
      npm.kill('SIGKILL');
      if (standIn) process.kill(standIn, 'SIGKILL');
      reject(new Error(`npm start did not end within 15 s of ${signal}: ${out}`));
    }, 15_000);
    npm.on('exit', async () => {
      clearTimeout(timer);
      // The stand-in is gone soon after npm, or was left running (then it is ended here).
      let gone = false;
      for (let i = 0; i < 40 && !gone; i++) {
        try {
          process.kill(standIn, 0);
          await new Promise(r => setTimeout(r, 50));
        } catch {
          gone = true;
        }
      }
      if (!gone) process.kill(standIn, 'SIGKILL');
      const file = path.join(dir, 'signal.txt');
      const received = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
      fs.rmSync(dir, { recursive: true, force: true });
      resolve({ received, standInGone: gone });
    });
  });
}

describe('npm start and signals', function () {
  this.timeout(40_000);

  for (const signal of ['SIGINT', 'SIGTERM'] as const)
    it(`passes ${signal} sent to the npm process on to the node process, which stops`, async () => {
      const { received, standInGone } = await run(signal);
      assert.equal(received, signal, 'the node process heard the signal');
      assert.ok(standInGone, 'and is gone');
    });
});
