import * as assert from 'node:assert/strict';
import type { ListRepositoryTasksParams, ListTasksParams, Task } from '../../../src/api';
import { TaskStore } from '../../../src/model/taskStore';
import {
  listKeys,
  PAGE_SIZE,
  rateLimitPaceMs,
  TaskSync,
  type SyncTargets,
  type TaskClient,
} from '../../../src/model/taskSync';
import { aSession, aTask, later } from './builders';

/** A fake service at the level of the client's methods, counting calls; the list is sorted like the service's. */
function fakeService(tasks: Task[]) {
  const calls: string[] = [];
  const page = (p: { page?: number; per_page?: number }) => {
    const sorted = [...tasks].sort((a, b) => (a.updated_at < b.updated_at ? 1 : -1));
    const per = p.per_page ?? 30;
    const n = p.page ?? 1;
    return { tasks: sorted.slice((n - 1) * per, n * per) };
  };
  const client: TaskClient = {
    listRepositoryTasks: async (p: ListRepositoryTasksParams) => {
      calls.push(`repo list page ${p.page}`);
      return page(p);
    },
    listTasks: async (p: ListTasksParams = {}) => {
      calls.push(`user list page ${p.page}`);
      return page(p);
    },
    getTask: async ({ task_id }) => {
      calls.push(`task ${task_id}`);
      const t = tasks.find(x => x.id === task_id)!;
      return { ...t, sessions: [aSession(t)] };
    },
  };
  return { calls, client };
}

