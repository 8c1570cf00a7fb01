// The sandbox in the browser: a page of an editor served from loopback, or from an origin named at start, may use the
// service API across origins (preflight, Authorization, the headers the client reads); any other origin gets no CORS
// header, its preflight is refused, and the guard against other sites (Host, the control endpoints) stays.
import assert from 'node:assert/strict';
import { DEMO_TOKENS, demoWorld } from '../../../src/sandbox';
import { parseArgs } from '../../../src/sandbox/main';
import { startSandbox } from '../../../src/sandbox/server';
import { useSandbox, type Res } from './helpers';

const tok = DEMO_TOKENS.fineGrained;
const TASKS = '/agents/repos/acme/rocket/tasks';
const NAMED = 'https://editor.example:8443';

const preflight = (origin: string, method = 'GET', headers = 'authorization, x-vendor-api-version') => ({
  origin,
  'access-control-request-method': method,
  'access-control-request-headers': headers,
});

const listOf = (v: string | string[] | undefined): string[] =>
  String(v ?? '')
    .split(',')
    .map(s => s.trim().toLowerCase())
    .filter(Boolean);

function assertNoCors(r: Res, what: string): void {
  const cors = Object.keys(r.headers).filter(h => h.startsWith('access-control-'));
  assert.deepEqual(cors, [], `${what}: no CORS header`);
}

