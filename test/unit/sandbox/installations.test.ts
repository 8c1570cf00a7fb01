import assert from 'node:assert/strict';
import { ACCOUNT_FIELDS, installationsWorld, checkRepo, INSTALLATION_FIELDS } from './installations.world';
import { WITH_OFFSET, useSandbox } from './helpers';

describe('sandbox installations', () => {
  const w = installationsWorld();
  const sb = useSandbox(() => w.world);
  const repoIds = (r: { json(): { repositories: Array<{ id: number }> } }): number[] =>
    r.json().repositories.map(x => x.id);

  describe("the installation token's repositories", () => {
    it("lists the calling installation's repositories with custom_properties and no permissions", async () => {
      const r = await sb.call('GET', '/installation/repositories', { token: w.tokens.inst });
      assert.equal(r.status, 200);
      const body = r.json();
      assert.equal(body.total_count, 2);
      assert.deepEqual(repoIds(r), [w.repos.svc, w.repos.web]);
      for (const repo of body.repositories) {
        checkRepo(repo);
        assert.deepEqual(repo.custom_properties, {});
        assert.ok(!('permissions' in repo));
      }
    });
    it('an `all` installation covers every repository of its account', async () => {
      const r = await sb.call('GET', '/installation/repositories', { token: w.tokens.instAll });
      assert.deepEqual(repoIds(r), [w.repos.svc, w.repos.web, w.repos.ops, w.repos.extra]);
    });
    it('without a token lists only public repositories; other kinds of token are 403', async () => {
      const r = await sb.call('GET', '/installation/repositories');
      assert.equal(r.status, 200);
      assert.deepEqual(repoIds(r), [w.repos.web]);
      assert.equal((await sb.call('GET', '/installation/repositories', { token: w.tokens.anaFg })).status, 403);
      assert.equal((await sb.call('GET', '/installation/repositories', { token: 'unknown' })).status, 401);
    });
    it('paginates with total_count of all', async () => {
      const r = await sb.call('GET', '/installation/repositories?per_page=1&page=2', { token: w.tokens.instAll });
      assert.equal(r.json().total_count, 4);
      assert.deepEqual(repoIds(r), [w.repos.web]);
      assert.match(String(r.headers.link), /rel="prev".*rel="next".*rel="last".*rel="first"/);
    });
  });

  describe('revoking the installation token', () => {
    it('revokes exactly the token that called it', async () => {
      const r = await sb.call('DELETE', '/installation/token', { token: w.tokens.inst });
      assert.equal(r.status, 204);
      assert.equal(r.text, '');
      assert.equal((await sb.call('GET', '/installation/repositories', { token: w.tokens.inst })).status, 401);
      assert.equal((await sb.call('DELETE', '/installation/token', { token: w.tokens.inst })).status, 401);
      assert.equal((await sb.call('GET', '/installation/repositories', { token: w.tokens.inst2 })).status, 200);
      assert.equal((await sb.call('GET', '/installation/repositories', { token: w.tokens.instAll })).status, 200);
    });
    it('without a token is 401, with another kind of token 403 (nothing is revoked)', async () => {
      assert.equal((await sb.call('DELETE', '/installation/token')).status, 401);
      assert.equal((await sb.call('DELETE', '/installation/token', { token: w.tokens.anaFg })).status, 403);
      assert.equal((await sb.call('GET', '/user/installations', { token: w.tokens.anaFg })).status, 200);
    });
  });

  describe("the user's installations", () => {
    it('lists installations the user can reach, with every field and offset timestamps', async () => {
      const r = await sb.call('GET', '/user/installations', { token: w.tokens.anaApp });
      assert.equal(r.status, 200);
      const body = r.json();
      assert.deepEqual(
        body.installations.map((i: { id: number }) => i.id),
        [w.inst.sel, w.inst.all, w.inst.single],
      );
      assert.equal(body.total_count, 3);
      for (const i of body.installations) {
        for (const f of INSTALLATION_FIELDS) assert.ok(f in i, f);
        for (const f of ACCOUNT_FIELDS) assert.ok(f in i.account, `account.${f}`);
        assert.match(i.created_at, WITH_OFFSET);
        assert.match(i.updated_at, WITH_OFFSET);
        assert.equal(i.target_type, 'Organization');
        assert.equal(i.suspended_at, null);
      }
    });
    it('a user reaches an installation on their own account; other users do not see it', async () => {
      const cy = (await sb.call('GET', '/user/installations', { token: w.tokens.cyFg })).json();
      assert.deepEqual(
        cy.installations.map((i: { id: number }) => i.id),
        [w.inst.cyInst],
      );
      assert.equal(cy.installations[0].account.type, 'User');
    });
    it('needs a fine-grained token: classic and installation tokens are 403, none is 401', async () => {
      assert.equal((await sb.call('GET', '/user/installations', { token: w.tokens.anaClassic })).status, 403);
      assert.equal((await sb.call('GET', '/user/installations', { token: w.tokens.instAll })).status, 403);
      assert.equal((await sb.call('GET', '/user/installations')).status, 401);
    });
  });

  describe("an installation's repositories for a user", () => {
    it('lists the repositories the user has explicit access to, each with permissions and no custom_properties', async () => {
      const r = await sb.call('GET', `/user/installations/${w.inst.all}/repositories`, { token: w.tokens.boFg });
      assert.equal(r.status, 200);
      const body = r.json();
      assert.equal(body.total_count, 2);
      assert.deepEqual(
        body.repositories.map((x: { id: number; permissions: unknown }) => [x.id, x.permissions]),
        [
          [w.repos.svc, { admin: false, push: false, pull: true }],
          [w.repos.ops, { admin: true, push: true, pull: true }],
        ],
      );
      for (const repo of body.repositories) {
        checkRepo(repo);
        assert.ok(!('custom_properties' in repo));
      }
    });
    it('needs Metadata read (403); an unknown or unreachable installation is 404', async () => {
      assert.equal(
        (await sb.call('GET', `/user/installations/${w.inst.all}/repositories`, { token: w.tokens.anaFgNoMeta }))
          .status,
        403,
      );
      assert.equal(
        (await sb.call('GET', `/user/installations/${w.inst.all}/repositories`, { token: w.tokens.anaClassic })).status,
        403,
      );
      assert.equal(
        (await sb.call('GET', '/user/installations/999/repositories', { token: w.tokens.anaFg })).status,
        404,
      );
      assert.equal(
        (await sb.call('GET', '/user/installations/abc/repositories', { token: w.tokens.anaFg })).status,
        404,
      );
      assert.equal(
        (await sb.call('GET', `/user/installations/${w.inst.cyInst}/repositories`, { token: w.tokens.anaFg })).status,
        404,
      );
    });
  });

  describe('adding and removing a repository', () => {
    const path = (inst: number, repo: number): string => `/user/installations/${inst}/repositories/${repo}`;
    const selRepos = async (): Promise<number[]> =>
      repoIds(await sb.call('GET', '/installation/repositories', { token: w.tokens.inst }));

    it('adds a repository (204), and again changes nothing', async () => {
      const r = await sb.call('PUT', path(w.inst.sel, w.repos.extra), { token: w.tokens.anaClassic });
      assert.equal(r.status, 204);
      assert.equal(r.text, '');
      assert.deepEqual(await selRepos(), [w.repos.svc, w.repos.web, w.repos.extra]);
      assert.equal((await sb.call('PUT', path(w.inst.sel, w.repos.extra), { token: w.tokens.anaClassic })).status, 204);
      assert.deepEqual(await selRepos(), [w.repos.svc, w.repos.web, w.repos.extra]);
    });
    it('removes a repository (204)', async () => {
      assert.equal(
        (await sb.call('DELETE', path(w.inst.sel, w.repos.web), { token: w.tokens.anaClassic })).status,
        204,
      );
      assert.deepEqual(await selRepos(), [w.repos.svc]);
    });

    const refusals: Array<[string, 'PUT' | 'DELETE', () => [number, number, string | undefined], number]> = [
      ['a fine-grained token', 'PUT', () => [w.inst.sel, w.repos.extra, w.tokens.anaFg], 403],
      ['an app user token', 'DELETE', () => [w.inst.sel, w.repos.web, w.tokens.anaApp], 403],
      ['an installation token', 'DELETE', () => [w.inst.sel, w.repos.web, w.tokens.inst2], 403],
      ['a classic token without repo scope', 'PUT', () => [w.inst.sel, w.repos.extra, w.tokens.anaClassicNoScope], 403],
      ['no token', 'DELETE', () => [w.inst.sel, w.repos.web, undefined], 401],
      ['write but not admin access', 'PUT', () => [w.inst.sel, w.repos.ops, w.tokens.anaClassic], 403],
      ['read access only', 'DELETE', () => [w.inst.sel, w.repos.svc, w.tokens.boClassic], 403],
      ['an unknown installation', 'PUT', () => [999, w.repos.extra, w.tokens.anaClassic], 404],
      ['an installation the user cannot reach', 'PUT', () => [w.inst.cyInst, w.repos.own, w.tokens.anaClassic], 404],
      ['an unknown repository', 'PUT', () => [w.inst.sel, 1, w.tokens.anaClassic], 404],
      ['a repository of another account', 'PUT', () => [w.inst.sel, w.repos.only, w.tokens.anaClassic], 404],
      ['a repository not in the installation', 'DELETE', () => [w.inst.sel, w.repos.extra, w.tokens.anaClassic], 404],
      [
        'an installation covering all repositories',
        'DELETE',
        () => [w.inst.all, w.repos.svc, w.tokens.anaClassic],
        422,
      ],
      [
        'the last repository of the installation',
        'DELETE',
        () => [w.inst.single, w.repos.only, w.tokens.anaClassic],
        422,
      ],
    ];
    for (const [what, method, args, status] of refusals) {
      it(`${method} with ${what} → ${status}, and nothing changes`, async () => {
        const [inst, repo, token] = args();
        const before = await sb.call('GET', `/installation/repositories`, { token: w.tokens.instAll });
        const beforeSel = await selRepos();
        const beforeUser = (await sb.call('GET', '/user/installations', { token: w.tokens.anaFg })).text;
        const r = await sb.call(method, path(inst, repo), { token });
        assert.equal(r.status, status, r.text);
        const e = r.json();
        assert.equal(typeof e.message, 'string');
        assert.equal(typeof e.documentation_url, 'string');
        if (status === 422) assert.ok(Array.isArray(e.errors) && e.errors.length > 0);
        assert.equal(
          (await sb.call('GET', `/installation/repositories`, { token: w.tokens.instAll })).text,
          before.text,
        );
        assert.deepEqual(await selRepos(), beforeSel);
        assert.equal((await sb.call('GET', '/user/installations', { token: w.tokens.anaFg })).text, beforeUser);
        const single = await sb.call('GET', `/user/installations/${w.inst.single}/repositories`, {
          token: w.tokens.anaFg,
        });
        assert.deepEqual(repoIds(single), [w.repos.only]);
      });
    }
  });
});