describe('model/TaskSync', () => {
  const repo = { owner: 'acme', repo: 'rocket' };
  const targets = (over: Partial<SyncTargets> = {}): SyncTargets => ({
    repo,
    repoVisible: true,
    mineVisible: false,
    repoArchived: false,
    mineArchived: false,
    needMine: false,
    ...over,
  });
  const signal = new AbortController().signal;

  it('reads every page the first time, then only the first page per poll', async () => {
    const tasks = Array.from({ length: 250 }, () => aTask());
    const { calls, client } = fakeService(tasks);
    const store = new TaskStore();
    const sync = new TaskSync(
      async () => client,
      store,
      () => targets(),
    );
    await sync.tick(signal);
    assert.deepEqual(calls, [
      'repo list page 1',
      'repo list page 2',
      'repo list page 3',
      'user list page 1',
      'user list page 2',
      'user list page 3',
    ]);
    assert.equal(store.list(listKeys.repo(repo)).length, 250);
    calls.length = 0;
    await sync.tick(signal);
    assert.deepEqual(calls, ['repo list page 1'], 'one request per poll, whatever the number of tasks');
    assert.equal(PAGE_SIZE, 100);
  });

  it('shows the first page of a long list before the rest is read, and reads it whole again if the rest fails', async () => {
    const tasks = Array.from({ length: 250 }, () => aTask());
    const { client } = fakeService(tasks);
    const store = new TaskStore();
    const sizes: number[] = [];
    store.onDidChange(c => c.list === listKeys.repo(repo) && sizes.push(store.list(c.list).length));
    let failPage2 = true;
    const flaky: TaskClient = {
      ...client,
      listRepositoryTasks: async p => {
        if (p.page === 2 && failPage2) throw new Error('page 2 lost');
        return client.listRepositoryTasks(p);
      },
    };
    const sync = new TaskSync(
      async () => flaky,
      store,
      () => targets(),
    );
    await assert.rejects(sync.tick(signal), /page 2 lost/);
    assert.deepEqual(sizes, [100], 'the first page, at once');
    failPage2 = false;
    await sync.tick(signal);
    assert.deepEqual(sizes, [100, 250], 'then the whole list, read again from the start');
  });

  it('picks up a change from the first page and says whether anything runs', async () => {
    const tasks = Array.from({ length: 150 }, () => aTask());
    const { client } = fakeService(tasks);
    const store = new TaskStore();
    const sync = new TaskSync(
      async () => client,
      store,
      () => targets(),
    );
    assert.equal((await sync.tick(signal)).active, false);
    Object.assign(tasks[3], { state: 'in_progress', updated_at: later() });
    const result = await sync.tick(signal);
    assert.equal(result.active, true);
    assert.equal(store.get(tasks[3].id)?.state, 'in_progress');
    assert.equal(store.list(listKeys.repo(repo)).length, 150);
  });

  it('reads sessions only for expanded tasks, and again only when they changed', async () => {
    const tasks = [aTask(), aTask()];
    const { calls, client } = fakeService(tasks);
    const store = new TaskStore();
    const sync = new TaskSync(
      async () => client,
      store,
      () => targets(),
    );
    await sync.tick(signal);
    assert.ok(!calls.some(c => c.startsWith('task ')), 'no details for collapsed tasks');
    sync.expanded.add(tasks[0].id);
    await sync.tick(signal);
    assert.equal(calls.filter(c => c === `task ${tasks[0].id}`).length, 1);
    await sync.tick(signal);
    assert.equal(calls.filter(c => c === `task ${tasks[0].id}`).length, 1, 'unchanged: not read again');
    Object.assign(tasks[0], { updated_at: later(), state: 'failed' });
    await sync.tick(signal);
    assert.equal(calls.filter(c => c === `task ${tasks[0].id}`).length, 2, 'changed: read again');
  });

  it('watches only the visible lists, plus any list with a running task', async () => {
    const tasks = [aTask({ state: 'in_progress' })];
    const { calls, client } = fakeService(tasks);
    const store = new TaskStore();
    const t = targets({ repoVisible: false });
    const sync = new TaskSync(
      async () => client,
      store,
      () => t,
    );
    await sync.tick(signal);
    assert.deepEqual(
      calls,
      ['repo list page 1', 'user list page 1'],
      'the first read looks at both lists, views open or not',
    );
    calls.length = 0;
    await sync.tick(signal);
    assert.deepEqual(calls, ['repo list page 1', 'user list page 1'], 'still watched while their task runs');
    tasks[0].state = 'completed';
    tasks[0].updated_at = later();
    await sync.tick(signal);
    calls.length = 0;
    await sync.tick(signal);
    assert.deepEqual(calls, [], 'hidden and finished: not read');
  });

  it("learns the user id from the user's list, and records a failing list without losing the other", async () => {
    const mine = [aTask({ creator: { id: 4242 } })];
    const { client } = fakeService(mine);
    const failing: TaskClient = {
      ...client,
      listRepositoryTasks: async () => Promise.reject(Object.assign(new Error('down'), { status: 503 })),
    };
    const store = new TaskStore();
    const sync = new TaskSync(
      async () => failing,
      store,
      () => targets({ mineVisible: true }),
    );
    await assert.rejects(sync.tick(signal), /down/);
    assert.equal(sync.me, 4242);
    assert.ok(sync.problems.has(listKeys.repo(repo)));
    assert.equal(store.list(listKeys.mine()).length, 1);
  });

  it('paces polling so the rate limit lasts until it resets', () => {
    const now = Date.parse('2026-03-10T12:00:00Z');
    const reset = new Date(now + 30 * 60_000);
    assert.equal(rateLimitPaceMs(undefined, 1, now), 0);
    assert.equal(rateLimitPaceMs({ remaining: 4900, reset }, 2, now), 0, 'plenty left: no effect');
    assert.equal(rateLimitPaceMs({ remaining: 30, reset }, 1, now), 180_000, '10 spare requests for 30 minutes');
    assert.equal(
      rateLimitPaceMs({ remaining: 5, reset }, 1, now),
      30 * 60_000,
      'below the reserve: wait for the reset',
    );
    assert.equal(rateLimitPaceMs({ remaining: 0, reset: new Date(now - 1) }, 1, now), 0, 'already reset');
  });

  it("hands the pace to the poller from the client's last rate-limit figures", async () => {
    const { client } = fakeService([aTask()]);
    const limited = Object.assign(Object.create(null), client, {
      lastRateLimit: { remaining: 21, reset: new Date(Date.now() + 600_000) },
    }) as TaskClient;
    const sync = new TaskSync(
      async () => limited,
      new TaskStore(),
      () => targets(),
    );
    const r = await sync.tick(signal);
    assert.ok((r.minIntervalMs ?? 0) > 60_000, `paced: ${r.minIntervalMs}`);
  });

  it('stores nothing from a tick that began before a reset (another service or user)', async () => {
    const old = fakeService([aTask({ creator: { id: 1 } })]);
    let release!: () => void;
    const gate = new Promise<void>(r => (release = r));
    const slow: TaskClient = {
      ...old.client,
      listRepositoryTasks: async p => {
        await gate;
        return old.client.listRepositoryTasks(p);
      },
    };
    const store = new TaskStore();
    const sync = new TaskSync(
      async () => slow,
      store,
      () => targets({ mineVisible: true }),
    );
    const under = sync.tick(signal);
    await new Promise(r => setImmediate(r));
    sync.reset();
    release();
    assert.deepEqual(await under, { active: false });
    assert.equal(store.hasList(listKeys.repo(repo)), false, 'the old repository list was not stored');
    assert.equal(store.hasList(listKeys.mine()), false, "nor the old user's list");
    assert.equal(sync.me, undefined, "nor the old user's id");
  });

  it('never polls faster than the service asked with x-poll-interval', async () => {
    const { client } = fakeService([aTask()]);
    const asked = Object.assign(Object.create(null), client, { pollIntervalMs: 45_000 }) as TaskClient;
    const r = await new TaskSync(
      async () => asked,
      new TaskStore(),
      () => targets(),
    ).tick(signal);
    assert.equal(r.minIntervalMs, 45_000);
    const plain = await new TaskSync(
      async () => client,
      new TaskStore(),
      () => targets(),
    ).tick(signal);
    assert.equal(plain.minIntervalMs, 0);
  });

  it('says a list longer than its page budget was cut, and reads further when asked', async () => {
    const tasks = Array.from({ length: 2_050 }, () => aTask());
    const { calls, client } = fakeService(tasks);
    const store = new TaskStore();
    const sync = new TaskSync(
      async () => client,
      store,
      () => targets(),
    );
    const key = listKeys.repo(repo);
    await sync.tick(signal);
    assert.equal(store.list(key).length, 2_000);
    assert.ok(sync.cut.has(key), 'the list says it was cut');
    calls.length = 0;
    sync.readMore(key);
    await sync.tick(signal);
    assert.equal(store.list(key).length, 2_050);
    assert.ok(!sync.cut.has(key));
    assert.equal(calls.filter(c => c.startsWith('repo list')).length, 21, 'read whole, one page further');
    calls.length = 0;
    await sync.tick(signal);
    assert.deepEqual(
      calls.filter(c => c.startsWith('repo list')),
      ['repo list page 1'],
      'then one page per poll again',
    );
  });
});
