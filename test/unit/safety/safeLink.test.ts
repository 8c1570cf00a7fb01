// Only web pages are opened: https anywhere, plain http only on this machine for a service on it. A refusal shows
// the address as text that no notification turns into a link.
import * as assert from 'node:assert/strict';
import { checkOpenable } from '../../../src/safety/safeLink';
import { ODD_ADDRESSES } from '../../support/hostile';

const REMOTE = 'https://api.example.com';
const LOCAL = 'http://127.0.0.1:4567';
const MESSAGE_LINK = /\[[^\]]+\]\((?:https?:\/\/|command:|file:)/i;

describe('safety/safeLink', () => {
  it('opens https addresses, normalised', () => {
    assert.deepEqual(checkOpenable('https://example.com/acme/rocket/tasks/t1', REMOTE), {
      ok: true,
      url: 'https://example.com/acme/rocket/tasks/t1',
    });
    assert.deepEqual(checkOpenable('  HTTPS://Example.COM/a b', REMOTE), {
      ok: true,
      url: 'https://example.com/a%20b',
    });
  });

  it('refuses every other scheme, and http off this machine, for a remote and a local service alike', () => {
    for (const service of [REMOTE, LOCAL, '']) {
      for (const address of ODD_ADDRESSES) {
        const r = checkOpenable(address, service);
        assert.equal(r.ok, false, `${address} for ${service}`);
      }
    }
  });

  it('opens plain http on this machine only when the service is on it too', () => {
    for (const address of ['http://127.0.0.1:4567/acme/rocket/tasks/t1', 'http://localhost:9/x', 'http://[::1]:9/x']) {
      assert.equal(checkOpenable(address, LOCAL).ok, true, address);
      assert.equal(checkOpenable(address, 'http://localhost:1').ok, true, address);
      assert.equal(checkOpenable(address, REMOTE).ok, false, address);
    }
    assert.equal(checkOpenable('http://10.0.0.1/x', LOCAL).ok, false);
  });

  it('says why, showing the address as text that cannot become a link', () => {
    const r = checkOpenable('[Review](command:workbench.action.terminal.new)', REMOTE);
    assert.equal(r.ok, false);
    if (r.ok) return;
    assert.match(r.reason, /^Not opened: “.*Review.*” is not a web address\.$/);
    assert.doesNotMatch(r.reason, MESSAGE_LINK);
    const js = checkOpenable('javascript:alert(1)', REMOTE);
    assert.ok(!js.ok && /is not an https address/.test(js.reason));
    const creds = checkOpenable('https://service.example@evil.example/task', REMOTE);
    assert.ok(!creds.ok && /user name or password/.test(creds.reason));
    const none = checkOpenable(undefined, REMOTE);
    assert.ok(!none.ok && /gave no address/.test(none.reason));
  });
});
