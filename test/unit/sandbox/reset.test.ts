// A reset brings back the world the sandbox started from, and is a write like any other: once it is answered (or,
// with --reset, once the sandbox listens) a kill -9 cannot undo it. The sandbox runs as its own process here, so
// the kill is a real one.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { DEMO_TOKENS, demoWorld, startSandbox } from '../../../src/sandbox';
import { recover } from '../../../src/sandbox/durable';
import { kill9, startSandboxCli, type SandboxProcess } from '../../support/sandboxProcess';

const REPO_TASKS = '/agents/repos/acme/rocket/tasks';

async function call(url: string, method: string, p: string, token?: string, body?: unknown): Promise<number> {
  const res = await fetch(`${url}${p}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body !== undefined || method === 'POST' ? { 'content-type': 'application/json' } : {}),
    },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  await res.arrayBuffer();
  return res.status;
}

/** Changes a user would make: a task started, the installation token revoked. Returns the task's id. */
async function changeTheWorld(url: string): Promise<string> {
  const res = await fetch(`${url}${REPO_TASKS}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${DEMO_TOKENS.fineGrained}`, 'content-type': 'application/json' },
    body: JSON.stringify({ prompt: 'made before the reset' }),
  });
  assert.equal(res.status, 201);
  const { id } = (await res.json()) as { id: string };
  assert.equal(await call(url, 'DELETE', '/installation/token', DEMO_TOKENS.installation), 204);
  assert.equal(await call(url, 'GET', '/installation/repositories', DEMO_TOKENS.installation), 401);
  return id;
}

/** The demo world as it started: the task made since is gone and the installation token works again. */
async function assertDemoWorld(url: string, madeId: string): Promise<void> {
  assert.equal(await call(url, 'GET', `/agents/tasks/${madeId}`, DEMO_TOKENS.fineGrained), 404, 'the task made since');
  assert.equal(await call(url, 'GET', '/agents/tasks/demo-rocket-01', DEMO_TOKENS.fineGrained), 200, 'a demo task');
  assert.equal(
    await call(url, 'GET', '/installation/repositories', DEMO_TOKENS.installation),
    200,
    'the demo installation token works again',
  );
}

describe('sandbox reset', function () {
  this.timeout(30_000);
  let dir: string;
  let file: string;
  const running: SandboxProcess[] = [];
  const start = async (args: string[]) => {
    const r = await startSandboxCli(['--step-ms', '0', ...args]);
    running.push(r);
    return r;
  };
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sbx-reset-'));
    file = path.join(dir, 'state.json');
  });
  afterEach(async () => {
    for (const r of running.splice(0)) await kill9(r);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('a reset, once answered, survives kill -9: the restart serves the demo world', async () => {
    const first = await start(['--state', file]);
    const made = await changeTheWorld(first.url);
    assert.equal(await call(first.url, 'POST', '/_sandbox/reset'), 200);
    await kill9(first);
    const again = await start(['--state', file]);
    await assertDemoWorld(again.url, made);
  });

  it('--reset starts from the demo world whatever the state file holds, on disk before it listens', async () => {
    const first = await start(['--state', file]);
    const made = await changeTheWorld(first.url);
    await kill9(first);
    // Killed the moment it has printed its address: the reset must already be on disk.
    await kill9(await start(['--state', file, '--reset']));
    const again = await start(['--state', file]);
    await assertDemoWorld(again.url, made);
    // And without --reset the saved state wins: a change made now is kept over a kill.
    const kept = await changeTheWorld(again.url);
    await kill9(again);
    const last = await start(['--state', file]);
    assert.equal(await call(last.url, 'GET', `/agents/tasks/${kept}`, DEMO_TOKENS.fineGrained), 200);
  });

  it('reset() of the library resolves once the demo world is what a restart would read', async () => {
    const sb = await startSandbox({ statePath: file, stepMs: 0, git: false });
    try {
      const made = await changeTheWorld(sb.url);
      assert.ok(recover(file).world!.tasks!.some(t => t.id === made));
      await sb.reset();
      const world = recover(file).world!;
      assert.ok(!world.tasks!.some(t => t.id === made), 'the task made before the reset');
      assert.deepEqual(
        world.tasks!.map(t => t.id),
        demoWorld().tasks!.map(t => t.id),
      );
      assert.ok(!world.tokens.find(t => t.value === DEMO_TOKENS.installation)?.revoked, 'the token is not revoked');
      await assertDemoWorld(sb.url, made);
    } finally {
      await sb.close();
    }
  });
});
