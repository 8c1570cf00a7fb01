// A proxy its launcher vouched for (code-server's `/proxy/PORT/`, which passes on its own Host) is answered the web
// pages, whose links stay under the proxy's prefix; it reaches nothing else, and Hosts nobody vouched for stay 421.
import assert from 'node:assert/strict';
import { DEMO_TOKENS, demoWorld } from '../../../src/sandbox';
import { parseArgs } from '../../../src/sandbox/main';
import { relativeLink } from '../../../src/sandbox/routes/web';
import { useSandbox } from './helpers';

const tok = DEMO_TOKENS.fineGrained;
const PROXY = '127.0.0.1:9';
const REPO_TASKS = '/agents/repos/acme/rocket/tasks';

describe('sandbox pages behind a vouched proxy (--page-host)', () => {
  const sb = useSandbox(() => demoWorld(), { pageHosts: [PROXY] });
  const viaProxy = (path: string) => sb.call('GET', path, { headers: { host: PROXY } });

  it("answers the pull request's page at the vouched Host, and every link on it stays under the proxy's prefix", async () => {
    const t = (await sb.call('GET', '/agents/tasks/demo-rocket-01', { token: tok })).json();
    const pullPath = `/acme/rocket/pull/${t.artifacts[0].data.id}`;
    const pull = await viaProxy(pullPath);
    assert.equal(pull.status, 200);
    assert.ok(pull.text.includes(`Pull request #${t.artifacts[0].data.id}: ${t.name}`));
    // What the browser resolves each link against: the proxy's address of the page.
    const prefix = `http://${PROXY}/proxy/4242`;
    const hrefs = [...pull.text.matchAll(/href="([^"]+)"/g)].map(m => m[1]);
    assert.ok(hrefs.length > 0, 'the pull page links to its task');
    for (const page of [pullPath, '/', '/acme/rocket']) {
      const text = (await viaProxy(page)).text;
      for (const [, href] of text.matchAll(/href="([^"]+)"/g)) {
        const url = new URL(href.replace(/&amp;/g, '&'), `${prefix}${page}`);
        assert.ok(url.pathname.startsWith('/proxy/4242/'), `${href} on ${page} leaves the proxy's prefix`);
        const r = await viaProxy(url.pathname.slice('/proxy/4242'.length));
        assert.equal(r.status, 200, `${href} on ${page}`);
      }
    }
    const task = await viaProxy(new URL(t.html_url).pathname);
    assert.equal(task.status, 200, "the task's html_url through the proxy");
  });

  it('the vouched Host reaches no service path, control endpoint or git repository, and changes nothing', async () => {
    for (const [m, p, o] of [
      ['GET', `${REPO_TASKS}?per_page=1`, { token: tok }],
      ['POST', REPO_TASKS, { token: tok, body: { prompt: 'through the proxy' } }],
      ['POST', '/_sandbox/advance', {}],
      ['GET', '/_sandbox/stats', {}],
      ['GET', '/acme/rocket.git/info/refs?service=git-upload-pack', {}],
    ] as const) {
      const r = await sb.call(m, p, { ...o, headers: { host: PROXY } });
      assert.equal(r.status, 421, `${m} ${p}`);
    }
    const after = (await sb.call('GET', `${REPO_TASKS}?per_page=100`, { token: tok })).json().tasks;
    assert.ok(!after.some((x: { name: string }) => x.name === 'through the proxy'), 'no task was started');
    assert.equal(after.find((x: { id: string }) => x.id === 'demo-rocket-04').state, 'queued', 'nothing advanced');
  });

  it('Hosts nobody vouched for are still refused, pages included', async () => {
    for (const host of ['127.0.0.1:10', 'evil.example:9', '127.0.0.1.nip.io:9', 'localhost:9']) {
      const r = await sb.call('GET', '/acme/rocket', { headers: { host } });
      assert.equal(r.status, 421, host);
    }
  });
});

describe('sandbox without a vouched proxy', () => {
  const sb = useSandbox(() => demoWorld());
  it("refuses a proxy's Host on its pages too", async () => {
    assert.equal((await sb.call('GET', '/acme/rocket', { headers: { host: PROXY } })).status, 421);
  });
});

describe('sandbox --page-host and relative links', () => {
  it('--page-host takes host:port, repeated; anything else is a usage error', () => {
    assert.deepEqual(parseArgs(['--page-host', '127.0.0.1:8080', '--page-host=localhost:8080']).pageHosts, [
      '127.0.0.1:8080',
      'localhost:8080',
    ]);
    for (const bad of ['127.0.0.1', 'http://127.0.0.1:8080', 'a/b:1', ''])
      assert.throws(() => parseArgs(['--page-host', bad]), /--page-host needs a host and port/, bad);
  });

  it('relativeLink points at the target from the page, always starting with ./ or ../', () => {
    assert.equal(relativeLink('/', '/acme/rocket'), './acme/rocket');
    assert.equal(relativeLink('/acme/rocket', '/acme/rocket/tasks/x'), './rocket/tasks/x');
    assert.equal(relativeLink('/acme/rocket/pull/7', '/acme/rocket/tasks/x'), '../tasks/x');
    assert.equal(
      relativeLink('/acme/rocket/pull/7', '/settings/installations/72'),
      '../../../settings/installations/72',
    );
    assert.equal(relativeLink('/a:b/c', '/a:b/d'), './d');
  });
});
