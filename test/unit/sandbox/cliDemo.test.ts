// The sandbox's flags that `npm start` passes (scripts/vscode/demo.mjs): --relive on a second start from the same
// state file, and --page-host for code-server's port proxy.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as readline from 'node:readline';
import { DEMO_TOKENS } from '../../../src/sandbox';
import { request } from './helpers';

const CLI = path.join(path.resolve(__dirname, '../../../..'), 'dist/sandbox.js');

function run(args: string[]) {
  const child = spawn(process.execPath, [CLI, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', d => (stderr += d));
  const url = new Promise<string>((resolve, reject) => {
    readline.createInterface({ input: child.stdout }).once('line', resolve);
    child.once('exit', () => reject(new Error(`exited before printing: ${stderr}`)));
  });
  const stop = async () => {
    const exit = new Promise(r => child.once('exit', r));
    child.kill('SIGTERM');
    await exit;
    return stderr;
  };
  return { url, stop };
}

describe('sandbox CLI as npm start runs it (--relive, --page-host)', function () {
  this.timeout(30_000);
  let dir: string;
  beforeEach(() => (dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sbx-demo-'))));
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it("a second start on the same state file moves again, and answers the vouched proxy's Host for pages only", async () => {
    const state = path.join(dir, 'state.json');
    const first = run(['--port', '0', '--step-ms', '0', '--state', state]);
    const url1 = await first.url;
    for (let i = 0; i < 3; i++) await request(url1, 'POST', '/_sandbox/advance');
    await first.stop();

    const again = run(['--port', '0', '--step-ms', '0', '--state', state, '--relive', '--page-host', '127.0.0.1:9']);
    const url = await again.url;
    try {
      const get = (id: string) => request(url, 'GET', `/agents/tasks/${id}`, { token: DEMO_TOKENS.fineGrained });
      assert.equal((await get('demo-rocket-03')).json().state, 'in_progress');
      assert.equal((await get('demo-rocket-04')).json().state, 'queued');
      assert.equal((await get('demo-rocket-05')).json().state, 'failed');
      assert.equal((await request(url, 'GET', '/acme/rocket', { headers: { host: '127.0.0.1:9' } })).status, 200);
      const api = await request(url, 'GET', '/agents/tasks/demo-rocket-03', {
        token: DEMO_TOKENS.fineGrained,
        headers: { host: '127.0.0.1:9' },
      });
      assert.equal(api.status, 421);
    } finally {
      assert.match(
        await again.stop(),
        /3 task\(s\) of the world run again: demo-rocket-03, demo-rocket-04, demo-dotfiles-02/,
      );
    }
  });
});
