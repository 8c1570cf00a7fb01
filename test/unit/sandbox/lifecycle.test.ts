import assert from 'node:assert/strict';
import { KNOWN_MODELS } from '../../../src/api/types';
import { startSandbox } from '../../../src/sandbox';
import { outcomeOf } from '../../../src/sandbox/lifecycle';
import { taskName } from '../../../src/sandbox/state';
import { UTC_Z, WorldBuilder, request, useSandbox } from './helpers';

function world() {
  const b = new WorldBuilder();
  const ana = b.user('ana');
  const svc = b.repo('ana', 'svc');
  const tok = b.fineGrained(ana);
  const done = b.task(svc, ana, { state: 'completed' });
  return { world: b.build(), tok, done };
}

describe('sandbox task lifecycle', () => {
  const w = world();
  const sb = useSandbox(() => w.world);
  const start = async (body: object): Promise<string> => {
    const r = await sb.call('POST', '/agents/repos/ana/svc/tasks', { token: w.tok, body });
    assert.equal(r.status, 201, r.text);
    return r.json().id;
  };
  const get = async (id: string) => (await sb.call('GET', `/agents/tasks/${id}`, { token: w.tok })).json();
  const advance = () => sb.call('POST', '/_sandbox/advance');

  it('the prompt convention picks the outcome', () => {
    assert.equal(outcomeOf('do it'), 'completed');
    for (const s of ['completed', 'failed', 'waiting_for_user', 'timed_out', 'cancelled', 'idle']) assert.equal(outcomeOf(`x [sandbox:${s}] y`), s);
    assert.equal(outcomeOf('[sandbox:queued]'), 'completed');
  });

  it('queued → in_progress (a session with prompt, model, refs) → completed with a pull artifact', async () => {
    const id = await start({ prompt: 'Add tests', model: KNOWN_MODELS[4], create_pull_request: true, base_ref: 'dev', head_ref: 'fix/tests' });
    let t = await get(id);
    assert.deepEqual([t.state, t.session_count, t.sessions], ['queued', 0, []]);
    const r = await advance();
    assert.deepEqual(r.json().moved, [{ id, state: 'in_progress' }]);
    t = await get(id);
    assert.equal(t.state, 'in_progress');
    assert.equal(t.session_count, 1);
    const s = t.sessions[0];
    assert.deepEqual([s.prompt, s.model, s.base_ref, s.head_ref, s.state, s.completed_at], ['Add tests', KNOWN_MODELS[4], 'dev', 'fix/tests', 'in_progress', null]);
    assert.deepEqual(t.artifacts, []);
    await advance();
    t = await get(id);
    assert.equal(t.state, 'completed');
    assert.match(t.sessions[0].completed_at, UTC_Z);
    assert.equal(t.artifacts.length, 1);
    assert.equal(t.artifacts[0].type, 'pull');
    assert.equal(typeof t.artifacts[0].data.id, 'number');
    await advance();
    assert.equal((await get(id)).state, 'completed', 'a finished task stays put');
  });

  it('without create_pull_request the artifact is a branch; a default head_ref is made up', async () => {
    const id = await start({ prompt: 'Tidy up' });
    await advance();
    await advance();
    const t = await get(id);
    assert.equal(t.artifacts[0].type, 'branch');
    assert.match(t.sessions[0].head_ref, /^agent\//);
    assert.equal(t.sessions[0].base_ref, 'main');
  });

  for (const s of ['failed', 'waiting_for_user', 'timed_out', 'cancelled', 'idle']) {
    it(`[sandbox:${s}] ends in ${s}, without an artifact`, async () => {
      const id = await start({ prompt: `Try [sandbox:${s}]`, create_pull_request: true });
      await advance();
      await advance();
      const t = await get(id);
      assert.equal(t.state, s);
      assert.deepEqual(t.artifacts, []);
    });
  }

  it('PATCH /_sandbox/tasks/{id} sets a state or the archive', async () => {
    const id = await start({ prompt: 'x' });
    let r = await sb.call('PATCH', `/_sandbox/tasks/${id}`, { body: { state: 'waiting_for_user' } });
    assert.equal(r.status, 200);
    assert.equal(r.json().state, 'waiting_for_user');
    assert.equal(r.json().sessions.length, 1);
    r = await sb.call('PATCH', `/_sandbox/tasks/${id}`, { body: { archived: true } });
    assert.match(r.json().archived_at, UTC_Z);
    const archived = (await sb.call('GET', '/agents/repos/ana/svc/tasks?is_archived=true', { token: w.tok })).json().tasks;
    assert.deepEqual(archived.map((t: { id: string }) => t.id), [id]);
    r = await sb.call('PATCH', `/_sandbox/tasks/${id}`, { body: { archived: false, state: 'completed' } });
    assert.equal(r.json().archived_at, null);
    assert.equal(r.json().artifacts.length, 1);
    assert.equal((await sb.call('PATCH', `/_sandbox/tasks/${id}`, { body: { state: 'done' } })).status, 422);
    assert.equal((await sb.call('PATCH', `/_sandbox/tasks/${id}`, { body: { archived: 'yes' } })).status, 422);
    assert.equal((await sb.call('PATCH', `/_sandbox/tasks/${id}`, { body: '{' })).status, 400);
    assert.equal((await sb.call('PATCH', '/_sandbox/tasks/nope', { body: { state: 'failed' } })).status, 404);
  });

  it('the updated_at of a moved task advances and the task sorts first', async () => {
    const id = await start({ prompt: 'x' });
    const before = await get(id);
    await new Promise(r => setTimeout(r, 1100));
    await advance();
    const after = await get(id);
    assert.ok(Date.parse(after.updated_at) > Date.parse(before.updated_at));
    assert.equal(after.created_at, before.created_at);
    const list = (await sb.call('GET', '/agents/repos/ana/svc/tasks', { token: w.tok })).json().tasks;
    assert.equal(list[0].id, id);
  });

  it('POST /_sandbox/reset restores the starting world, or loads the one given', async () => {
    await start({ prompt: 'x' });
    let r = await sb.call('POST', '/_sandbox/reset');
    assert.equal(r.status, 200);
    assert.deepEqual((await sb.call('GET', '/agents/tasks', { token: w.tok })).json().tasks.map((t: { id: string }) => t.id), [w.done]);
    const other = new WorldBuilder();
    const zed = other.user('zed');
    other.repo('zed', 'z');
    const ztok = other.fineGrained(zed);
    r = await sb.call('POST', '/_sandbox/reset', { body: other.build() });
    assert.equal(r.status, 200);
    assert.equal((await sb.call('GET', '/agents/repos/zed/z/tasks', { token: ztok })).status, 200);
    assert.equal((await sb.call('GET', '/agents/tasks', { token: w.tok })).status, 401);
    r = await sb.call('POST', '/_sandbox/reset', { body: { users: [] } });
    assert.equal(r.status, 422);
    assert.match(r.json().message, /repositories/);
    assert.equal((await sb.call('GET', '/agents/repos/zed/z/tasks', { token: ztok })).status, 200, 'a refused reset changes nothing');
  });
});

describe('sandbox task names', () => {
  it('are the first line of the prompt without [sandbox:STATE] directives, shortened', () => {
    assert.equal(taskName('Fix the build [sandbox:failed]\nmore detail'), 'Fix the build');
    assert.equal(taskName('[sandbox:idle]'), 'Task');
    assert.equal(taskName('x'.repeat(100)).length, 72);
  });
});

describe('sandbox real-time steps', () => {
  it('with stepMs, tasks move on their own, one step at a time', async () => {
    const w = world();
    const sb = await startSandbox({ world: w.world, stepMs: 150 });
    try {
      const r = await request(sb.url, 'POST', '/agents/repos/ana/svc/tasks', { token: w.tok, body: { prompt: 'x' } });
      const id = r.json().id;
      const seen = new Set<string>();
      const t0 = Date.now();
      while (Date.now() - t0 < 5000) {
        const t = (await request(sb.url, 'GET', `/agents/tasks/${id}`, { token: w.tok })).json();
        seen.add(t.state);
        if (t.state === 'completed') break;
        await new Promise(res => setTimeout(res, 20));
      }
      assert.deepEqual([...seen], ['queued', 'in_progress', 'completed']);
    } finally {
      await sb.close();
    }
  });

  it('with stepMs 0, tasks stay still', async () => {
    const w = world();
    const sb = await startSandbox({ world: w.world, stepMs: 0 });
    try {
      const id = (await request(sb.url, 'POST', '/agents/repos/ana/svc/tasks', { token: w.tok, body: { prompt: 'x' } })).json().id;
      await new Promise(res => setTimeout(res, 300));
      assert.equal((await request(sb.url, 'GET', `/agents/tasks/${id}`, { token: w.tok })).json().state, 'queued');
    } finally {
      await sb.close();
    }
  });
});
