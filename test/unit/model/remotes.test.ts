import * as assert from 'node:assert/strict';
import { isLoopbackHost, parseRemoteUrl, remoteMatchesService } from '../../../src/model/remotes';
import { isLoopbackHost as isLoopbackHostOfApi } from '../../../src/api/guard';

describe('model/remotes', () => {
  const cases: Array<[string, { host: string; owner: string; repo: string } | undefined]> = [
    ['https://example.com/acme/rocket.git', { host: 'example.com', owner: 'acme', repo: 'rocket' }],
    ['https://example.com/acme/rocket', { host: 'example.com', owner: 'acme', repo: 'rocket' }],
    ['https://example.com/acme/rocket/', { host: 'example.com', owner: 'acme', repo: 'rocket' }],
    ['https://example.com/acme/rocket.git/', { host: 'example.com', owner: 'acme', repo: 'rocket' }],
    ['https://user:secret@Example.COM/acme/rocket.GIT', { host: 'example.com', owner: 'acme', repo: 'rocket' }],
    ['http://127.0.0.1:4567/acme/rocket.git', { host: '127.0.0.1', owner: 'acme', repo: 'rocket' }],
    ['ssh://git@example.com/acme/rocket.git', { host: 'example.com', owner: 'acme', repo: 'rocket' }],
    ['ssh://git@example.com:2222/acme/rocket.git', { host: 'example.com', owner: 'acme', repo: 'rocket' }],
    ['git+ssh://git@example.com/acme/rocket.git', { host: 'example.com', owner: 'acme', repo: 'rocket' }],
    ['git://example.com/acme/rocket', { host: 'example.com', owner: 'acme', repo: 'rocket' }],
    ['ssh://git@[::1]:2222/acme/rocket.git', { host: '::1', owner: 'acme', repo: 'rocket' }],
    ['git@example.com:acme/rocket.git', { host: 'example.com', owner: 'acme', repo: 'rocket' }],
    ['example.com:acme/rocket', { host: 'example.com', owner: 'acme', repo: 'rocket' }],
    ['org-123@ssh.example.com:acme/my.rocket.git', { host: 'ssh.example.com', owner: 'acme', repo: 'my.rocket' }],
    ['https://code.corp.example/scm/acme/rocket.git', { host: 'code.corp.example', owner: 'acme', repo: 'rocket' }],
    ['https://example.com/acme/rocket%20x.git', { host: 'example.com', owner: 'acme', repo: 'rocket x' }],
    ['  https://example.com/acme/rocket.git  ', { host: 'example.com', owner: 'acme', repo: 'rocket' }],
    ['', undefined],
    ['/home/me/repos/rocket', undefined],
    ['../rocket', undefined],
    ['C:\\repos\\rocket', undefined],
    ['file:///home/me/acme/rocket.git', undefined],
    ['https://example.com/rocket.git', undefined],
    ['https://example.com/', undefined],
    ['git@example.com:rocket.git', undefined],
    ['not a url', undefined],
    // Badly %-encoded: decodeURIComponent would throw, and repository detection with it.
    ['https://example.com/acme/rocket%E0%a4%A.git', undefined],
  ];
  for (const [input, want] of cases) {
    it(`parses ${JSON.stringify(input)}`, () => assert.deepEqual(parseRemoteUrl(input), want));
  }

  it('knows loopback hosts, by the same rule that decides where a token may go', () => {
    for (const h of ['localhost', '127.0.0.1', '127.1.2.3', '::1', '[::1]']) assert.ok(isLoopbackHost(h), h);
    // `*.localhost` is resolved by DNS like any name, so it is not taken for this machine (no token over http to it).
    for (const h of ['example.com', '10.0.0.1', '128.0.0.1', 'localhost.example.com', 'app.localhost'])
      assert.ok(!isLoopbackHost(h), h);
    assert.equal(isLoopbackHost, isLoopbackHostOfApi, 'one rule, not two');
  });

  it('matches the service host with a leading api. removed', () => {
    const r = parseRemoteUrl('git@example.com:acme/rocket.git')!;
    assert.ok(remoteMatchesService(r, 'https://api.example.com'));
    assert.ok(remoteMatchesService(r, 'https://api.example.com/'));
    assert.ok(!remoteMatchesService(r, 'https://api.other.com'));
    assert.ok(!remoteMatchesService(parseRemoteUrl('https://api.example.com/acme/rocket')!, 'https://example.org'));
  });

  it('matches an enterprise host with a path prefix', () => {
    const r = parseRemoteUrl('https://code.corp.example/acme/rocket.git')!;
    assert.ok(remoteMatchesService(r, 'https://code.corp.example/api/v3'));
    assert.ok(!remoteMatchesService(r, 'https://corp.example/api/v3'));
  });

  it('matches any loopback remote for a loopback service, whatever the port', () => {
    const r = parseRemoteUrl('http://127.0.0.1:4567/acme/rocket.git')!;
    assert.ok(remoteMatchesService(r, 'http://127.0.0.1:9999'));
    assert.ok(remoteMatchesService(r, 'http://localhost:1234'));
    assert.ok(!remoteMatchesService(parseRemoteUrl('https://example.com/acme/rocket')!, 'http://127.0.0.1:9999'));
    assert.ok(!remoteMatchesService(r, 'https://api.example.com'));
  });

  it('never matches a malformed service address', () => {
    assert.ok(!remoteMatchesService(parseRemoteUrl('https://example.com/a/b')!, 'not a url'));
  });
});
