// Retries: only GETs, only network errors and 5xx, a bounded number of times. Writes are sent once.
import assert from 'node:assert/strict';
import { ApiClient, ApiError } from '../../../src/api';
import { backoffMs } from '../../../src/api/retry';
import type { Scripted } from './scripted';
import { closeAll, empty, hangUp, json, rejection, scripted, task } from './scripted';

describe('api: retries', () => {
  let srv: Scripted;
  let client: ApiClient | undefined;
  afterEach(async () => {
    client = await closeAll(client, srv);
  });

  it('retries a GET after 5xx and succeeds, counting each attempt', async () => {
    srv = await scripted([json(503, { message: 'busy' }), json(502, { message: 'bad gateway' }), json(200, task('a'))]);
    const attempts: number[] = [];
    client = new ApiClient({ baseUrl: srv.url, retries: 2, onResponse: i => attempts.push(i.attempt) });
    const t = await client.getTask({ task_id: 'a' });
    assert.equal(t.id, 'a');
    assert.equal(srv.seen.length, 3);
    assert.deepEqual(attempts, [1, 2, 3]);
  });

  it('gives up after `retries` retries with the last status', async () => {
    srv = await scripted(json(503, { message: 'still busy' }));
    client = new ApiClient({ baseUrl: srv.url, retries: 1 });
    const e = await rejection(client.getTask({ task_id: 'a' }));
    assert.ok(e instanceof ApiError);
    assert.equal(e.status, 503);
    assert.equal(e.message, 'still busy');
    assert.equal(srv.seen.length, 2);
  });

  it('does not retry at all with retries: 0', async () => {
    srv = await scripted(json(500, { message: 'x' }));
    client = new ApiClient({ baseUrl: srv.url, retries: 0 });
    await rejection(client.listTasks());
    assert.equal(srv.seen.length, 1);
  });

  it('retries a GET after a dropped connection', async () => {
    srv = await scripted([hangUp, json(200, { tasks: [] })]);
    client = new ApiClient({ baseUrl: srv.url, retries: 1 });
    assert.deepEqual(await client.listTasks(), { tasks: [] });
    assert.equal(srv.seen.length, 2);
  });

  it('does not retry a 4xx', async () => {
    srv = await scripted(json(404, { message: 'Not Found' }));
    client = new ApiClient({ baseUrl: srv.url, retries: 3 });
    const e = await rejection(client.getTask({ task_id: 'nope' }));
    assert.equal(e.status, 404);
    assert.equal(srv.seen.length, 1);
  });

  it('sends a POST once on 5xx', async () => {
    srv = await scripted([json(503, { message: 'busy' }), json(201, task('dup'))]);
    client = new ApiClient({ baseUrl: srv.url, token: 't', retries: 3 });
    const e = await rejection(client.startTask({ owner: 'acme', repo: 'rocket', prompt: 'p' }));
    assert.equal(e.status, 503);
    assert.equal(srv.seen.length, 1);
  });

  it('sends a POST once when the connection drops', async () => {
    srv = await scripted([hangUp, json(201, task('dup'))]);
    client = new ApiClient({ baseUrl: srv.url, token: 't', retries: 3 });
    const e = await rejection(client.startTask({ owner: 'acme', repo: 'rocket', prompt: 'p' }));
    assert.equal(e.status, 0);
    assert.equal(e.kind, 'network');
    assert.ok(e.cause, 'the cause is kept');
    assert.equal(srv.seen.length, 1);
  });

  it('sends a PUT and a DELETE once on 5xx', async () => {
    srv = await scripted([json(500, {}), json(500, {}), empty(204)]);
    client = new ApiClient({ baseUrl: srv.url, token: 't', retries: 3 });
    await rejection(client.addRepoToInstallation({ installation_id: 71, repository_id: 5 }));
    await rejection(client.removeRepoFromInstallation({ installation_id: 71, repository_id: 5 }));
    assert.equal(srv.seen.length, 2);
  });

  it('backs off exponentially with jitter, within bounds', () => {
    assert.equal(
      backoffMs(1, () => 0),
      125,
    );
    assert.equal(
      backoffMs(1, () => 1),
      250,
    );
    assert.equal(
      backoffMs(3, () => 1),
      1000,
    );
    assert.equal(
      backoffMs(20, () => 1),
      8000,
    );
  });
});
