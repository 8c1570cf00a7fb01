// The API client through the fault proxy, in front of the real sandbox: what each fault does to a read and to a start,
// counted at the proxy (what the client sent) and at the sandbox (what the service acted on).
import assert from 'node:assert/strict';
import { ApiClient, ApiError } from '../../../src/api';
import { DEMO_TOKENS, demoWorld, startSandbox, type Sandbox } from '../../../src/sandbox';
import { FaultProxy } from '../../support/faultProxy';

const TOKEN = DEMO_TOKENS.fineGrained;
const LIST = /^\/agents\/repos\/acme\/rocket\/tasks(\?|$)/;
const REPO = { owner: 'acme', repo: 'rocket' };

async function rejection(p: Promise<unknown>): Promise<ApiError> {
  try {
    await p;
  } catch (e) {
    assert.ok(e instanceof ApiError, `not an ApiError: ${String(e)}`);
    return e;
  }
  assert.fail('expected a rejection');
}

/** Nothing an error carries, as text or as JSON, holds a token value. */
function assertNoToken(e: ApiError): void {
  const text = `${e.message}\n${e.stack}\n${JSON.stringify(e)}\n${String((e.cause as Error | undefined)?.message ?? '')}`;
  for (const v of Object.values(DEMO_TOKENS)) assert.ok(!text.includes(v), `token ${v.slice(0, 6)}… in the error`);
}

