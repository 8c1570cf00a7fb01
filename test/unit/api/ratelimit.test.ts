// Rate limits: short Retry-After waited out for GETs, long ones surfaced, an exhausted limit fails fast.
import assert from 'node:assert/strict';
import { ApiClient } from '../../../src/api';
import type { Scripted } from './scripted';
import { closeAll, json, rejection, scripted } from './scripted';

const inAMinute = (): string => String(Math.floor(Date.now() / 1000) + 60);

describe('api: rate limits', () => {
  let srv: Scripted;
  let client: ApiClient | undefined;
  afterEach(async () => {
    client = await closeAll(client, srv);
  });

  it('waits out a short Retry-After on 429 for a GET', async () => {
    srv = await scripted([json(429, { message: 'slow down' }, { 'retry-after': '1' }), json(200, { tasks: [] })]);
    client = new ApiClient({ baseUrl: srv.url });
    const t0 = Date.now();
    assert.deepEqual(await client.listTasks(), { tasks: [] });
    assert.equal(srv.seen.length, 2);
    assert.ok(Date.now() - t0 >= 900, 'waited for Retry-After');
  });

  it('waits out a secondary-limit 403 with a short Retry-After', async () => {
    srv = await scripted([
      json(403, { message: 'secondary rate limit' }, { 'retry-after': '0' }),
      json(200, { tasks: [] }),
    ]);
    client = new ApiClient({ baseUrl: srv.url });
    assert.deepEqual(await client.listTasks(), { tasks: [] });
    assert.equal(srv.seen.length, 2);
  });

  it('surfaces a long Retry-After at once, with retryAfterMs', async () => {
    srv = await scripted(json(429, { message: 'slow down' }, { 'retry-after': '3600' }));
    client = new ApiClient({ baseUrl: srv.url, maxRetryAfterMs: 5000 });
    const t0 = Date.now();
    const e = await rejection(client.listTasks());
    assert.ok(Date.now() - t0 < 1000);
    assert.equal(e.status, 429);
    assert.equal(e.kind, 'rate_limited');
    assert.equal(e.retryAfterMs, 3_600_000);
    assert.equal(srv.seen.length, 1);
  });

  it('surfaces a 429 on a POST without waiting', async () => {
    srv = await scripted(json(429, { message: 'slow down' }, { 'retry-after': '1' }));
    client = new ApiClient({ baseUrl: srv.url, token: 't' });
    const e = await rejection(client.startTask({ owner: 'o', repo: 'r', prompt: 'p' }));
    assert.equal(e.status, 429);
    assert.equal(e.retryAfterMs, 1000);
    assert.equal(srv.seen.length, 1);
  });

  it('after x-ratelimit-remaining: 0 fails fast until the reset, without a request', async () => {
    const reset = inAMinute();
    srv = await scripted(
      json(
        200,
        { tasks: [] },
        {
          'x-ratelimit-limit': '60',
          'x-ratelimit-remaining': '0',
          'x-ratelimit-reset': reset,
          'x-ratelimit-used': '60',
          'x-ratelimit-resource': 'core',
        },
      ),
    );
    client = new ApiClient({ baseUrl: srv.url, token: 'a' });
    await client.listTasks();
    const e = await rejection(client.listTasks());
    assert.equal(srv.seen.length, 1, 'the second call never reached the service');
    assert.equal(e.status, 429);
    assert.equal(e.kind, 'rate_limited');
    assert.ok(typeof e.retryAfterMs === 'number' && e.retryAfterMs > 50_000 && e.retryAfterMs <= 60_000);
    const rl = client.lastRateLimit!;
    assert.equal(rl.remaining, 0);
    assert.equal(rl.limit, 60);
    assert.equal(rl.used, 60);
    assert.equal(rl.resource, 'core');
    assert.equal(rl.reset!.getTime(), Number(reset) * 1000);
  });

  it('an exhausted limit of one token does not block another token', async () => {
    srv = await scripted([
      json(200, { tasks: [] }, { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': inAMinute() }),
      json(200, { tasks: [] }),
    ]);
    let tok = 'one';
    client = new ApiClient({ baseUrl: srv.url, token: () => tok });
    await client.listTasks();
    tok = 'two';
    await client.listTasks();
    assert.equal(srv.seen.length, 2);
  });

  it('turns a 403 with remaining 0 into rate_limited with the reset time', async () => {
    srv = await scripted(
      json(
        403,
        { message: 'API rate limit exceeded' },
        { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': inAMinute() },
      ),
    );
    client = new ApiClient({ baseUrl: srv.url, token: 't', retries: 3 });
    const e = await rejection(client.listTasks());
    assert.equal(e.status, 403);
    assert.equal(e.kind, 'rate_limited');
    assert.ok((e.retryAfterMs as number) > 50_000);
    assert.equal(srv.seen.length, 1);
  });
});
