// Failure paths: timeouts, bodies that are not JSON, error bodies, aborts, a closed client.
import assert from 'node:assert/strict';
import { ApiClient, ApiError } from '../../../src/api';
import type { Scripted } from './scripted';
import { closeAll, json, rejection, scripted, silent } from './scripted';

describe('api: failures', () => {
  let srv: Scripted;
  let client: ApiClient | undefined;
  afterEach(async () => {
    client = await closeAll(client, srv);
  });

  it('times out a request that gets no answer: status 0, kind timeout, cause kept', async () => {
    srv = await scripted(silent);
    client = new ApiClient({ baseUrl: srv.url, timeoutMs: 150, retries: 0 });
    const t0 = Date.now();
    const e = await rejection(client.listTasks());
    assert.ok(e instanceof ApiError);
    assert.equal(e.status, 0);
    assert.equal(e.kind, 'timeout');
    assert.match(e.message, /timed out after 150 ms/);
    assert.ok(e.cause);
    assert.ok(Date.now() - t0 < 2000);
  });

  it('times out a body that stalls after the headers', async () => {
    srv = await scripted((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"tasks": [');
    });
    client = new ApiClient({ baseUrl: srv.url, timeoutMs: 150, retries: 0 });
    const e = await rejection(client.listTasks());
    assert.equal(e.kind, 'timeout');
  });

  it('retries a GET that timed out', async () => {
    srv = await scripted([silent, json(200, { tasks: [] })]);
    client = new ApiClient({ baseUrl: srv.url, timeoutMs: 150, retries: 1 });
    assert.deepEqual(await client.listTasks(), { tasks: [] });
    assert.equal(srv.seen.length, 2);
  });

  it('turns a 200 body that is not JSON into an ApiError', async () => {
    srv = await scripted((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end('<html>login portal</html>');
    });
    client = new ApiClient({ baseUrl: srv.url });
    const e = await rejection(client.listTasks());
    assert.ok(e instanceof ApiError);
    assert.equal(e.kind, 'invalid_response');
    assert.equal(e.status, 200);
  });

  it('turns an empty body where JSON was promised into an ApiError', async () => {
    srv = await scripted((_req, res) => {
      res.writeHead(201);
      res.end();
    });
    client = new ApiClient({ baseUrl: srv.url, token: 't' });
    const e = await rejection(client.startTask({ owner: 'o', repo: 'r', prompt: 'p' }));
    assert.equal(e.kind, 'invalid_response');
  });

  it('keeps the status of an error page that is not JSON', async () => {
    srv = await scripted((_req, res) => {
      res.writeHead(502, { 'content-type': 'text/html' });
      res.end('<html>bad gateway</html>');
    });
    client = new ApiClient({ baseUrl: srv.url, retries: 0 });
    const e = await rejection(client.listTasks());
    assert.equal(e.status, 502);
    assert.equal(e.kind, 'http');
    assert.equal(e.message, 'HTTP 502');
  });

  it('carries message, documentation_url and errors of a 422', async () => {
    const body = {
      message: 'Validation Failed',
      documentation_url: 'https://docs.example/x',
      errors: [{ resource: 'Task', field: 'prompt', code: 'missing_field' }],
    };
    srv = await scripted(json(422, body));
    client = new ApiClient({ baseUrl: srv.url, token: 't' });
    const e = await rejection(client.startTask({ owner: 'o', repo: 'r', prompt: '' }));
    assert.equal(e.status, 422);
    assert.equal(e.message, 'Validation Failed');
    assert.equal(e.documentation_url, body.documentation_url);
    assert.deepEqual(e.errors, body.errors);
    assert.equal(e.method, 'POST');
  });

  it('cancels through an AbortSignal: status 0, kind aborted, no retry', async () => {
    srv = await scripted(silent);
    client = new ApiClient({ baseUrl: srv.url, retries: 3 });
    const ac = new AbortController();
    setTimeout(() => ac.abort(), 50);
    const e = await rejection(client.listTasks({}, { signal: ac.signal }));
    assert.equal(e.status, 0);
    assert.equal(e.kind, 'aborted');
    assert.equal(srv.seen.length, 1);
  });

  it('cancels a wait between retries', async () => {
    srv = await scripted(json(503, {}));
    client = new ApiClient({ baseUrl: srv.url, retries: 5 });
    const ac = new AbortController();
    const p = client.listTasks({}, { signal: ac.signal });
    setTimeout(() => ac.abort(), 60);
    const e = await rejection(p);
    assert.equal(e.kind, 'aborted');
    assert.equal(srv.seen.length, 1);
  });

  it('rejects calls after close()', async () => {
    srv = await scripted(json(200, { tasks: [] }));
    client = new ApiClient({ baseUrl: srv.url, retries: 0 });
    await client.listTasks();
    await client.close();
    const e = await rejection(client.listTasks());
    assert.equal(e.status, 0);
    client = undefined;
  });

  it('a throwing onResponse does not fail the request', async () => {
    srv = await scripted(json(200, { tasks: [] }));
    client = new ApiClient({
      baseUrl: srv.url,
      onResponse: () => {
        throw new Error('log broke');
      },
    });
    assert.deepEqual(await client.listTasks(), { tasks: [] });
  });
});