describe('faults: the API client through a fault-injecting proxy', () => {
  let sandbox: Sandbox;
  let proxy: FaultProxy;
  let client: ApiClient;

  beforeEach(async () => {
    sandbox = await startSandbox({ world: demoWorld(), stepMs: 0, rateLimit: { limit: 1e9 } });
    proxy = await FaultProxy.start(sandbox.url);
    client = new ApiClient({ baseUrl: proxy.url, token: TOKEN, timeoutMs: 1_500 });
  });
  afterEach(async () => {
    await client.close();
    await proxy.close();
    await sandbox.close();
  });

  const sandboxStats = async (): Promise<{ by_route: Record<string, number> }> =>
    (await fetch(`${sandbox.url}/_sandbox/stats`)).json() as never;
  const startsAtService = async () => (await sandboxStats()).by_route['POST /agents/repos/{owner}/{repo}/tasks'] ?? 0;
  const tasksWithPrompt = async (prompt: string): Promise<number> => {
    const res = await fetch(`${sandbox.url}/agents/repos/acme/rocket/tasks?per_page=100&sort=created_at`, {
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    const { tasks } = (await res.json()) as { tasks: Array<{ id: string }> };
    let n = 0;
    for (const t of tasks) {
      const full = (await (
        await fetch(`${sandbox.url}/agents/tasks/${t.id}`, { headers: { authorization: `Bearer ${TOKEN}` } })
      ).json()) as { sessions?: Array<{ prompt: string }> };
      // A queued task has no session yet; its name is made from the prompt.
      if (
        (full.sessions ?? []).some(s => s.prompt === prompt) ||
        (full as { name?: string }).name?.startsWith(prompt.slice(0, 20))
      )
        n++;
    }
    return n;
  };

  it('a reset connection on a read is retried and the read succeeds', async () => {
    proxy.next({ kind: 'reset' }, { path: LIST });
    const { tasks } = await client.listRepositoryTasks(REPO);
    assert.ok(tasks.length > 0);
    assert.equal(proxy.count({ path: LIST }), 2, 'one reset, one retry');
  });

  it('a reset connection on a start is not retried: one request, nothing started, a network error', async () => {
    proxy.next({ kind: 'reset' }, { method: 'POST' });
    const e = await rejection(client.startTask({ ...REPO, prompt: 'Reset before it arrives' }));
    assert.equal(e.status, 0);
    assert.equal(e.kind, 'network');
    assertNoToken(e);
    assert.equal(proxy.count({ method: 'POST' }), 1);
    assert.equal(await startsAtService(), 0);
  });

  it('a start whose answer is lost acted once at the service, and the client does not send it again', async () => {
    proxy.next({ kind: 'lostAnswer' }, { method: 'POST' });
    const prompt = 'Answer lost on the way back';
    const e = await rejection(client.startTask({ ...REPO, prompt }));
    assert.equal(e.status, 0);
    assert.equal(proxy.count({ method: 'POST' }), 1);
    assert.equal(await startsAtService(), 1);
    assert.equal(await tasksWithPrompt(prompt), 1);
  });

  it('500, 502 and 503 on a read: retried with backoff, then the data', async () => {
    proxy.next({ kind: 'status', status: 502 }, { path: LIST });
    proxy.next({ kind: 'status', status: 503 }, { path: LIST });
    const { tasks } = await client.listRepositoryTasks(REPO);
    assert.ok(tasks.length > 0);
    assert.equal(proxy.count({ path: LIST }), 3);
    const times = proxy.requests.filter(r => LIST.test(r.path)).map(r => r.at);
    assert.ok(times[1] > times[0] && times[2] > times[1], 'not sent all at once');
  });

  it('a service that keeps failing gets a bounded number of tries and the caller its status', async () => {
    proxy.setDefault({ kind: 'status', status: 500 });
    const e = await rejection(client.listRepositoryTasks(REPO));
    assert.equal(e.status, 500);
    assert.equal(proxy.count(), 3, 'the first try and two retries, no more');
    assertNoToken(e);
  });

  it('a 500 on a start is reported, never retried', async () => {
    proxy.next({ kind: 'status', status: 500 }, { method: 'POST' });
    const e = await rejection(client.startTask({ ...REPO, prompt: 'Server error' }));
    assert.equal(e.status, 500);
    assert.equal(proxy.count({ method: 'POST' }), 1);
  });

  it('429 with a short Retry-After: the read waits that long, then succeeds', async () => {
    proxy.next({ kind: 'retryAfter', seconds: 1 }, { path: LIST });
    const { tasks } = await client.listRepositoryTasks(REPO);
    assert.ok(tasks.length > 0);
    const [first, second] = proxy.requests.filter(r => LIST.test(r.path));
    assert.ok(second.at - first.at >= 900, `retried after ${second.at - first.at} ms, before the Retry-After`);
  });

  it('429 with a long Retry-After is surfaced at once, with how long to wait', async () => {
    proxy.next({ kind: 'retryAfter', seconds: 120 }, { path: LIST });
    const e = await rejection(client.listRepositoryTasks(REPO));
    assert.equal(e.status, 429);
    assert.equal(e.kind, 'rate_limited');
    assert.equal(e.retryAfterMs, 120_000);
    assert.equal(proxy.count(), 1);
  });

  it('an exhausted rate limit: the error says when it resets, and nothing more is sent until then', async () => {
    proxy.next({ kind: 'exhausted', resetInSeconds: 60 });
    const e = await rejection(client.listRepositoryTasks(REPO));
    assert.equal(e.status, 403);
    assert.equal(e.kind, 'rate_limited');
    assert.ok(e.rateLimit?.reset && e.rateLimit.reset.getTime() > Date.now());
    const again = await rejection(client.listTasks());
    assert.equal(again.kind, 'rate_limited');
    const start = await rejection(client.startTask({ ...REPO, prompt: 'Not while limited' }));
    assert.equal(start.kind, 'rate_limited');
    assert.equal(proxy.count(), 1, 'the later calls failed fast, without a request');
    assert.equal(await startsAtService(), 0);
  });

  it('401 (revoked token): one request, status 401, no token in the error', async () => {
    proxy.setDefault({ kind: 'unauthorized' });
    const e = await rejection(client.listRepositoryTasks(REPO));
    assert.equal(e.status, 401);
    assert.equal(proxy.count(), 1);
    assertNoToken(e);
  });

  it('malformed JSON on a 200: an invalid_response error, never a crash or wrong data', async () => {
    proxy.next({ kind: 'malformed' }, { path: LIST });
    const e = await rejection(client.listRepositoryTasks(REPO));
    assert.equal(e.kind, 'invalid_response');
    assert.equal(e.status, 200);
    assertNoToken(e);
    const { tasks } = await client.listRepositoryTasks(REPO);
    assert.ok(tasks.length > 0, 'the next read works');
  });

  it('an answer slower than the deadline: a read is retried, a start is not (and acted once)', async () => {
    proxy.next({ kind: 'slow', ms: 2_500 }, { path: LIST });
    const { tasks } = await client.listRepositoryTasks(REPO);
    assert.ok(tasks.length > 0);
    assert.equal(proxy.count({ path: LIST }), 2);
    proxy.next({ kind: 'slow', ms: 2_500 }, { method: 'POST' });
    const prompt = 'Slower than the deadline';
    const e = await rejection(client.startTask({ ...REPO, prompt }));
    assert.equal(e.kind, 'timeout');
    assert.equal(proxy.count({ method: 'POST' }), 1);
    assert.equal(await startsAtService(), 1, 'the service got it once');
    assert.equal(await tasksWithPrompt(prompt), 1);
  });

  it('the service goes away and comes back: network errors meanwhile, data again after, on the same client', async () => {
    await client.listRepositoryTasks(REPO);
    await proxy.goDown();
    const e = await rejection(client.listRepositoryTasks(REPO));
    assert.equal(e.status, 0);
    assert.equal(e.kind, 'network');
    assertNoToken(e);
    await proxy.comeBack();
    const { tasks } = await client.listRepositoryTasks(REPO);
    assert.ok(tasks.length > 0);
  });
});
