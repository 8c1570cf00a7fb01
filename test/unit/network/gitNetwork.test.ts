// A git fetch that fails on the way says it was git, and names git's own settings: real git (libcurl) against the
// sandbox's git over TLS, through the real proxy of the rig, each failure made for real.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import * as fs from 'node:fs';
import * as net from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import { fetchProblem } from '../../../src/changes/taskRefs';
import { gitNetworkProblem } from '../../../src/errors/gitNetwork';
import { GitError } from '../../../src/git/gitRunner';
import { LOGIN, startRig, type Rig } from './proxyRig';

describe("git behind the proxy: failures name git's own settings", function () {
  this.timeout(60_000);
  let rig: Rig;
  let home: string;
  before(async () => {
    rig = await startRig();
    home = fs.mkdtempSync(path.join(os.tmpdir(), 'agent-tasks-git-home-'));
  });
  after(async () => {
    await rig.close();
    fs.rmSync(home, { recursive: true, force: true });
  });

  /** `git ls-remote url` with only the given configuration (no user's, no system's, no proxy from the environment). */
  function lsRemote(url: string, config: Record<string, string>): Promise<{ ok: boolean; stderr: string }> {
    const env: NodeJS.ProcessEnv = {
      PATH: process.env.PATH,
      HOME: home,
      GIT_CONFIG_NOSYSTEM: '1',
      GIT_TERMINAL_PROMPT: '0',
    };
    const args = [...Object.entries(config).flatMap(([k, v]) => ['-c', `${k}=${v}`]), 'ls-remote', '--', url];
    return new Promise(resolve =>
      execFile('git', args, { env, timeout: 30_000 }, (err, _out, stderr) =>
        resolve({ ok: !err, stderr: String(stderr) }),
      ),
    );
  }

  const repo = (base: string): string => `${base}/acme/rocket.git`;

  it('through the proxy with its login and the root in http.sslCAInfo, git reaches the repository', async () => {
    const r = await lsRemote(repo(rig.serviceUrl), { 'http.proxy': rig.loginUri, 'http.sslCAInfo': rig.root.rootFile });
    assert.ok(r.ok, r.stderr);
  });

  it("a proxy that wants a login: git's, with git's http.proxy named", async () => {
    const r = await lsRemote(repo(rig.serviceUrl), {
      'http.proxy': rig.login.url,
      'http.sslCAInfo': rig.root.rootFile,
    });
    assert.ok(!r.ok);
    const p = gitNetworkProblem(r.stderr);
    assert.equal(p?.part, 'proxy_login', r.stderr);
    assert.match(p.why, /git's proxy wants a login \(407\)/);
    assert.match(p.todo, /git's http\.proxy/);
    assert.ok(!p.todo.includes(LOGIN.password));
    const row = fetchProblem(new GitError('fetch', r.stderr, 128), {
      head: 'h',
      base: 'b',
      remote: 'origin',
    });
    assert.match(row.why, /the fetch from origin failed: git's proxy wants a login/);
  });

  it("a proxy that cannot be reached: git's", async () => {
    const port = await closedPort();
    const r = await lsRemote(repo(rig.serviceUrl), { 'http.proxy': `http://127.0.0.1:${port}` });
    const p = gitNetworkProblem(r.stderr);
    assert.equal(p?.part, 'proxy_unreachable', r.stderr);
    assert.match(p.why, new RegExp(`git's proxy 127\\.0\\.0\\.1:${port} cannot be reached`));
    assert.match(p.todo, /git's http\.proxy/);
  });

  it("an untrusted certificate: git's, with git's http.sslCAInfo named", async () => {
    const r = await lsRemote(repo(`https://localhost:${rig.service.port}`), {
      'http.sslCAInfo': '/etc/ssl/certs/ca-certificates.crt',
    });
    const p = gitNetworkProblem(r.stderr);
    assert.equal(p?.part, 'certificate', r.stderr);
    assert.match(p.todo, /git's http\.sslCAInfo/);
  });

  it("a name only the proxy resolves, without git's proxy: says so and names git's http.proxy", async () => {
    const r = await lsRemote(repo(rig.serviceUrl), { 'http.sslCAInfo': rig.root.rootFile });
    const p = gitNetworkProblem(r.stderr);
    assert.equal(p?.part, 'name', r.stderr);
    assert.match(p.why, /tasks\.proxied\.test/);
    assert.match(p.todo, /git config --global http\.proxy/);
  });

  it('other refusals are left to the usual words', () => {
    assert.equal(gitNetworkProblem("fatal: couldn't find remote ref refs/heads/x"), undefined);
    assert.equal(gitNetworkProblem('remote: Permission to acme/rocket.git denied'), undefined);
  });
});

function closedPort(): Promise<number> {
  return new Promise(resolve => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}
