// Extends the sandbox's fuzz test (test/unit/sandbox/http.test.ts), whose "nothing changed" check looks only at the
// task list of acme/rocket: here every refused request that could change something is checked against the whole
// visible state — every repository's tasks (archived too), the user's own tasks, installations and the repositories
// each reaches, the installation token's repositories — and the mutations start from valid requests of every kind
// (starts, installation changes, token revocation, control calls), sent with every kind of token.
import assert from 'node:assert/strict';
import { DEMO_TOKENS, demoWorld } from '../../../src/sandbox';
import { useSandbox } from '../sandbox/helpers';

const STATES = 'queued,in_progress,completed,failed,idle,waiting_for_user,timed_out,cancelled';
const REPOS = ['acme/rocket', 'acme/website', 'acme/infra', 'mona/dotfiles', 'globex/portal', 'acme/docs'];

interface Seed {
  method: string;
  path: string;
  body?: unknown;
  /** The token the request is valid with. */
  token: string;
}

// Valid requests, one or more per route that changes state, as the mutations' starting points.
const SEEDS: Seed[] = [
  {
    method: 'POST',
    path: '/agents/repos/acme/rocket/tasks',
    body: { prompt: 'Fuzz me', model: 'family-a-sonnet-4.6', create_pull_request: true, base_ref: 'main' },
    token: DEMO_TOKENS.fineGrained,
  },
  {
    method: 'POST',
    path: '/agents/repos/mona/dotfiles/tasks',
    body: { prompt: 'Tidy', head_ref: 'topic', base_ref: 'main' },
    token: DEMO_TOKENS.fineGrained,
  },
  { method: 'PUT', path: '/user/installations/71/repositories/5005', token: DEMO_TOKENS.classic },
  { method: 'PUT', path: '/user/installations/71/repositories/5002', token: DEMO_TOKENS.classic }, // mona may only write: 403
  { method: 'DELETE', path: '/user/installations/71/repositories/5001', token: DEMO_TOKENS.classic },
  { method: 'DELETE', path: '/user/installations/73/repositories/5004', token: DEMO_TOKENS.classic }, // its last repository: 422
  { method: 'PUT', path: '/user/installations/72/repositories/5003', token: DEMO_TOKENS.classic },
  { method: 'DELETE', path: '/installation/token', token: DEMO_TOKENS.installation },
];

const TOKENS = [...Object.values(DEMO_TOKENS), undefined, 'sbx_fg_monb', DEMO_TOKENS.fineGrained.toUpperCase()];

describe('sandbox fuzz: refused requests change nothing anywhere', () => {
  // The git repositories are not what this test is about; making them anew on every reset would only slow it down.
  const sb = useSandbox(() => demoWorld(), { rateLimit: { limit: 1e9 }, git: false });

  /** Everything mona, the installation token and the control stats can see, as one text. */
  async function snapshot(): Promise<string> {
    const parts: string[] = [];
    const get = async (path: string, token?: string) => {
      const r = await sb.call('GET', path, { token });
      parts.push(`${path} ${r.status} ${r.text}`);
    };
    for (const repo of REPOS) {
      await get(`/agents/repos/${repo}/tasks?per_page=100&state=${STATES}`, DEMO_TOKENS.fineGrained);
      await get(`/agents/repos/${repo}/tasks?per_page=100&is_archived=true`, DEMO_TOKENS.fineGrained);
    }
    await get(`/agents/tasks?per_page=100&state=${STATES}`, DEMO_TOKENS.fineGrained);
    await get('/agents/tasks?per_page=100&state=queued', DEMO_TOKENS.freePlan);
    await get('/user/installations?per_page=100', DEMO_TOKENS.appUser);
    for (const id of [71, 72, 73])
      await get(`/user/installations/${id}/repositories?per_page=100`, DEMO_TOKENS.fineGrained);
    await get('/installation/repositories?per_page=100', DEMO_TOKENS.installation);
    return parts.join('\n');
  }

  it('mutations of valid changing requests, with every kind of token: no 5xx, and a refusal leaves all state as it was', async function () {
    this.timeout(120_000);
    // mulberry32: seeded, so a failure replays; its low bits are not correlated (a plain LCG's alternate).
    let seed = 7;
    const rnd = (n: number): number => {
      seed = (seed + 0x6d2b79f5) | 0;
      let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      return ((((t ^ (t >>> 14)) >>> 0) / 4294967296) * n) | 0;
    };
    const pick = <T>(a: readonly T[]): T => a[rnd(a.length)];
    const junk = [
      '0',
      '-1',
      '99999999999999999999',
      '1.5',
      'abc',
      '%00',
      '%2e%2e',
      '..',
      '',
      ' ',
      '%E2%82',
      'ü',
      '[]',
      'null',
      '5000%20',
    ];
    const values = [
      null,
      true,
      0,
      -1,
      Number.POSITIVE_INFINITY,
      '',
      ' ',
      'x'.repeat(70_000),
      ['a'],
      { a: 1 },
      '\u0000',
      '\ud800',
      'family-z-1',
      'main..x',
      '[sandbox:failed]',
    ];
    let refused = 0;
    let accepted = 0;
    for (let i = 0; i < 1000; i++) {
      const s = pick(SEEDS);
      let method = s.method;
      let path = s.path;
      let body: unknown = s.body === undefined ? undefined : structuredClone(s.body);
      const headers: Record<string, string> = {};
      switch (rnd(6)) {
        case 0: {
          const segs = path.split('/');
          segs[1 + rnd(segs.length - 1)] = pick(junk);
          path = segs.join('/');
          break;
        }
        case 1:
          method = pick(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']);
          break;
        case 2:
          if (body && typeof body === 'object')
            (body as Record<string, unknown>)[
              pick(['prompt', 'model', 'create_pull_request', 'base_ref', 'head_ref', 'custom_agent', 'extra'])
            ] = pick(values);
          else body = pick(values);
          break;
        case 3:
          body = pick(['{', '{"prompt":', '[', '"\\u', '{"prompt":"x"}garbage', '\u0000', '{"prompt":"x","prompt":5}']);
          break;
        case 4:
          headers['x-vendor-api-version'] = pick(['2026-03-11', 'latest', '', '2026-03-10 ']);
          break;
        default:
          path += `?${pick(['per_page', 'page', 'x'])}=${encodeURIComponent(pick(junk))}`;
      }
      // Half the time the right token, so the mutation itself, not the credential, decides.
      const token = rnd(2) ? s.token : pick(TOKENS);
      const before = await snapshot();
      const text = typeof body === 'string' ? body : body === undefined ? undefined : JSON.stringify(body);
      // Characters a request line cannot carry are percent-encoded, as any client would.
      const r = await sb.call(
        method,
        path.replace(/[^\x21-\x7e]/g, c => encodeURIComponent(c)),
        { token, headers, body: text },
      );
      assert.ok(r.status < 500, `${method} ${path} → ${r.status}`);
      if (r.status >= 400) {
        refused++;
        assert.equal(
          await snapshot(),
          before,
          `${method} ${path} with ${token ? token.slice(0, 8) : 'no token'} answered ${r.status} but changed the state`,
        );
      } else {
        accepted++;
        // Start again from the demo world, so later refusals are tried against the state the seeds were written for.
        await sb.call('POST', '/_sandbox/reset');
      }
    }
    assert.ok(
      refused > 300 && accepted > 50,
      `refused ${refused}, accepted ${accepted}: the mutations should hit both sides`,
    );
    const stats = (await sb.call('GET', '/_sandbox/stats')).json();
    assert.equal(stats.internal_errors, 0);
  });
});
