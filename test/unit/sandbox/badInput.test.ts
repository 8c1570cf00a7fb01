// Mutated requests against the demo world: whatever arrives, the sandbox answers without a 5xx and a refused
// request changes nothing.
import assert from 'node:assert/strict';
import { DEMO_TOKENS, demoWorld } from '../../../src/sandbox';
import { useSandbox } from './helpers';

const REPO_TASKS = '/agents/repos/acme/rocket/tasks';
const tok = DEMO_TOKENS.fineGrained;

describe('sandbox under bad input', () => {
  const sb = useSandbox(() => demoWorld(), { rateLimit: { limit: 1e9 } });

  it('thousands of mutated requests: no 5xx, no bug caught, refused requests change nothing', async function () {
    this.timeout(60_000);
    let seed = 42;
    const rnd = (n: number): number => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) % n;
    const pick = <T>(a: readonly T[]): T => a[rnd(a.length)];
    const paths = [
      REPO_TASKS,
      `${REPO_TASKS}/demo-rocket-01`,
      '/agents/tasks',
      '/agents/tasks/demo-rocket-01',
      '/installation/repositories',
      '/installation/token',
      '/user/installations',
      '/user/installations/71/repositories',
      '/user/installations/71/repositories/5001',
      '/user/installations/72/repositories/5003',
      '/acme/rocket/tasks/demo-rocket-01',
      '/settings/installations/72',
      '/_sandbox/tasks/demo-rocket-01',
    ];
    const junk = [
      '%',
      '%zz',
      '%00',
      '..',
      '/',
      '?',
      '#',
      '\u00e9',
      'ü',
      '%E2%80',
      ';',
      '*',
      ' ',
      '~',
      '%2F',
      '-1',
      '1e9',
      'true',
      'null',
      '[]',
      '{}',
      "'",
      '"',
      '<',
      '\\',
    ];
    const keys = [
      'per_page',
      'page',
      'sort',
      'direction',
      'state',
      'is_archived',
      'since',
      'creator_id',
      'creator_id[]',
      'x',
    ];
    const tokens = [...Object.values(DEMO_TOKENS), undefined, 'bogus', ''];
    const bodies = [
      '',
      '{',
      '{"prompt":1}',
      '{"prompt":"[sandbox:failed]"}',
      'null',
      '[]',
      '"x"',
      '{"prompt":"x","model":7}',
      '\u0000\u0001',
      '{"state":"nope"}',
      '{"archived":"no"}',
      '{"prompt":"' + 'x'.repeat(5000) + '"}',
    ];
    const methods = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'];
    const snapshot = async (): Promise<string> =>
      (
        await sb.call(
          'GET',
          `${REPO_TASKS}?per_page=100&state=${['queued', 'in_progress', 'completed', 'failed', 'idle', 'waiting_for_user', 'timed_out', 'cancelled'].join(',')}`,
          { token: tok },
        )
      ).text;
    for (let i = 0; i < 2500; i++) {
      let path = pick(paths);
      if (rnd(3) === 0) {
        const segs = path.split('/');
        segs[1 + rnd(segs.length - 1)] = pick(junk) + (rnd(2) ? pick(junk) : '');
        path = segs.join('/');
      }
      if (rnd(2) === 0)
        path +=
          '?' + Array.from({ length: 1 + rnd(3) }, () => `${pick(keys)}=${encodeURIComponent(pick(junk))}`).join('&');
      const method = pick(methods);
      const headers: Record<string, string> = {};
      if (rnd(5) === 0) headers['x-vendor-api-version'] = pick(['2026-03-10', 'v3', '']);
      if (rnd(5) === 0) headers['if-none-match'] = pick(['*', '"x"', 'W/"', '']);
      if (rnd(7) === 0)
        headers.authorization = pick(['Bearer', 'Bearer  ', 'token x y', 'Basic Zm9v', 'Bearer \u00e9']).replace(
          /[^\x20-\x7e]/g,
          '?',
        );
      const body = method === 'POST' || method === 'PATCH' || rnd(4) === 0 ? pick(bodies) : undefined;
      const before = method === 'GET' || method === 'HEAD' ? undefined : await snapshot();
      const r = await sb.call(
        method,
        path.replace(/[^\x21-\x7e]/g, c => encodeURIComponent(c)),
        { token: pick(tokens), headers, body },
      );
      assert.ok(r.status < 500, `${method} ${path} → ${r.status}`);
      if (before !== undefined && r.status >= 400)
        assert.equal(await snapshot(), before, `${method} ${path} (${r.status}) changed the state`);
    }
    const stats = (await sb.call('GET', '/_sandbox/stats')).json();
    assert.equal(stats.internal_errors, 0);
    assert.ok(!Object.keys(stats.by_status).some(s => s.startsWith('5')));
  });
});
