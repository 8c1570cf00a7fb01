import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { DEMO_TOKENS, startSandbox, WorldError } from '../../../src/sandbox';
import { writeStateFile } from '../../../src/sandbox/persist';
import { WorldBuilder, request } from './helpers';

describe('sandbox state file', () => {
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sbx-state-'));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('keeps tasks, their progress, revoked tokens and installation changes across restarts', async () => {
    const file = path.join(dir, 'state.json');
    let sb = await startSandbox({ statePath: file, stepMs: 0 });
    const tok = DEMO_TOKENS.fineGrained;
    const id = (
      await request(sb.url, 'POST', '/agents/repos/acme/rocket/tasks', {
        token: tok,
        body: { prompt: 'keep me', custom_agent: 'docs' },
      })
    ).json().id;
    await request(sb.url, 'POST', '/_sandbox/advance');
    assert.equal(
      (await request(sb.url, 'DELETE', '/installation/token', { token: DEMO_TOKENS.installation })).status,
      204,
    );
    assert.equal(
      (await request(sb.url, 'DELETE', '/user/installations/71/repositories/5001', { token: DEMO_TOKENS.classic }))
        .status,
      204,
    );
    const before = (await request(sb.url, 'GET', `/agents/tasks/${id}`, { token: tok })).text;
    await sb.close();
    assert.ok(fs.existsSync(file));
    assert.deepEqual(
      fs.readdirSync(dir).sort(),
      ['state.json', 'state.json.repos'],
      'no temporary file or journal is left behind',
    );

    sb = await startSandbox({ statePath: file, stepMs: 0 });
    try {
      const after = await request(sb.url, 'GET', `/agents/tasks/${id}`, { token: tok });
      assert.equal(after.status, 200);
      const a = after.json();
      const b = JSON.parse(before);
      assert.deepEqual({ ...a, url: '', html_url: '' }, { ...b, url: '', html_url: '' });
      assert.equal(a.state, 'in_progress');
      assert.equal(
        (await request(sb.url, 'GET', '/installation/repositories', { token: DEMO_TOKENS.installation })).status,
        401,
      );
      const repos = (
        await request(sb.url, 'GET', '/user/installations/71/repositories', { token: DEMO_TOKENS.fineGrained })
      ).json();
      assert.deepEqual(
        repos.repositories.map((r: { id: number }) => r.id),
        [5000],
      );
      // Tasks started after the restart keep unique ids and sort after the old ones.
      const id2 = (
        await request(sb.url, 'POST', '/agents/repos/acme/rocket/tasks', { token: tok, body: { prompt: 'new' } })
      ).json().id;
      assert.notEqual(id2, id);
      const list = (
        await request(sb.url, 'GET', '/agents/repos/acme/rocket/tasks?sort=created_at', { token: tok })
      ).json().tasks;
      assert.equal(list[0].id, id2);
    } finally {
      await sb.close();
    }
  });

  it('the state file wins over the world given', async () => {
    const file = path.join(dir, 'state.json');
    let sb = await startSandbox({ statePath: file, stepMs: 0 });
    await sb.close();
    const b = new WorldBuilder();
    b.user('zed');
    b.repo('zed', 'z');
    sb = await startSandbox({ statePath: file, stepMs: 0, world: b.build() });
    try {
      assert.equal(
        (await request(sb.url, 'GET', '/agents/repos/acme/rocket/tasks', { token: DEMO_TOKENS.fineGrained })).status,
        200,
      );
    } finally {
      await sb.close();
    }
  });

  it('a broken or foreign state file is refused with a message, and left alone', async () => {
    const file = path.join(dir, 'state.json');
    for (const text of [
      '{"format":"agent-tasks-sandbox-state","version":1,"world":{"users":[',
      '{"hello":1}',
      '{"format":"agent-tasks-sandbox-state","version":1,"world":{"users":[],"repositories":[{"id":1}],"tokens":[]}}',
    ]) {
      fs.writeFileSync(file, text);
      await assert.rejects(
        startSandbox({ statePath: file, stepMs: 0 }),
        (e: Error) => e instanceof WorldError && e.message.includes(file),
      );
      assert.equal(fs.readFileSync(file, 'utf8'), text);
    }
  });

  it('writes by rename: a reader never sees a partial file', () => {
    const file = path.join(dir, 'state.json');
    const b = new WorldBuilder();
    b.user('zed');
    writeStateFile(file, b.build());
    const ino = fs.statSync(file).ino;
    writeStateFile(file, b.build());
    assert.notEqual(fs.statSync(file).ino, ino, 'a new file replaced the old one');
    assert.equal(JSON.parse(fs.readFileSync(file, 'utf8')).world.users[0].login, 'zed');
    assert.deepEqual(fs.readdirSync(dir), ['state.json']);
  });
});
