import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as readline from 'node:readline';
import { DEMO_TOKENS } from '../../../src/sandbox';
import { request } from './helpers';

// out/test/unit/sandbox → the repository root
const ROOT = path.resolve(__dirname, '../../../..');
const CLI = path.join(ROOT, 'dist/sandbox.js');

function run(
  args: string[],
  env: NodeJS.ProcessEnv = process.env,
): { child: ChildProcess; firstLine: Promise<string>; exit: Promise<{ code: number | null; stderr: string }> } {
  const child = spawn(process.execPath, [CLI, ...args], { stdio: ['ignore', 'pipe', 'pipe'], env });
  let stderr = '';
  child.stderr.on('data', d => (stderr += d));
  const firstLine = new Promise<string>((resolve, reject) => {
    const rl = readline.createInterface({ input: child.stdout });
    rl.once('line', resolve);
    child.once('exit', () => reject(new Error(`exited before printing: ${stderr}`)));
  });
  const exit = new Promise<{ code: number | null; stderr: string }>(resolve =>
    child.once('exit', code => resolve({ code, stderr })),
  );
  return { child, firstLine, exit };
}

describe('sandbox CLI', function () {
  this.timeout(20_000);
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sbx-cli-'));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('prints its address first, serves the demo world, and stops cleanly on SIGTERM and SIGINT', async () => {
    for (const signal of ['SIGTERM', 'SIGINT'] as const) {
      const p = run(['--port', '0', '--step-ms', '0']);
      const url = await p.firstLine;
      assert.match(url, /^http:\/\/127\.0\.0\.1:\d+$/);
      const r = await request(url, 'GET', '/agents/repos/acme/rocket/tasks', { token: DEMO_TOKENS.fineGrained });
      assert.equal(r.status, 200);
      p.child.kill(signal);
      assert.equal((await p.exit).code, 0);
    }
  });

  it('loads --world and keeps --state across restarts', async () => {
    const world = path.join(dir, 'world.json');
    const state = path.join(dir, 'state.json');
    fs.writeFileSync(
      world,
      JSON.stringify({
        users: [{ id: 11, login: 'ana', copilot_plan: 'business' }],
        repositories: [{ id: 1, owner: 'ana', name: 'svc' }],
        tokens: [{ value: 'tok_ana', type: 'fine_grained', user: 11, permissions: { agent_tasks: 'write' } }],
      }),
    );
    let p = run(['--port', '0', '--world', world, '--state', state, '--step-ms=0']);
    let url = await p.firstLine;
    const id = (
      await request(url, 'POST', '/agents/repos/ana/svc/tasks', { token: 'tok_ana', body: { prompt: 'x' } })
    ).json().id;
    p.child.kill('SIGTERM');
    assert.equal((await p.exit).code, 0);
    p = run(['--port', '0', '--state', state, '--step-ms', '0']);
    url = await p.firstLine;
    assert.equal((await request(url, 'GET', `/agents/tasks/${id}`, { token: 'tok_ana' })).status, 200);
    p.child.kill('SIGTERM');
    assert.equal((await p.exit).code, 0);
  });

  it("--step-ms sets the pace of the tasks' own life", async () => {
    const p = run(['--port', '0', '--step-ms', '100']);
    try {
      const url = await p.firstLine;
      const tok = DEMO_TOKENS.fineGrained;
      const id = (
        await request(url, 'POST', '/agents/repos/acme/rocket/tasks', { token: tok, body: { prompt: 'x' } })
      ).json().id;
      let state = 'queued';
      const t0 = Date.now();
      while (state !== 'completed' && Date.now() - t0 < 5000) {
        await new Promise(r => setTimeout(r, 50));
        state = (await request(url, 'GET', `/agents/tasks/${id}`, { token: tok })).json().state;
      }
      assert.equal(state, 'completed');
    } finally {
      p.child.kill('SIGTERM');
      await p.exit;
    }
  });

  it('without git on PATH it serves the REST interface and says once, on stderr, why branches are not served', async () => {
    const p = run(['--port', '0', '--step-ms', '0'], { ...process.env, PATH: path.join(dir, 'nothing-here') });
    const url = await p.firstLine;
    const tok = DEMO_TOKENS.fineGrained;
    assert.equal(
      (await request(url, 'POST', '/agents/repos/acme/rocket/tasks', { token: tok, body: { prompt: 'x' } })).status,
      201,
    );
    assert.equal((await request(url, 'POST', '/_sandbox/advance')).status, 200);
    assert.equal((await request(url, 'GET', '/acme/rocket.git/info/refs?service=git-upload-pack')).status, 503);
    assert.equal((await request(url, 'POST', '/_sandbox/reset')).status, 200);
    assert.equal((await request(url, 'GET', '/agents/repos/acme/rocket/tasks', { token: tok })).status, 200);
    p.child.kill('SIGTERM');
    const { code, stderr } = await p.exit;
    assert.equal(code, 0);
    assert.equal(stderr.match(/git cannot be run/g)?.length, 1, stderr);
    assert.match(stderr, /\(acme\/rocket\) are not served, so agents' branches cannot be fetched; install git/);
  });

  it('an invalid world file exits non-zero with a message naming the entry', async () => {
    const world = path.join(dir, 'world.json');
    fs.writeFileSync(
      world,
      JSON.stringify({
        users: [{ id: 11, login: 'ana' }],
        repositories: [{ id: 1, owner: 'bob', name: 'svc' }],
        tokens: [],
      }),
    );
    const { code, stderr } = await run(['--world', world]).exit;
    assert.notEqual(code, 0);
    assert.match(stderr, /repositories\[0\] \(bob\/svc\): owner "bob"/);
  });

  it('bad arguments exit non-zero with the usage', async () => {
    for (const args of [['--port', 'x'], ['--bogus'], ['--world']]) {
      const { code, stderr } = await run(args).exit;
      assert.notEqual(code, 0, args.join(' '));
      assert.match(stderr, /usage: sandbox/);
    }
  });
});
