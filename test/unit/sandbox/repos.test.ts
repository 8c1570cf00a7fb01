// Beyond the specification: GET /repos/{owner}/{repo}, the family's read of one repository by owner and name, with
// the same token rules as the other reads and 404 for what the caller may not see.
import assert from 'node:assert/strict';
import { DEMO_TOKENS, demoWorld } from '../../../src/sandbox';
import { useSandbox } from './helpers';

describe('sandbox GET /repos/{owner}/{repo}', () => {
  const sb = useSandbox(() => demoWorld());
  const get = (path: string, token?: string, headers?: Record<string, string>) =>
    sb.call('GET', path, { token, headers });

  it("names a repository's ID by owner and name, case-insensitively, with the caller's permissions", async () => {
    const r = await get('/repos/ACME/Docs', DEMO_TOKENS.classic);
    assert.equal(r.status, 200, r.text);
    const repo = r.json();
    assert.deepEqual([repo.id, repo.full_name, repo.private], [5005, 'acme/docs', true]);
    assert.deepEqual(repo.permissions, { admin: true, push: true, pull: true });
    assert.equal(repo.url, `${sb.get().url}/repos/acme/docs`, 'its own url is this read');
    const etag = String(r.headers.etag);
    const again = await get('/repos/acme/docs', DEMO_TOKENS.classic, { 'if-none-match': etag });
    assert.equal(again.status, 304);
  });

  it('every token kind that reads: classic with repo, fine-grained with any permission, an installation it covers', async () => {
    for (const token of [
      DEMO_TOKENS.classic,
      DEMO_TOKENS.fineGrained,
      DEMO_TOKENS.fineGrainedRead,
      DEMO_TOKENS.appUser,
    ])
      assert.equal((await get('/repos/acme/docs', token)).status, 200, token);
    assert.equal((await get('/repos/acme/rocket', DEMO_TOKENS.installation)).status, 200, 'covered by installation 71');
    assert.equal((await get('/repos/acme/rocket', DEMO_TOKENS.installation)).json().permissions, undefined);
  });

  it('404 for what the caller may not see; public repositories for everyone', async () => {
    for (const [token, why] of [
      [undefined, 'no token'],
      [DEMO_TOKENS.classicNoScope, 'a classic token without the repo scope'],
      [DEMO_TOKENS.freePlan, 'lee has no access to acme/docs'],
      [DEMO_TOKENS.installation, 'installation 71 does not cover acme/docs'],
    ] as const) {
      const r = await get('/repos/acme/docs', token);
      assert.equal(r.status, 404, why);
      assert.equal(r.json().message, 'Not Found');
    }
    assert.equal((await get('/repos/acme/nothing', DEMO_TOKENS.classic)).status, 404);
    const pub = await get('/repos/acme/website');
    assert.equal(pub.status, 200);
    assert.equal(pub.json().permissions, undefined);
    assert.deepEqual((await get('/repos/acme/website', DEMO_TOKENS.freePlan)).json().permissions, {
      admin: false,
      push: false,
      pull: true,
    });
  });

  it('a bad token is 401, another method 404, a foreign version 400', async () => {
    assert.equal((await get('/repos/acme/docs', 'sbx_nothing')).status, 401);
    assert.equal((await sb.call('POST', '/repos/acme/docs', { token: DEMO_TOKENS.classic, body: {} })).status, 404);
    assert.equal(
      (await get('/repos/acme/docs', DEMO_TOKENS.classic, { 'x-vendor-api-version': '1999-01-01' })).status,
      400,
    );
  });
});
