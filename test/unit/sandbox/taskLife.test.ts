import assert from 'node:assert/strict';
import { KNOWN_MODELS } from '../../../src/api/types';
import { startSandbox } from '../../../src/sandbox';
import { outcomeOf } from '../../../src/sandbox/taskLife';
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
    for (const s of ['completed', 'failed', 'waiting_for_user', 'timed_out', 'cancelled', 'idle'])
      assert.equal(outcomeOf(`x [sandbox:${s}] y`), s);
    assert.equal(outcomeOf('[sandbox:queued]'), 'completed');
  });

  it('queued → in_progress (a session with prompt, model, refs) → completed with a pull artifact', async () => {
    const id = await start({
      prompt: 'Add tests',
      model: KNOWN_MODELS[4],
      create_pull_request: true,
      base_ref: 'dev',
      head_ref: 'fix/tests',
    });
    let t = await get(id);
    assert.deepEqual([t.state, t.session_count, t.sessions], ['queued', 0, []]);
    const r = await advance();
    assert.deepEqual(r.json().moved, [{ id, state: 'in_progress' }]);
    t = await get(id);
    assert.equal(t.state, 'in_progress');
    assert.equal(t.session_count, 1);
    const s = t.sessions[0];
    assert.deepEqual(
      [s.prompt, s.model, s.base_ref, s.head_ref, s.state, s.completed_at],
      ['Add tests', KNOWN_MODELS[4], 'dev', 'fix/tests', 'in_progress', null],
    );
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
    const archived = (await sb.call('GET', '/agents/repos/ana/svc/tasks?is_archived=true', { token: w.tok })).json()
      .tasks;
    assert.deepEqual(
      archived.map((t: { id: string }) => t.id),
      [id],
    );
    r = await sb.call('PATCH', `/_sandbox/tasks/${id}`, { body: { archived: false, state: 'completed' } });
    assert.equal(r.json().archived_at, null);
    assert.equal(r.json().artifacts.length, 1);
    assert.equal((await sb.call('PATCH', `/_sandbox/tasks/${id}`, { body: { state: 'done' } })).status, 422);
    assert.equal((await sb.call('PATCH', `/_sandbox/tasks/${id}`, { body: { archived: 'yes' } })).status, 422);
    assert.equal((await sb.call('PATCH', `/_sandbox/tasks/${id}`, { body: '{' })).status, 400);
    assert.equal((await sb.call('PATCH', '/_sandbox/tasks/nope', { body: { state: 'failed' } })).status, 404);
  });

  it('the updated_at of a moved task advances by the time that passed, and the task sorts first', async () => {
    let now = Date.parse('2026-03-10T12:00:00Z');
    const sbx = await startSandbox({ world: w.world, stepMs: 0, now: () => now });
    try {
      const id = (
        await request(sbx.url, 'POST', '/agents/repos/ana/svc/tasks', { token: w.tok, body: { prompt: 'x' } })
      ).json().id;
      const read = async () => (await request(sbx.url, 'GET', `/agents/tasks/${id}`, { token: w.tok })).json();
      const before = await read();
      assert.equal(before.updated_at, '2026-03-10T12:00:00Z');
      now += 2000;
      await request(sbx.url, 'POST', '/_sandbox/advance');
      const after = await read();
      assert.equal(after.updated_at, '2026-03-10T12:00:02Z');
      assert.equal(after.sessions[0].created_at, '2026-03-10T12:00:02Z');
      assert.equal(after.created_at, before.created_at);
      const list = (await request(sbx.url, 'GET', '/agents/repos/ana/svc/tasks', { token: w.tok })).json().tasks;
      assert.equal(list[0].id, id);
    } finally {
      await sbx.close();
    }
  });

  it('POST /_sandbox/reset restores the starting world, or loads the one given', async () => {
    await start({ prompt: 'x' });
    let r = await sb.call('POST', '/_sandbox/reset');
    assert.equal(r.status, 200);
    assert.deepEqual(
      (await sb.call('GET', '/agents/tasks', { token: w.tok })).json().tasks.map((t: { id: string }) => t.id),
      [w.done],
    );
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
    assert.equal(
      (await sb.call('GET', '/agents/repos/zed/z/tasks', { token: ztok })).status,
      200,
      'a refused reset changes nothing',
    );
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
  /** A sandbox whose task changes are told as they happen; `reached(id, state)` resolves when that task gets there. */
  async function watched(stepMs: number) {
    const w = world();
    const seen = new Map<string, string[]>();
    const wanted: Array<{ id: string; state: string; resolve(): void }> = [];
    const sb = await startSandbox({
      world: w.world,
      stepMs,
      git: false,
      onTaskChange: ({ id, state }) => {
        seen.set(id, [...(seen.get(id) ?? []), state]);
        for (const x of wanted) if (x.id === id && x.state === state) x.resolve();
      },
    });
    const start = async () =>
      (await request(sb.url, 'POST', '/agents/repos/ana/svc/tasks', { token: w.tok, body: { prompt: 'x' } })).json()
        .id as string;
    const reached = (id: string, state: string) =>
      new Promise<void>(resolve => {
        if (seen.get(id)?.includes(state)) resolve();
        else wanted.push({ id, state, resolve });
      });
    return { sb, w, seen, start, reached };
  }

  it('with stepMs, tasks move on their own, one step at a time', async () => {
    const { sb, w, seen, start, reached } = await watched(50);
    try {
      const id = await start();
      await reached(id, 'completed');
      assert.deepEqual(seen.get(id), ['queued', 'in_progress', 'completed']);
      const t = (await request(sb.url, 'GET', `/agents/tasks/${id}`, { token: w.tok })).json();
      assert.equal(t.state, 'completed');
      assert.equal(t.sessions[0].state, 'completed');
    } finally {
      await sb.close();
    }
  });

  it('with stepMs 0, tasks stay still while a stepping sandbox beside it finishes a task', async () => {
    const still = await watched(0);
    const moving = await watched(50);
    try {
      const id = await still.start();
      // The same time passes for both: the stepping one goes through two steps of its own meanwhile.
      await moving.reached(await moving.start(), 'completed');
      assert.equal(
        (await request(still.sb.url, 'GET', `/agents/tasks/${id}`, { token: still.w.tok })).json().state,
        'queued',
      );
      assert.deepEqual(still.seen.get(id), ['queued']);
    } finally {
      await still.sb.close();
      await moving.sb.close();
    }
  });
});
