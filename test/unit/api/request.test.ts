// What the client puts on the wire: headers, query encoding, path encoding, base URL handling, bodies.
import assert from 'node:assert/strict';
import { API_VERSION, ApiClient, MEDIA_TYPE, VERSION_HEADER } from '../../../src/api';
import { encodeQuery } from '../../../src/api/query';
import type { Scripted } from './scripted';
import { closeAll, empty, json, scripted, task } from './scripted';

describe('api: requests on the wire', () => {
  let srv: Scripted;
  let client: ApiClient | undefined;
  afterEach(async () => {
    client = await closeAll(client, srv);
  });

  it('sends the bearer token, the media type, the version header and the user agent', async () => {
    srv = await scripted(json(200, { tasks: [] }));
    client = new ApiClient({ baseUrl: srv.url, token: 'tok-123', userAgent: 'ua-test/1' });
    await client.listTasks();
    const h = srv.seen[0].headers;
    assert.equal(h.authorization, 'Bearer tok-123');
    assert.equal(h.accept, MEDIA_TYPE);
    assert.equal(h[VERSION_HEADER.toLowerCase()], API_VERSION);
    assert.equal(h['user-agent'], 'ua-test/1');
  });

  it('asks a token function before every call, and sends no Authorization without a token', async () => {
    srv = await scripted(json(200, { tasks: [] }));
    let current: string | undefined = 'first';
    client = new ApiClient({ baseUrl: srv.url, token: async () => current });
    await client.listTasks();
    current = undefined;
    await client.listTasks();
    assert.equal(srv.seen[0].headers.authorization, 'Bearer first');
    assert.equal(srv.seen[1].headers.authorization, undefined);
  });

  it('encodes state as one comma list, creator_id as repeated keys, booleans as true/false, and omits undefined', async () => {
    srv = await scripted(json(200, { tasks: [] }));
    client = new ApiClient({ baseUrl: srv.url });
    await client.listRepositoryTasks({
      owner: 'acme',
      repo: 'rocket',
      state: ['queued', 'in_progress'],
      creator_id: [1001, 1002],
      is_archived: false,
      per_page: 100,
      sort: undefined,
      since: new Date('2026-03-10T00:00:00Z'),
    });
    const url = new URL(srv.seen[0].url, srv.url);
    assert.equal(url.pathname, '/agents/repos/acme/rocket/tasks');
    assert.deepEqual(url.searchParams.getAll('state'), ['queued,in_progress']);
    assert.deepEqual(url.searchParams.getAll('creator_id'), ['1001', '1002']);
    assert.equal(url.searchParams.get('is_archived'), 'false');
    assert.equal(url.searchParams.get('per_page'), '100');
    assert.equal(url.searchParams.get('since'), '2026-03-10T00:00:00.000Z');
    assert.equal(url.searchParams.has('sort'), false);
    assert.equal(url.searchParams.has('page'), false);
  });

  it('encodeQuery leaves out undefined, null and empty arrays', () => {
    assert.equal(encodeQuery({ a: undefined, b: null, c: [], d: true, e: 'x y&z' }), '?d=true&e=x%20y%26z');
    assert.equal(encodeQuery({}), '');
  });

  it('percent-encodes path parameters so they cannot change the route', async () => {
    srv = await scripted(json(200, task('x')));
    client = new ApiClient({ baseUrl: srv.url });
    await client.getRepositoryTask({ owner: 'a b', repo: 'x/y', task_id: '../z?q#f' });
    await assert.rejects(client.getTask({ task_id: '..' }), TypeError);
    assert.equal(srv.seen[0].url, '/agents/repos/a%20b/x%2Fy/tasks/..%2Fz%3Fq%23f');
    assert.equal(srv.seen.length, 1);
  });

  it('rejects a non-integer numeric path parameter before sending', async () => {
    srv = await scripted(empty(204));
    client = new ApiClient({ baseUrl: srv.url, token: 'classic' });
    await assert.rejects(client.addRepoToInstallation({ installation_id: Number.NaN, repository_id: 1 }), TypeError);
    assert.equal(srv.seen.length, 0);
  });

  for (const prefix of ['/api/v3/', '/api/v3']) {
    it(`keeps a base URL path prefix (${prefix})`, async () => {
      srv = await scripted(json(200, { total_count: 0, installations: [] }));
      client = new ApiClient({ baseUrl: srv.url + prefix, token: 't' });
      await client.listUserInstallations({ page: 2 });
      assert.equal(srv.seen[0].url, '/api/v3/user/installations?page=2');
    });
  }

  it('sends the start body as JSON with only the given fields', async () => {
    srv = await scripted(json(201, task('t1')));
    client = new ApiClient({ baseUrl: srv.url, token: 't' });
    const t = await client.startTask({
      owner: 'acme',
      repo: 'rocket',
      prompt: 'fix it',
      create_pull_request: true,
      model: undefined,
    });
    assert.equal(t.id, 't1');
    assert.equal(srv.seen[0].method, 'POST');
    assert.match(String(srv.seen[0].headers['content-type']), /^application\/json/);
    assert.deepEqual(JSON.parse(srv.seen[0].body), { prompt: 'fix it', create_pull_request: true });
  });

  it('maps revoking the token, adding and removing a repository to their methods and resolves 204 to undefined', async () => {
    srv = await scripted(empty(204));
    client = new ApiClient({ baseUrl: srv.url, token: 't' });
    assert.equal(await client.revokeInstallationToken(), undefined);
    assert.equal(await client.addRepoToInstallation({ installation_id: 71, repository_id: 5005 }), undefined);
    assert.equal(await client.removeRepoFromInstallation({ installation_id: 71, repository_id: 5005 }), undefined);
    assert.deepEqual(
      srv.seen.map(s => `${s.method} ${s.url}`),
      [
        'DELETE /installation/token',
        'PUT /user/installations/71/repositories/5005',
        'DELETE /user/installations/71/repositories/5005',
      ],
    );
  });

  it('takes a 304 to adding or removing a repository as success (nothing changed)', async () => {
    srv = await scripted(empty(304));
    client = new ApiClient({ baseUrl: srv.url, token: 'classic-token' });
    assert.equal(await client.addRepoToInstallation({ installation_id: 71, repository_id: 5000 }), undefined);
    assert.equal(await client.removeRepoFromInstallation({ installation_id: 71, repository_id: 5000 }), undefined);
  });

  it('reads unknown fields, unknown states and artifact kinds, and missing optional fields without complaint', async () => {
    const odd = task('t9', {
      state: 'brand_new_state',
      artifacts: [{ provider: 'x', type: 'diagram', data: { id: 1, extra: true } }],
      future_field: 42,
    });
    delete odd.archived_at;
    srv = await scripted(json(200, { tasks: [odd], next_thing: {} }));
    client = new ApiClient({ baseUrl: srv.url });
    const { tasks } = await client.listTasks();
    assert.equal(tasks[0].state, 'brand_new_state');
    assert.equal(tasks[0].artifacts[0].type, 'diagram');
  });

  it('reports every exchange to onResponse without origin', async () => {
    srv = await scripted(json(200, { tasks: [] }));
    const infos: unknown[] = [];
    client = new ApiClient({ baseUrl: srv.url + '/p', token: 'secret-tok', onResponse: i => infos.push(i) });
    await client.listTasks({ per_page: 5 });
    assert.equal(infos.length, 1);
    const info = infos[0] as Record<string, unknown>;
    assert.equal(info.method, 'GET');
    assert.equal(info.path, '/p/agents/tasks?per_page=5');
    assert.equal(info.status, 200);
    assert.equal(info.fromCache, false);
    assert.equal(info.attempt, 1);
    assert.equal(typeof info.durationMs, 'number');
    assert.doesNotMatch(JSON.stringify(infos), /secret-tok/);
  });

  it('remembers the x-poll-interval the service asks for', async () => {
    srv = await scripted([json(200, { tasks: [] }), json(200, { tasks: [] }, { 'x-poll-interval': '60' })]);
    client = new ApiClient({ baseUrl: srv.url });
    await client.listTasks();
    assert.equal(client.pollIntervalMs, undefined);
    await client.listTasks();
    assert.equal(client.pollIntervalMs, 60_000);
  });
});
