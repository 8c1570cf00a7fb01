// Malformed answers, through the real client against a scripted server: every field is checked at the boundary.
// A bad item is left out (and said once), the rest of the list stays; a bad single resource is an ApiError;
// duplicates are merged; unknown fields and values pass; nothing a caller then reads has another type than declared.
import assert from 'node:assert/strict';
import type { ApiWarning } from '../../../src/api';
import { ApiClient, ApiError } from '../../../src/api';
import { NOT_TEXT } from '../../support/hostile';
import { rawInstallation, rawRepository, rawSession, rawTask } from '../../support/serviceData';
import type { Scripted } from './scripted';
import { closeAll, json, rejection, scripted } from './scripted';

describe('api: malformed answers', () => {
  let srv: Scripted;
  let client: ApiClient | undefined;
  let warnings: ApiWarning[];
  const connect = async (body: unknown): Promise<ApiClient> => {
    srv = await scripted(json(200, body));
    warnings = [];
    client = new ApiClient({ baseUrl: srv.url, token: 'tok-hostile-1', onWarning: w => warnings.push(w) });
    return client;
  };
  afterEach(async () => {
    client = await closeAll(client, srv);
  });

  it('leaves out a task without a usable id, keeps the others, and says why once', async () => {
    const c = await connect({
      tasks: [
        rawTask('a'),
        rawTask(null),
        rawTask(''),
        rawTask('\uD800lone'),
        rawTask({ id: 1 }),
        'not a task',
        null,
        rawTask('b'),
      ],
    });
    const { tasks } = await c.listTasks();
    assert.deepEqual(
      tasks.map(t => t.id),
      ['a', 'b'],
    );
    assert.equal(warnings.filter(w => /left out/.test(w.message)).length, 6);
    assert.ok(warnings.every(w => w.kind === 'data' && w.method === 'GET' && w.path === '/agents/tasks'));
    await c.listTasks();
    assert.equal(warnings.filter(w => /left out/.test(w.message)).length, 6, 'the same problem is not said again');
  });

  it('reads a state, name or time that is not text as empty text, and a number as its digits', async () => {
    const c = await connect({
      tasks: NOT_TEXT.map((v, i) => rawTask(`t${i}`, { state: v, name: v, updated_at: v, created_at: v })),
    });
    const { tasks } = await c.listTasks();
    assert.equal(tasks.length, NOT_TEXT.length);
    for (const t of tasks) {
      for (const field of [t.state, t.name, t.updated_at, t.created_at]) assert.equal(typeof field, 'string');
    }
    assert.equal(tasks[1].name, '42');
    assert.equal(tasks[1].state, '42');
    assert.equal(tasks[0].state, '');
    assert.ok(
      warnings.some(w => /task "t0": state is null, not text/.test(w.message)),
      JSON.stringify(warnings),
    );
  });

  it('passes an unknown state and unknown fields through, and accepts any creator_type', async () => {
    const c = await connect({
      tasks: [
        rawTask('a', { state: 'paused_by_admin', creator_type: 'organization', novel: { x: 1 } }),
        rawTask('b', { creator_type: 'Enterprise' }),
      ],
    });
    const { tasks } = await c.listTasks();
    assert.equal(tasks[0].state, 'paused_by_admin');
    assert.equal(tasks[0].creator_type, 'organization');
    assert.equal(tasks[1].creator_type, 'Enterprise');
    assert.deepEqual(warnings, []);
  });

  it('keeps a badly %-encoded url as text, a numeric one as its digits, drops a null one and an unusable actor', async () => {
    const c = await connect({
      tasks: [
        rawTask('a', { url: 'https://api.example.com/agents/repos/acme/r%E0%a4%A/tasks/a' }),
        rawTask('b', { url: 7, html_url: null, creator: { id: 'x' }, repository: 5 }),
      ],
    });
    const { tasks } = await c.listTasks();
    assert.equal(tasks[0].url, 'https://api.example.com/agents/repos/acme/r%E0%a4%A/tasks/a');
    assert.equal(tasks[1].url, '7');
    assert.equal(tasks[1].html_url, undefined);
    assert.equal(tasks[1].creator, undefined);
    assert.equal(tasks[1].repository, undefined);
    assert.deepEqual(tasks[1].owner, { id: 900 });
  });

  it('merges two tasks with one id, keeping the more recently updated', async () => {
    const c = await connect({
      tasks: [
        rawTask('a', { state: 'in_progress', updated_at: '2026-03-10T10:00:00Z' }),
        rawTask('b'),
        rawTask('a', { state: 'completed', updated_at: '2026-03-10T11:00:00Z' }),
        rawTask('a', { state: 'queued', updated_at: '2026-03-10T09:00:00Z' }),
      ],
    });
    const { tasks } = await c.listTasks();
    assert.deepEqual(
      tasks.map(t => [t.id, t.state]),
      [
        ['a', 'completed'],
        ['b', 'completed'],
      ],
    );
    assert.ok(warnings.some(w => /came more than once/.test(w.message)));
  });

  it('merges duplicate sessions and artifacts of one task, and leaves out the unusable ones', async () => {
    const c = await connect(
      rawTask('a', {
        artifacts: [
          { provider: 'p', type: 'pull', data: { id: 7 } },
          { provider: 'p', type: 'pull', data: { id: 7 } },
          { provider: 'p', type: 'pull', data: {} },
          { provider: 'p', type: 3, data: { id: 8 } },
          null,
        ],
        sessions: [
          rawSession('s1', { state: 'in_progress', updated_at: '2026-03-10T10:00:00Z' }),
          rawSession('s2'),
          rawSession('s1', { state: 'completed', updated_at: '2026-03-10T12:00:00Z' }),
          rawSession(null),
          rawSession('s3', { head_ref: 9, prompt: null }),
        ],
      }),
    );
    const t = await c.getTask({ task_id: 'a' });
    assert.deepEqual(t.artifacts, [{ provider: 'p', type: 'pull', data: { id: 7 } }]);
    assert.deepEqual(
      t.sessions.map(s => [s.id, s.state]),
      [
        ['s1', 'completed'],
        ['s2', 'completed'],
        ['s3', 'completed'],
      ],
    );
    assert.equal(t.sessions[2].head_ref, '9');
    assert.equal(t.sessions[2].prompt, '');
  });

  it('reads a single task whose sessions are missing as one with none', async () => {
    const c = await connect(rawTask('a'));
    const t = await c.getTask({ task_id: 'a' });
    assert.deepEqual(t.sessions, []);
  });

  it('reads sessions that are null in a list as not sent, so they are still loaded when asked for', async () => {
    const c = await connect({ tasks: [rawTask('a', { sessions: null })] });
    const { tasks } = await c.listTasks();
    assert.equal(tasks[0].sessions, undefined);
  });

  it('makes an unusable single task an ApiError that says the answer is unreadable', async () => {
    for (const body of [rawTask(null), rawTask(''), [rawTask('a')], 'a task', null]) {
      const c = await connect(body);
      const e = await rejection(c.getTask({ task_id: 'a' }));
      assert.ok(e instanceof ApiError, String(e));
      assert.equal(e.kind, 'invalid_response');
      assert.equal(e.status, 200);
      assert.match(e.message, /^GET \/agents\/tasks\/a: unreadable answer: /);
      await closeAll(client, srv);
      client = undefined;
    }
  });

  it('makes a list answer without its list, or a paged list without total_count, an ApiError', async () => {
    for (const [body, call] of [
      [{ task: [] }, (c: ApiClient) => c.listTasks()],
      [{ tasks: 'none' }, (c: ApiClient) => c.listTasks()],
      [{ installations: [] }, (c: ApiClient) => c.listUserInstallations()],
      [{ total_count: '1', repositories: [] }, (c: ApiClient) => c.listInstallationRepos()],
    ] as const) {
      const c = await connect(body);
      const e = await rejection(call(c));
      assert.equal(e.kind, 'invalid_response', JSON.stringify(body));
      assert.match(e.message, /unreadable answer/);
      await closeAll(client, srv);
      client = undefined;
    }
  });

  it('lists an installation without app_slug or repository_selection, with both as empty text', async () => {
    const bare = rawInstallation(71);
    delete bare.app_slug;
    delete bare.repository_selection;
    const c = await connect({
      total_count: 3,
      installations: [
        bare,
        rawInstallation(72, { account: null }),
        rawInstallation(73, { permissions: { contents: 'write', evil: 5 }, events: ['push', 3] }),
      ],
    });
    const { installations } = await c.listUserInstallations();
    assert.deepEqual(
      installations.map(i => i.id),
      [71, 73],
    );
    assert.equal(installations[0].app_slug, '');
    assert.equal(installations[0].repository_selection, '');
    assert.deepEqual(installations[1].permissions, { contents: 'write' });
    assert.deepEqual(installations[1].events, ['push']);
    assert.ok(warnings.some(w => /installation 72 has no usable account; left out/.test(w.message)));
  });

  it('keeps no temporary clone credential, and treats partial permissions as unknown', async () => {
    const c = await connect({
      total_count: 2,
      repositories: [rawRepository(5000), rawRepository(5001, { permissions: { admin: 'yes', push: true } })],
    });
    const { repositories } = await c.listUserInstallationRepos({ installation_id: 71 });
    assert.equal(repositories[0].temp_clone_token, undefined);
    assert.ok(!JSON.stringify(repositories).includes('temporaryCloneCredential'));
    assert.deepEqual(repositories[0].permissions, { admin: true, push: true, pull: true });
    assert.equal(repositories[1].permissions, undefined);
  });

  it('leaves out repositories without an id and merges repeated ones', async () => {
    const c = await connect({
      total_count: 3,
      repositories: [rawRepository('x'), rawRepository(5000, { name: 'old' }), rawRepository(5000, { name: 'new' })],
    });
    const { repositories } = await c.listInstallationRepos();
    assert.deepEqual(
      repositories.map(r => [r.id, r.name]),
      [[5000, 'new']],
    );
  });

  it('keeps only text from an error body, however it is shaped', async () => {
    srv = await scripted(
      json(422, {
        message: { html: '<b>x</b>' },
        documentation_url: 5,
        errors: [{ field: 'model', code: 'invalid', message: ['x'] }, 'bad', null, { resource: 7 }],
      }),
    );
    client = new ApiClient({ baseUrl: srv.url });
    const e = await rejection(client.listTasks());
    assert.ok(e instanceof ApiError);
    assert.equal(e.message, 'HTTP 422');
    assert.equal(e.documentation_url, undefined);
    assert.deepEqual(e.errors, [{ field: 'model', code: 'invalid' }, {}]);
  });

  it('walks pages of a malformed list, leaving out what it must on each', async () => {
    srv = await scripted([
      (_req, res) => {
        res.writeHead(200, {
          'content-type': 'application/json',
          link: `<${srv.url}/agents/tasks?page=2>; rel="next"`,
        });
        res.end(JSON.stringify({ tasks: [rawTask('a'), rawTask(5.5), rawTask('a', { name: 'again' })] }));
      },
      json(200, { tasks: [rawTask('b', { state: null })] }),
    ]);
    client = new ApiClient({ baseUrl: srv.url });
    const seen = [];
    for await (const t of client.paginate('listTasks', {})) seen.push([t.id, t.name, t.state]);
    assert.deepEqual(seen, [
      ['a', 'again', 'completed'],
      ['b', 'task b', ''],
    ]);
  });
});
