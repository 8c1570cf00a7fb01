import assert from 'node:assert/strict';
import { tasksWorld } from './tasks.world';
import { useSandbox } from './helpers';

describe('sandbox task lists', () => {
  const w = tasksWorld();
  const sb = useSandbox(() => w.world);
  const REPO_TASKS = '/agents/repos/acme/svc/tasks';

  describe('pagination, filters and sorting', () => {
    const ids = async (q: string, token = w.tokens.ana, base = REPO_TASKS): Promise<string[]> => {
      const r = await sb.call('GET', `${base}${q}`, { token });
      assert.equal(r.status, 200, `${q}: ${r.text}`);
      return r.json().tasks.map((t: { id: string }) => t.id);
    };

    it('defaults: non-archived, updated_at desc', async () => {
      assert.deepEqual(await ids(''), [w.t.old, w.t.fresh, w.t.mid]);
    });
    it('sort and direction', async () => {
      assert.deepEqual(await ids('?sort=updated_at&direction=asc'), [w.t.mid, w.t.fresh, w.t.old]);
      assert.deepEqual(await ids('?sort=created_at'), [w.t.fresh, w.t.mid, w.t.old]);
      assert.deepEqual(await ids('?sort=created_at&direction=asc'), [w.t.old, w.t.mid, w.t.fresh]);
    });
    it('state as a comma list', async () => {
      assert.deepEqual(await ids('?state=failed,in_progress'), [w.t.fresh, w.t.mid]);
      assert.deepEqual(await ids('?state=queued'), []);
    });
    it('is_archived', async () => {
      assert.deepEqual(await ids('?is_archived=true'), [w.t.archived]);
      assert.deepEqual(await ids('?is_archived=false'), [w.t.old, w.t.fresh, w.t.mid]);
    });
    it('since: updated at or after', async () => {
      assert.deepEqual(await ids('?since=2026-01-04T00:00:00Z'), [w.t.old, w.t.fresh]);
      assert.deepEqual(await ids('?since=2026-01-04T01:00:00%2B01:00'), [w.t.old, w.t.fresh]);
    });
    it('creator_id as a repeated key', async () => {
      assert.deepEqual(await ids(`?creator_id=${w.users.bo}`), [w.t.mid]);
      assert.deepEqual(await ids(`?creator_id=${w.users.bo}&creator_id=${w.users.ana}`), [w.t.old, w.t.fresh, w.t.mid]);
    });
    it("the user's list holds only the tasks the user created, in repositories the user can read", async () => {
      assert.deepEqual(await ids('', w.tokens.ana, '/agents/tasks'), [w.t.old, w.t.fresh, w.t.public, w.t.hidden]);
      assert.deepEqual(await ids('', w.tokens.bo, '/agents/tasks'), [w.t.mid]);
      assert.deepEqual(await ids('?state=queued&sort=created_at&direction=asc', w.tokens.ana, '/agents/tasks'), [
        w.t.hidden,
        w.t.public,
      ]);
    });
    it('per_page, page and the Link header with first, prev, next, last', async () => {
      const r1 = await sb.call('GET', `${REPO_TASKS}?per_page=1&state=completed,failed,in_progress`, {
        token: w.tokens.ana,
      });
      assert.equal(r1.json().tasks.length, 1);
      const link = String(r1.headers.link);
      assert.match(link, /rel="next"/);
      assert.match(link, /rel="last"/);
      assert.doesNotMatch(link, /rel="prev"/);
      const next = /<([^>]+)>; rel="next"/.exec(link)![1];
      assert.ok(next.startsWith(sb.get().url), next);
      assert.match(next, /state=completed%2Cfailed%2Cin_progress/);
      const r2 = await sb.call('GET', next.slice(sb.get().url.length), { token: w.tokens.ana });
      const l2 = String(r2.headers.link);
      for (const rel of ['first', 'prev', 'next', 'last']) assert.match(l2, new RegExp(`rel="${rel}"`));
      const last = /<([^>]+)>; rel="last"/.exec(l2)![1];
      const r3 = await sb.call('GET', last.slice(sb.get().url.length), { token: w.tokens.ana });
      assert.doesNotMatch(String(r3.headers.link), /rel="next"/);
      const seen = [...r1.json().tasks, ...r2.json().tasks, ...r3.json().tasks].map(t => t.id);
      assert.deepEqual(seen, [w.t.old, w.t.fresh, w.t.mid]);
    });
    it('Link follows the Host the client used', async () => {
      const r = await sb.call('GET', `${REPO_TASKS}?per_page=1`, {
        token: w.tokens.ana,
        headers: { host: `localhost:${sb.get().port}` },
      });
      assert.match(String(r.headers.link), new RegExp(`^<http://localhost:${sb.get().port}/`));
      assert.ok(r.json().tasks[0].url.startsWith(`http://localhost:${sb.get().port}/`));
    });
    it('per_page above 100 is clamped to 100; a page past the end is empty', async () => {
      const r = await sb.call('GET', `${REPO_TASKS}?per_page=1000`, { token: w.tokens.ana });
      assert.equal(r.status, 200);
      assert.equal(r.headers.link, undefined);
      assert.deepEqual(await ids('?page=9'), []);
    });
    it('no Link header on a single page', async () => {
      const r = await sb.call('GET', REPO_TASKS, { token: w.tokens.ana });
      assert.equal(r.headers.link, undefined);
    });

    const bad: Array<[string, string]> = [
      ['per_page=0', 'per_page'],
      ['per_page=-1', 'per_page'],
      ['per_page=abc', 'per_page'],
      ['per_page=1.5', 'per_page'],
      ['page=0', 'page'],
      ['page=99999999999999999999', 'page'],
      ['sort=name', 'sort'],
      ['direction=up', 'direction'],
      ['state=done', 'state'],
      ['state=', 'state'],
      ['state=queued,', 'state'],
      ['is_archived=yes', 'is_archived'],
      ['since=yesterday', 'since'],
      ['since=2026-02-31', 'since'],
      ['creator_id=abc', 'creator_id'],
      ['creator_id=1&creator_id=-2', 'creator_id'],
    ];
    for (const [q, field] of bad) {
      it(`422 for ${q}`, async () => {
        const r = await sb.call('GET', `${REPO_TASKS}?${q}`, { token: w.tokens.ana });
        assert.equal(r.status, 422);
        assert.ok(r.json().errors.some((e: { field: string }) => e.field === field));
      });
    }
    it("the user's list refuses bad values too, and ignores creator_id and unknown keys", async () => {
      assert.equal((await sb.call('GET', '/agents/tasks?direction=sideways', { token: w.tokens.ana })).status, 422);
      assert.equal((await sb.call('GET', '/agents/tasks?creator_id=abc&foo=bar', { token: w.tokens.ana })).status, 200);
    });
  });
});
