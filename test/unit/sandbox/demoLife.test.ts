// The demo world's life: end states steered by the world file (`ends`), not by markers in prompts; a continued
// pull request stays one pull request; and a restart from a state file (`relive`) keeps what the user did while the
// world's own running tasks run again.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { DEFAULT_STEP_MS, DEMO_TOKENS, demoWorld, startSandbox, validateWorld, WorldError } from '../../../src/sandbox';
import { reliveWorldTasks } from '../../../src/sandbox/relive';
import { State } from '../../../src/sandbox/state';
import { advance } from '../../../src/sandbox/taskLife';
import { WorldBuilder, request, useSandbox } from './helpers';

const TOK = DEMO_TOKENS.fineGrained;

describe('sandbox world tasks end where the world file says (ends)', () => {
  function world() {
    const b = new WorldBuilder();
    const ana = b.user('ana');
    const svc = b.repo('ana', 'svc');
    const tok = b.fineGrained(ana);
    b.task(svc, ana, { id: 'fails', prompt: 'Migrate the build', ends: 'failed', create_pull_request: true });
    b.task(svc, ana, { id: 'waits', prompt: 'Ask first', ends: 'waiting_for_user' });
    b.task(svc, ana, { id: 'plain', prompt: 'Tidy up' });
    return { w: b.build(), tok };
  }
  const { w, tok } = world();
  const sb = useSandbox(() => w);

  it('a task with "ends" reaches that state when it runs, with a clean prompt and no artifact', async () => {
    await sb.call('POST', '/_sandbox/advance');
    await sb.call('POST', '/_sandbox/advance');
    const get = async (id: string) => (await sb.call('GET', `/agents/tasks/${id}`, { token: tok })).json();
    const fails = await get('fails');
    assert.deepEqual([fails.state, fails.artifacts, fails.sessions[0].prompt], ['failed', [], 'Migrate the build']);
    assert.equal((await get('waits')).state, 'waiting_for_user');
    assert.equal((await get('plain')).state, 'completed');
  });

  it('"ends" must be an end state; anything else is refused with the task named', () => {
    for (const ends of ['queued', 'in_progress', 'done', 3]) {
      const bad = structuredClone(w);
      (bad.tasks![0] as unknown as Record<string, unknown>).ends = ends;
      assert.throws(
        () => validateWorld(bad),
        (e: Error) => e instanceof WorldError && /tasks\[0\] \(fails\).*"ends"/.test(e.message),
      );
    }
  });

  it("the demo world's prompts carry no steering marker; its ended tasks say their end in ends", () => {
    for (const t of demoWorld().tasks ?? []) {
      assert.ok(!/\[sandbox:/.test(t.prompt), `${t.id}: ${t.prompt}`);
      if (t.state && !['queued', 'in_progress', 'completed'].includes(t.state)) assert.equal(t.ends, t.state, t.id);
    }
  });
});

describe('sandbox continuation of a pull request', () => {
  const sb = useSandbox(() => demoWorld());
  const start = async (body: object) => {
    const r = await sb.call('POST', '/agents/repos/acme/rocket/tasks', { token: TOK, body });
    assert.equal(r.status, 201, r.text);
    return r.json().id as string;
  };
  const get = async (id: string) => (await sb.call('GET', `/agents/tasks/${id}`, { token: TOK })).json();
  const run = async () => {
    await sb.call('POST', '/_sandbox/advance');
    await sb.call('POST', '/_sandbox/advance');
  };

  it('a task started with the head_ref and base_ref of an open pull request has that pull request as its artifact', async () => {
    const old = await get('demo-rocket-01');
    const pull = old.artifacts.find((a: { type: string }) => a.type === 'pull');
    const { head_ref, base_ref } = old.sessions[0];
    const again = await start({ prompt: 'Also handle the empty case', head_ref, base_ref, create_pull_request: true });
    const plain = await start({ prompt: 'Same branch, no pull request asked', head_ref, base_ref });
    const other = await start({
      prompt: 'Into another base',
      head_ref,
      base_ref: 'release',
      create_pull_request: true,
    });
    await run();
    assert.deepEqual((await get(again)).artifacts, [pull], 'the continuation commits to the same pull request');
    assert.deepEqual((await get(plain)).artifacts, [pull], 'with or without create_pull_request');
    const otherPull = (await get(other)).artifacts[0];
    assert.equal(otherPull.type, 'pull');
    assert.notEqual(otherPull.data.id, pull.data.id, 'another base is another pull request');
    const page = await sb.call('GET', `/acme/rocket/pull/${pull.data.id}`);
    assert.equal(page.status, 200);
  });

  it('a new branch still gets a pull request of its own', async () => {
    const a = await start({ prompt: 'One', create_pull_request: true });
    const b = await start({ prompt: 'Two', create_pull_request: true });
    await run();
    assert.notEqual((await get(a)).artifacts[0].data.id, (await get(b)).artifacts[0].data.id);
  });
});

describe('sandbox restart from a state file with relive', () => {
  let dir: string;
  beforeEach(() => (dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sbx-relive-'))));
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));
  const RUNNING = ['demo-rocket-03', 'demo-rocket-04', 'demo-dotfiles-02'];

  /** A first session in which every demo task finishes, the user starts one and archives one of the demo's. */
  async function firstSession(file: string): Promise<string> {
    const sb = await startSandbox({ statePath: file, stepMs: 0, git: false });
    try {
      const mine = (
        await request(sb.url, 'POST', '/agents/repos/acme/rocket/tasks', { token: TOK, body: { prompt: 'Mine' } })
      ).json().id as string;
      for (let i = 0; i < 3; i++) await request(sb.url, 'POST', '/_sandbox/advance');
      await request(sb.url, 'PATCH', '/_sandbox/tasks/demo-dotfiles-02', { body: { archived: true } });
      return mine;
    } finally {
      await sb.close();
    }
  }
  const states = async (url: string, ids: string[]) => {
    const out: Record<string, string> = {};
    for (const id of ids) out[id] = (await request(url, 'GET', `/agents/tasks/${id}`, { token: TOK })).json().state;
    return out;
  };

  it("keeps what the user did, and the world's own running tasks run again, dated from now", async () => {
    const file = path.join(dir, 'state.json');
    const mine = await firstSession(file);
    const later = Date.now() + 3 * 86_400_000;
    const sb = await startSandbox({ statePath: file, stepMs: 0, git: false, relive: true, world: demoWorld(later) });
    try {
      assert.deepEqual(await states(sb.url, [...RUNNING, mine, 'demo-rocket-05']), {
        'demo-rocket-03': 'in_progress',
        'demo-rocket-04': 'queued',
        'demo-dotfiles-02': 'completed', // archived by the user: left alone
        [mine]: 'completed',
        'demo-rocket-05': 'failed',
      });
      const t = (await request(sb.url, 'GET', '/agents/tasks/demo-rocket-03', { token: TOK })).json();
      assert.ok(Date.parse(t.updated_at) > later - 3_600_000, `dated from the new start (${t.updated_at})`);
      assert.ok((await request(sb.url, 'GET', '/agents/tasks/demo-dotfiles-02', { token: TOK })).json().archived_at);
      await request(sb.url, 'POST', '/_sandbox/advance');
      await request(sb.url, 'POST', '/_sandbox/advance');
      assert.deepEqual(await states(sb.url, ['demo-rocket-03', 'demo-rocket-04']), {
        'demo-rocket-03': 'completed',
        'demo-rocket-04': 'completed',
      });
    } finally {
      await sb.close();
    }
  });

  it('without relive, the saved state stands as it was (nothing moves)', async () => {
    const file = path.join(dir, 'state.json');
    await firstSession(file);
    const sb = await startSandbox({ statePath: file, stepMs: 0, git: false });
    try {
      const moved = (await request(sb.url, 'POST', '/_sandbox/advance')).json().moved;
      assert.deepEqual(moved, []);
    } finally {
      await sb.close();
    }
  });
});

describe("the demo's running tasks, as npm start runs them (tasks moving on their own)", () => {
  /** The minutes, from the start, during which no task of the demo ran: its life stepped as the Stepper does. */
  function idleMinutes(world: ReturnType<typeof demoWorld>, start: number, minutes: number): number[] {
    const st = new State(world, start);
    const idle: number[] = [];
    // The Stepper looks every half step; so does this, on a clock of its own.
    for (let now = start; now <= start + minutes * 60_000; now += DEFAULT_STEP_MS / 2) {
      advance(st, now, DEFAULT_STEP_MS);
      const running = [...st.tasks.values()].some(t => t.state === 'in_progress');
      const minute = Math.floor((now - start) / 60_000);
      if (!running && !idle.includes(minute)) idle.push(minute);
    }
    return idle;
  }

  it('a task runs through the first five minutes after the start, then the running ones finish', () => {
    const start = Date.parse('2026-05-01T09:00:00Z');
    assert.deepEqual(idleMinutes(demoWorld(start), start, 5), [], 'some task runs in each of the first 5 minutes');
    const st = new State(demoWorld(start), start);
    for (let now = start; now <= start + 30 * 60_000; now += DEFAULT_STEP_MS / 2) advance(st, now, DEFAULT_STEP_MS);
    const active = [...st.tasks.values()].filter(t => t.state === 'in_progress' || t.state === 'queued');
    assert.deepEqual(
      active.map(t => t.id),
      [],
      'after half an hour every task has ended',
    );
  });

  it('the same on a later start from a saved state (relive): the running tasks run again at that pace', () => {
    const first = Date.parse('2026-05-01T09:00:00Z');
    const st = new State(demoWorld(first), first);
    for (let now = first; now <= first + 30 * 60_000; now += DEFAULT_STEP_MS / 2) advance(st, now, DEFAULT_STEP_MS);
    const saved = demoWorld(first);
    for (const t of saved.tasks ?? []) t.state = st.tasks.get(t.id!)?.state ?? t.state;
    const later = Date.parse('2026-05-02T09:00:00Z');
    const again = reliveWorldTasks(saved, demoWorld(later));
    assert.ok(again.includes('demo-rocket-03'), JSON.stringify(again));
    assert.deepEqual(idleMinutes(saved, later, 5), []);
  });

  it('"step_ms" is checked like the rest of a world file', () => {
    const w = demoWorld();
    (w.tasks![0] as unknown as Record<string, unknown>).step_ms = -1;
    assert.throws(
      () => validateWorld(w),
      (e: Error) => e instanceof WorldError && /"step_ms"/.test(e.message),
    );
  });
});
