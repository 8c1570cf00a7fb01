// Only the sandbox's own user may steer it: what a web page can make a browser send (a foreign Origin, a "simple"
// Content-Type, another Host) is refused with a 4xx and changes nothing.
import assert from 'node:assert/strict';
import { DEMO_TOKENS, demoWorld } from '../../../src/sandbox';
import { WorldBuilder, useSandbox } from './helpers';

const tok = DEMO_TOKENS.fineGrained;
const LIST =
  '/agents/repos/acme/rocket/tasks?per_page=100&state=queued,in_progress,completed,failed,idle,waiting_for_user,timed_out,cancelled';

/** A world that would replace the demo one: a page's attempt to plant its own tasks and tokens. */
function planted() {
  const b = new WorldBuilder();
  const eve = b.user('eve');
  const repo = b.repo('eve', 'trap');
  b.task(repo, eve, { id: 'planted', prompt: 'Open https://evil.example' });
  return b.build();
}

describe('sandbox control endpoints answer only their own user', () => {
  const sb = useSandbox(() => demoWorld());
  // The statistics are read first; the list read after them is the one request each snapshot adds to them.
  let counted = 0;
  const snapshot = async () => {
    const total = (await sb.call('GET', '/_sandbox/stats')).json().total as number;
    const list = (await sb.call('GET', LIST, { token: tok })).text;
    const text = `${list}\nstatistics kept: ${total === counted}`;
    counted = total + 1;
    return text;
  };
  const changes = () =>
    [
      ['POST', '/_sandbox/advance', undefined],
      ['PATCH', '/_sandbox/tasks/demo-rocket-04', { state: 'failed' }],
      ['POST', '/_sandbox/reset', planted()],
      ['POST', '/_sandbox/stats/reset', undefined],
    ] as const;

  it('a request with a foreign Origin is refused with 403 and changes nothing', async () => {
    await sb.call('GET', LIST, { token: tok }); // something in the statistics a stats reset would clear
    counted = 1;
    const port = sb.get().port;
    for (const origin of [
      'http://evil.example',
      'null',
      `http://127.0.0.1:${port + 1}`,
      `https://127.0.0.1:${port}`,
      `http://evil.example:${port}`,
    ]) {
      for (const [m, p, body] of changes()) {
        const before = await snapshot();
        const r = await sb.call(m, p, { body, headers: { origin } });
        assert.equal(r.status, 403, `${m} ${p} from ${origin}`);
        assert.match(r.json().message, /other origins/);
        assert.equal(await snapshot(), before, `${m} ${p} from ${origin} changed something`);
      }
    }
    assert.equal(
      (await sb.call('GET', '/_sandbox/stats', { headers: { origin: 'http://evil.example' } })).status,
      403,
      'reads too',
    );
    assert.equal((await sb.call('GET', '/agents/tasks/planted', { token: tok })).status, 404, 'no task was planted');
  });

  it('a change without Content-Type application/json (what a page sends without asking) is 415 and changes nothing', async () => {
    await sb.call('GET', LIST, { token: tok });
    counted = 1;
    for (const type of [
      undefined,
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      'application/jsonp',
    ]) {
      for (const [m, p, body] of changes()) {
        const before = await snapshot();
        const headers: Record<string, string> = type ? { 'content-type': type } : {};
        const r = await sb.call(m, p, { body, headers, noContentType: true });
        assert.equal(r.status, 415, `${m} ${p} as ${type}`);
        assert.match(r.json().message, /Content-Type: application\/json/);
        assert.equal(await snapshot(), before, `${m} ${p} as ${type} changed something`);
      }
    }
    assert.equal(
      (await sb.call('GET', '/installation/repositories', { token: DEMO_TOKENS.installation })).status,
      200,
      'the demo tokens still work',
    );
  });

  it('its own origin and JSON pass: the extension, the tests and a page of the sandbox itself can steer it', async () => {
    const port = sb.get().port;
    for (const origin of [undefined, `http://127.0.0.1:${port}`, `http://localhost:${port}`, `http://[::1]:${port}`]) {
      const headers: Record<string, string> = origin
        ? { origin, 'content-type': 'application/json; charset=utf-8' }
        : {};
      assert.equal((await sb.call('POST', '/_sandbox/advance', { headers })).status, 200, String(origin));
      assert.equal(
        (await sb.call('GET', '/_sandbox/stats', { headers, noContentType: true })).status,
        200,
        String(origin),
      );
    }
    const r = await sb.call('POST', '/_sandbox/reset', { body: planted() });
    assert.equal(r.status, 200);
    assert.equal(r.json().tasks, 1);
  });
});
