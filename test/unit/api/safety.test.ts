// Token safety: where a token may go, redirects, and errors that never carry it.
import assert from 'node:assert/strict';
import { inspect } from 'node:util';
import type { FetchLike } from '../../../src/api';
import { ApiClient, ApiError } from '../../../src/api';
import { redact } from '../../../src/api/errors';
import { isLoopbackHost, tokenRefusal } from '../../../src/api/guard';
import type { Scripted } from './scripted';
import { json, rejection, scripted } from './scripted';

const SECRET = 'tok-SECRET-42';

/** An HTTP stack that records whether anything tried to send. */
function recorder(): { fetch: FetchLike; calls: number } {
  const r = {
    calls: 0,
    fetch: (() => {
      r.calls++;
      return Promise.reject(new Error('should not be called'));
    }) as FetchLike,
  };
  return r;
}

describe('api: token safety', () => {
  let srv: Scripted | undefined;
  let other: Scripted | undefined;
  let client: ApiClient | undefined;
  afterEach(async () => {
    await client?.close();
    client = undefined;
    await srv?.close();
    await other?.close();
    srv = other = undefined;
  });

  it('redacts the token and bearer credentials, and leaves ordinary words alone', () => {
    assert.equal(redact(`x ${SECRET} y`, SECRET), 'x [REDACTED] y');
    assert.equal(redact('Authorization: Bearer abc123xyz'), 'Authorization: Bearer [REDACTED]');
    assert.equal(redact('The token provided is invalid', SECRET), 'The token provided is invalid');
  });

  it('knows loopback hosts', () => {
    const loopback = ['localhost', 'LOCALHOST', '127.0.0.1', '127.1.2.3', '127.255.255.255', '[::1]', '::1'];
    for (const h of [...loopback, '0:0:0:0:0:0:0:1', '::ffff:127.0.0.1', '[::FFFF:7F00:1]'])
      assert.ok(isLoopbackHost(h), h);
    const elsewhere = ['10.0.0.1', '128.0.0.1', 'localhost.example.com', 'example.com', '[::2]', '0.0.0.0', '::'];
    // Look-alikes: a name that starts like 127, numbers out of range or with leading zeros, a mapped address elsewhere.
    const lookAlikes = [
      '127.evil.example',
      '127.0.0.1.example',
      '127.0.0.256',
      '127.0.0.01',
      '127.1',
      '::ffff:10.0.0.1',
    ];
    for (const h of [...elsewhere, ...lookAlikes, '::ffff:127.garbage', '1::1', '[::1'])
      assert.ok(!isLoopbackHost(h), h);
  });

  it('allows https anywhere on the service origin, http only to loopback', () => {
    assert.equal(tokenRefusal(new URL('https://api.example.com/x'), 'https://api.example.com'), undefined);
    assert.equal(tokenRefusal(new URL('http://127.0.0.1:9/x'), 'http://127.0.0.1:9'), undefined);
    assert.equal(tokenRefusal(new URL('http://[::1]:9/x'), 'http://[::1]:9'), undefined);
    assert.match(tokenRefusal(new URL('http://example.com/x'), 'http://example.com')!, /https/);
    assert.match(tokenRefusal(new URL('https://evil.example/x'), 'https://api.example.com')!, /only to the service/);
  });

  it('refuses to send a token over http to a non-loopback host, without connecting', async () => {
    const r = recorder();
    client = new ApiClient({ baseUrl: 'http://tasks.example.com/api', token: SECRET, fetch: r.fetch });
    const e = await rejection(client.listTasks());
    assert.ok(e instanceof ApiError);
    assert.equal(e.status, 0);
    assert.equal(e.kind, 'refused');
    assert.match(e.message, /plain http.*https/);
    assert.equal(r.calls, 0);
  });

  it('refuses a token with a line break or space, without sending, and without echoing it', async () => {
    const r = recorder();
    client = new ApiClient({ baseUrl: 'https://api.example.com', token: `${SECRET}\n`, fetch: r.fetch });
    const e = await rejection(client.listTasks());
    assert.equal(e.kind, 'refused');
    assert.match(e.message, /line breaks/);
    assert.ok(!JSON.stringify(e).includes(SECRET));
    assert.equal(r.calls, 0);
  });

  it('rejects a service address that is not http(s)', () => {
    assert.throws(() => new ApiClient({ baseUrl: 'ftp://x' }), /https/);
    assert.throws(() => new ApiClient({ baseUrl: 'not a url' }), /not a valid URL/);
    assert.throws(() => new ApiClient({ baseUrl: 'https://user:pw@x' }), /credentials/);
  });

  it('drops the token on a redirect to another origin', async () => {
    other = await scripted(json(200, { tasks: [] }));
    srv = await scripted((_req, res) => {
      res.writeHead(302, { location: `${other!.url}/elsewhere` });
      res.end();
    });
    client = new ApiClient({ baseUrl: srv.url, token: SECRET });
    assert.deepEqual(await client.listTasks(), { tasks: [] });
    assert.equal(srv.seen[0].headers.authorization, `Bearer ${SECRET}`);
    assert.equal(other.seen[0].url, '/elsewhere');
    assert.equal(other.seen[0].headers.authorization, undefined);
  });

  it('keeps the token on a redirect within the origin', async () => {
    srv = await scripted([
      (_req, res) => {
        res.writeHead(307, { location: '/agents/tasks/moved' });
        res.end();
      },
      json(200, { id: 'moved' }),
    ]);
    client = new ApiClient({ baseUrl: srv.url, token: SECRET });
    await client.getTask({ task_id: 'old' });
    assert.equal(srv.seen[1].url, '/agents/tasks/moved');
    assert.equal(srv.seen[1].headers.authorization, `Bearer ${SECRET}`);
  });

  it('stops after too many redirects', async () => {
    srv = await scripted((req, res) => {
      res.writeHead(302, { location: req.url + 'x' });
      res.end();
    });
    client = new ApiClient({ baseUrl: srv.url });
    const e = await rejection(client.listTasks());
    assert.equal(e.kind, 'refused');
    assert.match(e.message, /too many redirects/);
    assert.equal(srv.seen.length, 6);
  });

  it('never carries the token in message, JSON, stack or inspection, even when the service echoes it', async () => {
    srv = await scripted(
      json(401, {
        message: `Bad credentials: ${SECRET}`,
        documentation_url: `https://docs.example/x?t=${SECRET}`,
        errors: [{ resource: 'Token', code: 'invalid', message: `token ${SECRET} expired` }],
      }),
    );
    client = new ApiClient({ baseUrl: srv.url, token: async () => SECRET });
    const e = await rejection(client.listTasks());
    assert.ok(e instanceof ApiError);
    assert.equal(e.status, 401);
    assert.match(e.message, /^Bad credentials: \[REDACTED\]/);
    for (const text of [e.message, JSON.stringify(e), String(e.stack), inspect(e, { depth: 5 }), String(e)]) {
      assert.ok(!text.includes(SECRET), text);
    }
    const j = JSON.parse(JSON.stringify(e));
    assert.equal(j.status, 401);
    assert.equal(j.errors[0].code, 'invalid');
    assert.equal(j.path, '/agents/tasks');
  });

  it('never carries the token in a network error', async () => {
    srv = await scripted(json(200, {}));
    const url = srv.url;
    await srv.close();
    srv = undefined;
    client = new ApiClient({ baseUrl: url, token: SECRET, retries: 0 });
    const e = await rejection(client.listTasks());
    assert.equal(e.status, 0);
    assert.equal(e.kind, 'network');
    assert.ok(e.cause);
    for (const text of [e.message, JSON.stringify(e), inspect(e, { depth: 5 })]) assert.ok(!text.includes(SECRET));
  });
});
