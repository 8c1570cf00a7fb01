// Every endpoint through the client against the sandbox, the local implementation of the service.
import assert from 'node:assert/strict';
import { ApiClient, ApiError, TASK_STATES } from '../../../src/api';
import type { ResponseInfo, Task } from '../../../src/api';
import { DEMO_TOKENS, demoWorld, startSandbox } from '../../../src/sandbox';
import type { Sandbox, WorldFile } from '../../../src/sandbox';
import { rejection } from './scripted';

type TokenName = keyof typeof DEMO_TOKENS;

async function all<T>(it: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const x of it) out.push(x);
  return out;
}

describe('api against the sandbox', () => {
  let sb: Sandbox;
  const clients: ApiClient[] = [];
  const as = (
    name: TokenName | undefined,
    extra: Partial<ConstructorParameters<typeof ApiClient>[0]> = {},
  ): ApiClient => {
    const c = new ApiClient({ baseUrl: sb.url, token: name && DEMO_TOKENS[name], retries: 0, ...extra });
    clients.push(c);
    return c;
  };

  before(async () => {
    sb = await startSandbox({ port: 0, stepMs: 0 });
  });
  beforeEach(async () => {
    const res = await fetch(`${sb.url}/_sandbox/reset`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
    });
    assert.ok(res.ok, `reset: ${res.status}`);
  });
  afterEach(async () => {
    await Promise.all(clients.splice(0).map(c => c.close()));
  });
  after(async () => {
    await sb?.close();
  });

  describe('listRepositoryTasks', () => {
    it('lists tasks with url and html_url, without sessions', async () => {
      const { tasks } = await as('fineGrained').listRepositoryTasks({ owner: 'acme', repo: 'rocket' });
      assert.ok(tasks.length >= 5);
      for (const t of tasks) {
        assert.equal(typeof t.url, 'string');
        assert.equal(typeof t.html_url, 'string');
        assert.equal(t.sessions, undefined);
        assert.equal(t.archived_at, null);
        assert.equal(t.repository?.id, 5000);
      }
    });

    it('filters by state list, creator_id list, and archived', async () => {
      const c = as('fineGrainedRead');
      const byState = await c.listRepositoryTasks({ owner: 'acme', repo: 'rocket', state: ['failed', 'cancelled'] });
      assert.ok(byState.tasks.length >= 2);
      assert.ok(byState.tasks.every(t => t.state === 'failed' || t.state === 'cancelled'));
      const byLee = await c.listRepositoryTasks({ owner: 'acme', repo: 'rocket', creator_id: [1002] });
      assert.ok(byLee.tasks.length >= 1);
      assert.ok(byLee.tasks.every(t => t.creator?.id === 1002));
      const both = await c.listRepositoryTasks({ owner: 'acme', repo: 'rocket', creator_id: [1001, 1002] });
      assert.ok(both.tasks.length > byLee.tasks.length);
      const archived = await c.listRepositoryTasks({ owner: 'acme', repo: 'rocket', is_archived: true });
      assert.ok(archived.tasks.length >= 1);
      assert.ok(archived.tasks.every(t => t.archived_at !== null));
    });

    it('is refused for an installation token and without a token', async () => {
      assert.equal(
        (await rejection(as('installation').listRepositoryTasks({ owner: 'acme', repo: 'rocket' }))).status,
        403,
      );
      assert.equal((await rejection(as(undefined).listRepositoryTasks({ owner: 'acme', repo: 'rocket' }))).status, 401);
    });

    it('answers 404 for a repository that does not exist', async () => {
      const e = await rejection(as('fineGrained').listRepositoryTasks({ owner: 'acme', repo: 'nope' }));
      assert.ok(e instanceof ApiError);
      assert.equal(e.status, 404);
    });
  });

  describe('startTask', () => {
    it('starts a queued task that getRepositoryTask then reads', async () => {
      const c = as('fineGrained');
      const t = await c.startTask({
        owner: 'acme',
        repo: 'rocket',
        prompt: 'Write the changelog',
        model: 'family-a-sonnet-4.6',
        create_pull_request: true,
      });
      assert.equal(t.state, 'queued');
      assert.deepEqual(t.artifacts, []);
      assert.equal(t.archived_at, null);
      assert.ok(t.url && t.html_url);
      const again = await c.getRepositoryTask({ owner: 'acme', repo: 'rocket', task_id: t.id });
      assert.equal(again.id, t.id);
    });

    it('is refused on a free plan, with a read-only token, and with an invalid body', async () => {
      assert.equal(
        (await rejection(as('freePlan').startTask({ owner: 'acme', repo: 'rocket', prompt: 'x' }))).status,
        403,
      );
      assert.equal(
        (await rejection(as('fineGrainedRead').startTask({ owner: 'acme', repo: 'rocket', prompt: 'x' }))).status,
        403,
      );
      const e = await rejection(as('fineGrained').startTask({ owner: 'acme', repo: 'rocket', prompt: '' }));
      assert.equal(e.status, 422);
      assert.equal(typeof e.message, 'string');
    });
  });

  describe('getRepositoryTask and getTask', () => {
    it('read one task with its sessions', async () => {
      const c = as('fineGrained');
      const a3 = await c.getRepositoryTask({ owner: 'acme', repo: 'rocket', task_id: 'demo-rocket-03' });
      assert.ok(Array.isArray(a3.sessions));
      assert.ok(a3.sessions.length >= 1);
      assert.equal(a3.sessions[0].task_id, 'demo-rocket-03');
      const a5 = await c.getTask({ task_id: 'demo-rocket-03' });
      assert.equal(a5.id, 'demo-rocket-03');
      assert.ok(a5.url && a5.html_url);
      assert.ok(Array.isArray(a5.sessions));
    });

    it('answer 404 for an unknown task', async () => {
      const c = as('fineGrained');
      assert.equal(
        (await rejection(c.getRepositoryTask({ owner: 'acme', repo: 'rocket', task_id: 'no-such-task' }))).status,
        404,
      );
      assert.equal((await rejection(c.getTask({ task_id: 'no/such?task' }))).status, 404);
    });
  });

  describe('listTasks', () => {
    it("lists the user's tasks across repositories without url and html_url", async () => {
      const { tasks } = await as('fineGrained').listTasks({ per_page: 100 });
      const repos = new Set(tasks.map(t => t.repository?.id));
      assert.ok(repos.has(5000) && repos.has(5003));
      for (const t of tasks) {
        assert.equal(t.url, undefined);
        assert.equal(t.html_url, undefined);
        assert.equal(t.sessions, undefined);
        assert.ok((TASK_STATES as readonly string[]).includes(t.state));
      }
    });
  });

  describe('listInstallationRepos and revokeInstallationToken', () => {
    it('lists the selected repositories of installation 71, then revokes the token', async () => {
      const c = as('installation');
      const list = await c.listInstallationRepos();
      assert.deepEqual(list.repositories.map(r => r.id).sort(), [5000, 5001]);
      assert.equal(list.total_count, 2);
      await c.revokeInstallationToken();
      assert.equal((await rejection(c.listInstallationRepos())).status, 401);
    });
  });

  describe('listUserInstallations and listUserInstallationRepos', () => {
    it('lists the installations the user may access, with their permissions', async () => {
      const { installations, total_count } = await as('appUser').listUserInstallations();
      const ids = installations.map(i => i.id);
      assert.ok(ids.includes(71) && ids.includes(72) && ids.includes(73));
      assert.equal(total_count, installations.length);
      assert.equal(typeof installations[0].permissions, 'object');
    });

    it('lists the repositories of an installation with the user permissions', async () => {
      const { repositories } = await as('fineGrained').listUserInstallationRepos({ installation_id: 71 });
      assert.deepEqual(repositories.map(r => r.id).sort(), [5000, 5001]);
      for (const r of repositories) assert.equal(typeof r.permissions?.admin, 'boolean');
      assert.equal(
        (await rejection(as('fineGrained').listUserInstallationRepos({ installation_id: 999 }))).status,
        404,
      );
    });
  });

  describe('addRepoToInstallation and removeRepoFromInstallation', () => {
    it('adds and removes a repository with a classic repo-scope token', async () => {
      const c = as('classic');
      await c.addRepoToInstallation({ installation_id: 71, repository_id: 5005 });
      const after = await as('installation').listInstallationRepos();
      assert.ok(after.repositories.some(r => r.id === 5005));
      await c.removeRepoFromInstallation({ installation_id: 71, repository_id: 5005 });
      const back = await as('installation').listInstallationRepos({ per_page: 100 });
      assert.ok(!back.repositories.some(r => r.id === 5005));
    });

    it('are refused for a fine-grained token', async () => {
      assert.equal(
        (await rejection(as('fineGrained').addRepoToInstallation({ installation_id: 71, repository_id: 5005 }))).status,
        403,
      );
    });

    it('answer 422 for an installation on all repositories and for the last repository', async () => {
      const c = as('classic');
      assert.equal(
        (await rejection(c.removeRepoFromInstallation({ installation_id: 72, repository_id: 5003 }))).status,
        422,
      );
      assert.equal(
        (await rejection(c.removeRepoFromInstallation({ installation_id: 73, repository_id: 5004 }))).status,
        422,
      );
    });
  });

  describe('conditional requests and rate-limit figures', () => {
    it('serves an unchanged list from the ETag memory and reads the rate limit', async () => {
      const infos: ResponseInfo[] = [];
      const c = as('fineGrained', { onResponse: i => infos.push(i) });
      const first = await c.listRepositoryTasks({ owner: 'acme', repo: 'rocket' });
      const second = await c.listRepositoryTasks({ owner: 'acme', repo: 'rocket' });
      assert.deepEqual(second, first);
      assert.deepEqual(
        infos.map(i => i.fromCache),
        [false, true],
      );
      const rl = c.lastRateLimit;
      assert.ok(rl && typeof rl.limit === 'number' && typeof rl.remaining === 'number' && rl.reset instanceof Date);
    });
  });
});