describe('sandbox CORS for an editor in the browser', () => {
  const sb = useSandbox(() => demoWorld(), { allowOrigins: [NAMED] });

  it('a loopback origin at any port is granted the preflight: Authorization, the headers sent, the methods', async () => {
    for (const origin of ['http://127.0.0.1:8080', 'http://localhost:3000', 'http://[::1]:5173', 'http://localhost']) {
      const r = await sb.call('OPTIONS', TASKS, { headers: preflight(origin, 'POST', 'authorization, content-type') });
      assert.equal(r.status, 204, origin);
      assert.equal(r.headers['access-control-allow-origin'], origin);
      const allowed = listOf(r.headers['access-control-allow-headers']);
      for (const h of ['authorization', 'content-type', 'accept', 'if-none-match', 'x-vendor-api-version'])
        assert.ok(allowed.includes(h), `${h} allowed: ${allowed.join(', ')}`);
      const methods = listOf(r.headers['access-control-allow-methods']);
      for (const m of ['get', 'post', 'patch', 'delete']) assert.ok(methods.includes(m), `${m} allowed`);
      assert.match(String(r.headers.vary), /origin/i);
    }
  });

  it('the actual request from a loopback origin carries the origin and exposes the headers the client reads', async () => {
    const origin = 'http://127.0.0.1:8080';
    const r = await sb.call('GET', `${TASKS}?per_page=1`, { token: tok, headers: { origin } });
    assert.equal(r.status, 200);
    assert.equal(r.headers['access-control-allow-origin'], origin);
    assert.equal(r.headers['access-control-allow-credentials'], undefined, 'no cookies: the token is a header');
    const exposed = listOf(r.headers['access-control-expose-headers']);
    for (const h of ['etag', 'link', 'retry-after', 'x-poll-interval', 'x-ratelimit-remaining', 'x-ratelimit-reset'])
      assert.ok(exposed.includes(h), `${h} exposed: ${exposed.join(', ')}`);
    // What is exposed is there to be read: the list's ETag and Link, the rate limit.
    assert.ok(r.headers.etag && r.headers.link && r.headers['x-ratelimit-remaining']);
    const again = await sb.call('GET', `${TASKS}?per_page=1`, {
      token: tok,
      headers: { origin, 'if-none-match': String(r.headers.etag) },
    });
    assert.equal(again.status, 304);
    assert.equal(again.headers['access-control-allow-origin'], origin, 'a 304 too');
    const refused = await sb.call('GET', TASKS, { token: 'not-a-token', headers: { origin } });
    assert.equal(refused.status, 401);
    assert.equal(refused.headers['access-control-allow-origin'], origin, 'an error, so the page can say why');
  });

  it('an origin named at start is granted as a loopback one is; its other ports and schemes are not', async () => {
    const ok = await sb.call('OPTIONS', TASKS, { headers: preflight(NAMED) });
    assert.equal(ok.status, 204);
    assert.equal(ok.headers['access-control-allow-origin'], NAMED);
    const read = await sb.call('GET', TASKS, { token: tok, headers: { origin: NAMED } });
    assert.equal(read.headers['access-control-allow-origin'], NAMED);
    for (const origin of ['https://editor.example', 'http://editor.example:8443', 'https://editor.example:8444']) {
      const r = await sb.call('OPTIONS', TASKS, { headers: preflight(origin) });
      assert.equal(r.status, 403, origin);
      assertNoCors(r, origin);
    }
  });

  it('a foreign origin gets nothing: its preflight is refused and its answers carry no CORS header', async () => {
    for (const origin of [
      'http://evil.example',
      'https://evil.example:8443',
      'null',
      'http://127.0.0.1.evil.example:8080',
      'http://localhost.evil.example',
      'http://127.0.0.1:8080/path',
      'file://',
    ]) {
      const pre = await sb.call('OPTIONS', TASKS, { headers: preflight(origin, 'POST') });
      assert.equal(pre.status, 403, origin);
      assertNoCors(pre, `preflight from ${origin}`);
      const r = await sb.call('GET', TASKS, { token: tok, headers: { origin } });
      assertNoCors(r, `a read from ${origin}`);
    }
    // A request the browser sends without asking (a "simple" POST) starts nothing it could read, and no preflight
    // opens the way for one with a token.
    const before = (await sb.call('GET', TASKS, { token: tok })).json().tasks.length as number;
    const post = await sb.call('POST', TASKS, {
      headers: { origin: 'http://evil.example', 'content-type': 'text/plain' },
      body: JSON.stringify({ prompt: 'planted' }),
      noContentType: true,
    });
    assert.equal(post.status, 401);
    assertNoCors(post, 'a simple POST from a foreign origin');
    assert.equal((await sb.call('GET', TASKS, { token: tok })).json().tasks.length, before, 'nothing started');
  });

  it('the guard stays: a rebinding Host gets 421, the control endpoints and pages grant no origin', async () => {
    const port = sb.get().port;
    const origin = 'http://127.0.0.1:8080';
    const rebound = await sb.call('OPTIONS', TASKS, {
      headers: { ...preflight(origin), host: `evil.example:${port}` },
    });
    assert.equal(rebound.status, 421);
    assertNoCors(rebound, 'a rebinding Host');
    const read = await sb.call('GET', TASKS, { token: tok, headers: { origin, host: `evil.example:${port}` } });
    assert.equal(read.status, 421);
    assertNoCors(read, 'a rebinding Host');
    const control = await sb.call('OPTIONS', '/_sandbox/advance', { headers: preflight(origin, 'POST') });
    assert.equal(control.status, 403);
    assertNoCors(control, 'a control preflight');
    const steer = await sb.call('POST', '/_sandbox/advance', { headers: { origin } });
    assert.equal(steer.status, 403, 'another loopback origin still may not steer the sandbox');
    assertNoCors(steer, 'a control request');
    const page = await sb.call('OPTIONS', '/acme/rocket/tasks/demo-rocket-01', { headers: preflight(origin) });
    assert.equal(page.status, 403);
    const unknown = await sb.call('OPTIONS', '/no/such/path/at/all', { headers: preflight(origin) });
    assert.equal(unknown.status, 403);
  });

  it('a preflight costs no request of the rate limit', async () => {
    const origin = 'http://localhost:3000';
    const remaining = async () =>
      Number(
        (await sb.call('GET', '/agents/repos/acme/rocket/tasks', { token: 'bad' })).headers['x-ratelimit-remaining'],
      );
    const first = await remaining();
    for (let i = 0; i < 5; i++) await sb.call('OPTIONS', TASKS, { headers: preflight(origin) });
    assert.equal(await remaining(), first - 1);
  });
});

describe('sandbox --allow-origin', () => {
  it('takes an origin, repeated; anything else is a usage error', () => {
    assert.deepEqual(parseArgs(['--allow-origin', NAMED, '--allow-origin=http://box.lan:8080']).allowOrigins, [
      NAMED,
      'http://box.lan:8080',
    ]);
    for (const bad of ['editor.example', 'https://editor.example/path', 'ftp://editor.example', 'null', ''])
      assert.throws(() => parseArgs(['--allow-origin', bad]), /--allow-origin needs an origin/, bad);
  });

  it('the programmatic option refuses what is not an origin, before listening', async () => {
    await assert.rejects(startSandbox({ git: false, stepMs: 0, allowOrigins: ['*'] }), /not an origin/);
  });
});
