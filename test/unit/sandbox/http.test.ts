import assert from 'node:assert/strict';
import * as net from 'node:net';
import { DEMO_TOKENS, demoWorld } from '../../../src/sandbox';
import { request, useSandbox } from './helpers';

const REPO_TASKS = '/agents/repos/acme/rocket/tasks';
const tok = DEMO_TOKENS.fineGrained;

/** Sends raw bytes and returns the status line's code (0 when the server just closed). */
function raw(port: number, text: string): Promise<number> {
  return new Promise(resolve => {
    const s = net.connect(port, '127.0.0.1', () => s.end(text));
    let buf = '';
    s.on('data', d => (buf += d.toString('latin1')));
    s.on('close', () => resolve(Number(/^HTTP\/1\.1 (\d{3})/.exec(buf)?.[1] ?? 0)));
    s.on('error', () => resolve(0));
  });
}

describe('sandbox HTTP conventions', () => {
  const sb = useSandbox(() => demoWorld(), { rateLimit: { limit: 20 } });

  it('ETag on GET and 304 for a matching If-None-Match; a change gives a new ETag', async () => {
    const r1 = await sb.call('GET', REPO_TASKS, { token: tok });
    const etag = String(r1.headers.etag);
    assert.match(etag, /^"[^"]+"$/);
    const r2 = await sb.call('GET', REPO_TASKS, { token: tok, headers: { 'if-none-match': etag } });
    assert.equal(r2.status, 304);
    assert.equal(r2.text, '');
    assert.equal(r2.headers.etag, etag);
    assert.equal(
      (await sb.call('GET', REPO_TASKS, { token: tok, headers: { 'if-none-match': `"x", W/${etag}` } })).status,
      304,
    );
    assert.equal(
      (await sb.call('GET', REPO_TASKS, { token: tok, headers: { 'if-none-match': '"other"' } })).status,
      200,
    );
    await sb.call('POST', '/_sandbox/advance');
    const r3 = await sb.call('GET', REPO_TASKS, { token: tok, headers: { 'if-none-match': etag } });
    assert.equal(r3.status, 200);
    assert.notEqual(r3.headers.etag, etag);
    const stats = (await sb.call('GET', '/_sandbox/stats')).json();
    assert.equal(stats.not_modified, 2);
    assert.equal(stats.by_route[`GET /agents/repos/{owner}/{repo}/tasks`], 5);
    assert.equal(stats.by_status['304'], 2);
    assert.equal(stats.total, 5);
  });

  it('a repeated read is never staler than the state: changes, revocations and resets show at once', async () => {
    const read = () => sb.call('GET', `${REPO_TASKS}/demo-rocket-04`, { token: tok });
    for (let i = 0; i < 3; i++) assert.equal((await read()).json().state, 'queued');
    await sb.call('PATCH', '/_sandbox/tasks/demo-rocket-04', { body: { state: 'failed' } });
    assert.equal((await read()).json().state, 'failed');
    for (let i = 0; i < 3; i++)
      assert.equal(
        (await sb.call('GET', '/installation/repositories', { token: DEMO_TOKENS.installation })).status,
        200,
      );
    await sb.call('DELETE', '/installation/token', { token: DEMO_TOKENS.installation });
    assert.equal((await sb.call('GET', '/installation/repositories', { token: DEMO_TOKENS.installation })).status, 401);
    const viaLocalhost = await sb.call('GET', `${REPO_TASKS}/demo-rocket-04`, {
      token: tok,
      headers: { host: `localhost:${sb.get().port}` },
    });
    assert.ok(
      viaLocalhost.json().url.startsWith(`http://localhost:${sb.get().port}/`),
      'the origin is part of what is cached',
    );
    assert.equal(
      (await sb.call('GET', `${REPO_TASKS}/demo-rocket-04`, { token: DEMO_TOKENS.classic })).status,
      403,
      'so are the credentials',
    );
    await sb.call('POST', '/_sandbox/reset');
    assert.equal((await read()).json().state, 'queued');
    assert.equal((await sb.call('GET', '/installation/repositories', { token: DEMO_TOKENS.installation })).status, 200);
  });

  it('a 304 does not count against the rate limit', async () => {
    const r1 = await sb.call('GET', REPO_TASKS, { token: tok });
    const r2 = await sb.call('GET', REPO_TASKS, { token: tok, headers: { 'if-none-match': String(r1.headers.etag) } });
    assert.equal(r2.status, 304);
    assert.equal(r2.headers['x-ratelimit-used'], r1.headers['x-ratelimit-used']);
  });

  it('the version header: the known value and none are accepted, anything else is 400', async () => {
    assert.equal(
      (await sb.call('GET', REPO_TASKS, { token: tok, headers: { 'x-vendor-api-version': '2026-03-10' } })).status,
      200,
    );
    assert.equal((await sb.call('GET', REPO_TASKS, { token: tok })).status, 200);
    for (const v of ['2022-11-28', '', 'x'.repeat(200)]) {
      const r = await sb.call('GET', REPO_TASKS, { token: tok, headers: { 'X-Vendor-Api-Version': v } });
      assert.equal(r.status, 400, v);
      assert.match(r.json().message, /X-Vendor-Api-Version/);
    }
  });

  it('rate-limit headers on every response, counting per token, 403 once exhausted', async () => {
    for (const [m, p, o] of [
      ['GET', REPO_TASKS, { token: tok }],
      ['GET', '/nothing', {}],
      ['POST', '/_sandbox/advance', {}],
      ['GET', '/', {}],
    ] as const) {
      const r = await sb.call(m, p, o);
      for (const h of [
        'x-ratelimit-limit',
        'x-ratelimit-remaining',
        'x-ratelimit-reset',
        'x-ratelimit-used',
        'x-ratelimit-resource',
      ])
        assert.ok(h in r.headers, `${m} ${p}: ${h}`);
    }
    let last = await sb.call('GET', REPO_TASKS, { token: tok });
    const used0 = Number(last.headers['x-ratelimit-used']);
    assert.ok(used0 >= 1);
    assert.equal(Number(last.headers['x-ratelimit-remaining']), 20 - used0);
    assert.ok(Number(last.headers['x-ratelimit-reset']) > Date.now() / 1000);
    while (Number(last.headers['x-ratelimit-remaining']) > 0) last = await sb.call('GET', REPO_TASKS, { token: tok });
    const refused = await sb.call('GET', REPO_TASKS, { token: tok });
    assert.equal(refused.status, 403);
    assert.match(refused.json().message, /rate limit/);
    assert.equal(refused.headers['x-ratelimit-remaining'], '0');
    // Another token has its own budget.
    assert.equal((await sb.call('GET', REPO_TASKS, { token: DEMO_TOKENS.fineGrainedRead })).status, 200);
    await sb.call('POST', '/_sandbox/stats/reset');
    assert.equal((await sb.call('GET', REPO_TASKS, { token: tok })).status, 200);
  });

  it('wrong methods on known paths, unknown paths and odd encodings are 404, never 5xx', async () => {
    for (const [m, p] of [
      ['DELETE', REPO_TASKS],
      ['PUT', '/agents/tasks'],
      ['PATCH', '/installation/repositories'],
      ['POST', '/user/installations'],
      ['GET', '/agents/tasks/'],
      ['GET', '/agents/repos/acme/%E0%a4%A/tasks'],
      ['GET', '/agents/tasks/%'],
      ['GET', '//'],
      ['GET', '/_sandbox/nope'],
    ] as const) {
      const r = await sb.call(m, p, { token: tok });
      assert.equal(r.status, 404, `${m} ${p}`);
      assert.equal(r.json().message, 'Not Found');
    }
  });

  it('HEAD answers like GET without a body; absolute-form targets work', async () => {
    const r = await sb.call('HEAD', REPO_TASKS, { token: tok });
    assert.equal(r.status, 200);
    assert.equal(r.text, '');
    assert.ok(r.headers.etag);
    assert.equal((await request(sb.get().url, 'GET', `${sb.get().url}${REPO_TASKS}`, { token: tok })).status, 200);
  });

  it('malformed HTTP gets a 400 and the server goes on', async () => {
    assert.equal(await raw(sb.get().port, 'GARBAGE\r\n\r\n'), 400);
    assert.equal(await raw(sb.get().port, `GET ${REPO_TASKS} HTTP/1.1\r\nHost: x\r\nContent-Length: abc\r\n\r\n`), 400);
    assert.equal((await sb.call('GET', REPO_TASKS, { token: tok })).status, 200);
  });

  it('a Host other than its own loopback address is refused (421) on every kind of path, and changes nothing', async () => {
    const port = sb.get().port;
    for (const host of [
      'evil.example/<x>',
      `evil.example:${port}`,
      `127.0.0.1.nip.io:${port}`,
      '127.0.0.1:1',
      'localhost',
      `127.0.0.2:${port}`,
    ]) {
      for (const [m, p, o] of [
        ['GET', `${REPO_TASKS}?per_page=1`, { token: tok }],
        ['GET', '/'],
        ['POST', '/_sandbox/advance'],
        ['POST', REPO_TASKS, { token: tok, body: { prompt: 'from a rebound page' } }],
        ['GET', '/acme/rocket.git/info/refs?service=git-upload-pack'],
      ] as const) {
        const r = await sb.call(m, p, { ...o, headers: { host } });
        assert.equal(r.status, 421, `${m} ${p} with Host ${host}`);
        assert.match(r.json().message, /answers only at http:\/\/127\.0\.0\.1:\d+/);
      }
    }
    const after = (await sb.call('GET', `${REPO_TASKS}?per_page=100`, { token: tok })).json().tasks;
    assert.ok(!after.some((t: { name: string }) => t.name === 'from a rebound page'), 'no task was started');
    assert.equal(after.find((t: { id: string }) => t.id === 'demo-rocket-04').state, 'queued', 'nothing advanced');
    for (const host of [`127.0.0.1:${port}`, `localhost:${port}`, `LOCALHOST:${port}`, `[::1]:${port}`]) {
      const r = await sb.call('GET', `${REPO_TASKS}?per_page=1`, { token: tok, headers: { host } });
      assert.equal(r.status, 200, host);
      assert.ok(
        String(r.headers.link).startsWith(`<http://${host.toLowerCase()}/`),
        'links are built on the address the client used',
      );
    }
  });
});
