// Which proxy VS Code's settings and the environment name for an address (for the words of a failure, and for the
// requests VS Code's own fetch cannot make), and which loopback forms VS Code's fetch would send to a proxy.
import assert from 'node:assert/strict';
import {
  loopbackVSCodeWouldProxy,
  proxyFor,
  shownProxy,
  type NetworkSettings,
} from '../../../src/env/node/proxyChoice';

const base: NetworkSettings = { proxy: '', noProxy: [], strictSSL: true, env: {} };
const at = (u: string, s: Partial<NetworkSettings>): string | undefined => proxyFor(new URL(u), { ...base, ...s });

describe('proxy choice (VS Code settings, then the environment)', () => {
  it('http.proxy first, then HTTPS_PROXY, then HTTP_PROXY; none for loopback', () => {
    assert.equal(at('https://api.example.com', { proxy: 'http://u:p@proxy:3128' }), 'http://u:p@proxy:3128');
    assert.equal(at('https://api.example.com', { env: { HTTPS_PROXY: 'proxy:8080' } }), 'http://proxy:8080');
    assert.equal(
      at('https://api.example.com', { proxy: 'http://set:1', env: { HTTPS_PROXY: 'http://env:2' } }),
      'http://set:1',
    );
    assert.equal(at('https://api.example.com', { env: { http_proxy: 'http://low:3' } }), 'http://low:3');
    for (const loop of ['http://127.0.0.1:9', 'http://localhost:9', 'http://[::1]:9', 'http://127.0.0.2:9'])
      assert.equal(at(loop, { proxy: 'http://proxy:3128' }), undefined, loop);
  });

  it('http.noProxy, or NO_PROXY when it is empty, sends an address directly', () => {
    const s = { proxy: 'http://proxy:3128' };
    assert.equal(at('https://api.corp.example', { ...s, noProxy: ['.corp.example'] }), undefined);
    assert.equal(at('https://corp.example', { ...s, noProxy: ['*.corp.example'] }), undefined);
    assert.equal(at('https://api.example.com', { ...s, noProxy: ['corp.example'] }), 'http://proxy:3128');
    assert.equal(at('https://api.corp.example', { ...s, env: { NO_PROXY: 'x.example, corp.example' } }), undefined);
    assert.equal(at('https://api.corp.example:8443', { ...s, noProxy: ['corp.example:443'] }), 'http://proxy:3128');
    assert.equal(at('https://api.corp.example', { ...s, noProxy: ['*'] }), undefined);
    // The setting wins over the environment, as in VS Code.
    assert.equal(
      at('https://api.corp.example', { ...s, noProxy: ['other.example'], env: { NO_PROXY: 'corp.example' } }),
      'http://proxy:3128',
    );
  });

  it('a proxy is shown by host and port only, never its login', () => {
    assert.equal(shownProxy('http://user:secret@proxy.corp:3128'), 'proxy.corp:3128');
    assert.equal(shownProxy('https://proxy.corp'), 'proxy.corp:443');
    assert.equal(shownProxy(undefined), undefined);
  });

  it('loopback forms VS Code’s fetch would hand to a proxy go around it', () => {
    for (const u of ['http://127.0.0.2:80', 'http://127.1.2.3:8080', 'http://[::ffff:7f00:2]:8080'])
      assert.ok(loopbackVSCodeWouldProxy(new URL(u)), u);
    // A port fetch refuses ("bad port"), on loopback: around fetch too.
    for (const u of ['http://127.0.0.1:9', 'http://localhost:6000', 'http://[::1]:10080'])
      assert.ok(loopbackVSCodeWouldProxy(new URL(u)), u);
    for (const u of ['http://127.0.0.1:8080', 'http://localhost:3000', 'http://[::1]', 'https://api.example.com:9'])
      assert.ok(!loopbackVSCodeWouldProxy(new URL(u)), u);
  });
});