describe('api paginate against a sandbox with many tasks', () => {
  const COUNT = 257;
  let sb: Sandbox;
  let client: ApiClient;

  before(async () => {
    const world: WorldFile = demoWorld();
    const base = Date.parse('2026-03-01T00:00:00Z');
    world.tasks = Array.from({ length: COUNT }, (_, i) => ({
      repository: 5000,
      creator: i % 3 === 0 ? 1002 : 1001,
      prompt: `task number ${i}`,
      state: 'completed',
      created_at: new Date(base + i * 1000).toISOString(),
      updated_at: new Date(base + i * 1000).toISOString(),
    }));
    sb = await startSandbox({ port: 0, stepMs: 0, world });
    client = new ApiClient({ baseUrl: sb.url, token: DEMO_TOKENS.fineGrained });
  });
  after(async () => {
    await client?.close();
    await sb?.close();
  });

  for (const per_page of [30, 100]) {
    it(`walks every task once with per_page ${per_page}`, async () => {
      const tasks: Task[] = await all(
        client.paginate('listRepositoryTasks', { owner: 'acme', repo: 'rocket', per_page }),
      );
      assert.equal(tasks.length, COUNT);
      assert.equal(new Set(tasks.map(t => t.id)).size, COUNT);
    });
  }

  it('walks the user list and a filtered list', async () => {
    const mine = await all(client.paginate('listTasks', { per_page: 50 }));
    assert.equal(mine.length, COUNT - Math.ceil(COUNT / 3), 'the user list holds the tasks mona created');
    const lees = await all(
      client.paginate('listRepositoryTasks', { owner: 'acme', repo: 'rocket', creator_id: [1002], per_page: 20 }),
    );
    assert.equal(lees.length, Math.ceil(COUNT / 3));
  });
});
