import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { DEMO_TOKENS, demoWorld } from '../../../src/sandbox';
import { WorldBuilder, request, useSandbox } from './helpers';

describe('sandbox web pages and statistics', () => {
  const sb = useSandbox(() => demoWorld());
  const tok = DEMO_TOKENS.fineGrained;

  it("a task's html_url leads to a page with its state, sessions and artifacts", async () => {
    const t = (await sb.call('GET', '/agents/tasks/demo-rocket-01', { token: tok })).json();
    const page = await sb.call('GET', new URL(t.html_url).pathname);
    assert.equal(page.status, 200);
    assert.match(String(page.headers['content-type']), /^text\/html/);
    assert.ok(page.text.includes(t.name));
    assert.ok(page.text.includes('completed'));
    assert.ok(page.text.includes(t.sessions[0].id));
    assert.match(page.text, /pull #\d+/);
    assert.equal(
      (await sb.call('GET', '/acme/website/tasks/demo-rocket-01')).status,
      404,
      'the task of another repository',
    );
  });

  it('a pull artifact and its repository have pages too', async () => {
    const t = (await sb.call('GET', '/agents/tasks/demo-rocket-01', { token: tok })).json();
    const pull = await sb.call('GET', `/acme/rocket/pull/${t.artifacts[0].data.id}`);
    assert.equal(pull.status, 200);
    assert.ok(pull.text.includes(t.sessions[0].head_ref));
    assert.equal((await sb.call('GET', '/acme/rocket/pull/999999')).status, 404);
    const repo = await sb.call('GET', '/ACME/rocket');
    assert.equal(repo.status, 200);
    assert.ok(repo.text.includes('/acme/rocket/tasks/demo-rocket-01'));
    assert.equal((await sb.call('GET', '/acme/nothing')).status, 404);
  });

  it("a branch artifact's branch has a page, its name's slashes kept as path segments", async () => {
    const t = (await sb.call('GET', '/agents/tasks/demo-rocket-02', { token: tok })).json();
    assert.equal(t.artifacts[0].type, 'branch');
    const branch: string = t.artifacts[0].data.head_ref;
    assert.match(branch, /\//, 'an agent branch has a slash in its name');
    const page = await sb.call('GET', `/acme/rocket/tree/${branch.split('/').map(encodeURIComponent).join('/')}`);
    assert.equal(page.status, 200);
    assert.ok(page.text.includes(`Branch ${branch}`));
    assert.ok(page.text.includes(t.name));
    assert.equal((await sb.call('GET', `/acme/rocket/tree/${encodeURIComponent(branch)}`)).status, 200);
    assert.equal((await sb.call('GET', '/acme/rocket/tree/agent/nothing-here')).status, 404);
    assert.equal((await sb.call('GET', '/acme/rocket/tree/')).status, 404);
  });

  it('a web page never answers for a service path', async () => {
    const r = await sb.call('GET', '/installation/token', { token: DEMO_TOKENS.installation });
    assert.equal(r.status, 404);
    assert.equal(r.json().message, 'Not Found');
    assert.equal(
      (await sb.call('GET', '/installation/repositories', { token: DEMO_TOKENS.installation })).status,
      200,
      'the token was not revoked',
    );
  });

  it('installation html_urls lead to pages; the index links to tasks', async () => {
    const { installations } = (await sb.call('GET', '/user/installations', { token: tok })).json();
    assert.equal(installations.length, 3);
    for (const i of installations) {
      const page = await sb.call('GET', new URL(i.html_url).pathname);
      assert.equal(page.status, 200, i.html_url);
      assert.ok(page.text.includes(i.app_slug));
    }
    const index = await sb.call('GET', '/');
    assert.equal(index.status, 200);
    assert.ok(index.text.includes('/acme/rocket/tasks/demo-rocket-01'));
  });

  it('pages carry a strict Content-Security-Policy (only their own style, by hash) and nosniff; so do JSON answers', async () => {
    for (const p of ['/', '/acme/rocket', '/acme/rocket/tasks/demo-rocket-01', '/settings/installations/72']) {
      const page = await sb.call('GET', p);
      assert.equal(page.status, 200, p);
      const csp = String(page.headers['content-security-policy']);
      assert.match(csp, /(^|; )default-src 'none'(;|$)/, p);
      assert.doesNotMatch(csp, /unsafe-|script-src|\*/, p);
      const style = /<style>([\s\S]*?)<\/style>/.exec(page.text)![1];
      const hash = createHash('sha256').update(style, 'utf8').digest('base64');
      assert.ok(csp.includes(`style-src 'sha256-${hash}'`), `${p}: the page's own style is allowed by its hash`);
      assert.match(csp, /frame-ancestors 'none'/);
      assert.equal(page.headers['x-content-type-options'], 'nosniff', p);
    }
    const avatar = await sb.call('GET', '/_sandbox/avatars/900');
    assert.equal(avatar.headers['content-security-policy'], "default-src 'none'");
    for (const r of [await sb.call('GET', '/agents/tasks', { token: tok }), await sb.call('GET', '/nothing')]) {
      assert.equal(r.headers['x-content-type-options'], 'nosniff');
    }
  });

  it('escapes what users wrote', async () => {
    const b = new WorldBuilder();
    const ana = b.user('ana');
    const repo = b.repo('ana', 'svc');
    b.task(repo, ana, { id: 'x1', prompt: '<script>alert(1)</script>' });
    await sb.call('POST', '/_sandbox/reset', { body: b.build() });
    const page = await sb.call('GET', '/ana/svc/tasks/x1');
    assert.ok(!page.text.includes('<script>'));
    assert.ok(page.text.includes('&lt;script&gt;'));
  });

  it('statistics count requests per route and status, not the control endpoints; reset zeroes them', async () => {
    await sb.call('GET', '/agents/repos/acme/rocket/tasks', { token: tok });
    await sb.call('GET', '/agents/repos/acme/infra/tasks', { token: tok });
    await sb.call('GET', '/agents/tasks/nope', { token: tok });
    await sb.call('GET', '/nowhere');
    await sb.call('POST', '/_sandbox/advance');
    const s = (await sb.call('GET', '/_sandbox/stats')).json();
    assert.deepEqual(s, {
      total: 4,
      not_modified: 0,
      internal_errors: 0,
      by_route: { 'GET /agents/repos/{owner}/{repo}/tasks': 2, 'GET /agents/tasks/{task_id}': 1, 'GET (unmatched)': 1 },
      by_status: { 200: 2, 404: 2 },
    });
    await sb.call('POST', '/_sandbox/stats/reset');
    assert.equal((await sb.call('GET', '/_sandbox/stats')).json().total, 0);
  });

  it('the Location of a started task is its url, readable at once', async () => {
    const r = await sb.call('POST', '/agents/repos/acme/rocket/tasks', { token: tok, body: { prompt: 'x' } });
    const loc = String(r.headers.location);
    const again = await request(sb.get().url, 'GET', new URL(loc).pathname, { token: tok });
    assert.equal(again.status, 200);
    assert.equal(again.json().id, r.json().id);
  });
});
