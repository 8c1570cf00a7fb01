// What a request that got no answer says, with real parts: a proxy that wants a login, one that cannot be reached, a
// certificate from a root trusted nowhere, a name nothing resolves, a closed port. Each through the client (undici's
// stack, as the extension uses where VS Code's cannot serve), then in the words the user reads.
import assert from 'node:assert/strict';
import * as net from 'node:net';
import { ApiClient, ApiError, type NetworkFault } from '../../../src/api';
import { createNodeFetch, type NodeFetchOptions } from '../../../src/api/nodeFetch';
import { DEMO_TOKENS } from '../../../src/sandbox';
import { explain } from '../../../src/errors/userErrors';
import { checkAddress } from '../../../src/service/addressCheck';
import { rejection } from '../api/scripted';
import { LOGIN, SERVICE, startRig, type Rig } from './proxyRig';

describe('network failures say which part failed and what to set', function () {
  this.timeout(30_000);
  let rig: Rig;
  const stacks: Array<{ close(): Promise<void> }> = [];
  before(async () => {
    rig = await startRig();
  });
  after(async () => {
    await Promise.all(stacks.map(s => s.close()));
    await rig.close();
  });

  function client(baseUrl: string, stack: NodeFetchOptions, proxy?: string): ApiClient {
    const own = createNodeFetch(stack);
    stacks.push(own);
    return new ApiClient({
      baseUrl,
      token: DEMO_TOKENS.fineGrained,
      retries: 0,
      timeoutMs: 10_000,
      fetch: own.fetch,
      ...(proxy ? { proxyFor: () => proxy } : {}),
    });
  }

  async function failureOf(c: ApiClient): Promise<ApiError & { network?: NetworkFault }> {
    const e = await rejection(c.listTasks({ per_page: 1 }));
    assert.ok(e instanceof ApiError, String(e));
    assert.equal(e.status, 0);
    assert.equal(e.kind, 'network');
    return e;
  }

  function neverSays(text: string): void {
    assert.ok(!text.includes(LOGIN.password), 'no proxy password');
    assert.ok(!text.includes(DEMO_TOKENS.fineGrained), 'no token');
  }

  it('through the proxy with its login, the service answers (the name resolves only there)', async () => {
    const c = client(rig.serviceUrl, { proxy: { uri: rig.loginUri }, tls: { ca: rig.root.rootPem } });
    const list = await c.listTasks({ per_page: 1 });
    assert.ok(list.tasks.length > 0);
    assert.ok(rig.login.seen.some(s => s.method === 'CONNECT' && s.target.startsWith(SERVICE) && s.authorized));
  });

  it('a proxy that wants a login (407) says so, names the proxy and the settings, never the password', async () => {
    const shown = `127.0.0.1:${rig.login.port}`;
    const c = client(rig.serviceUrl, { proxy: { uri: rig.login.url }, tls: { ca: rig.root.rootPem } }, shown);
    const e = await failureOf(c);
    assert.equal(e.network?.part, 'proxy_login');
    assert.equal(e.network?.proxyStatus, 407);
    const said = explain(e, { address: rig.serviceUrl });
    assert.match(said.text, new RegExp(`proxy ${shown.replace(/\./g, '\\.')} wants a login \\(407`));
    assert.match(said.text, /"http\.proxy" \(http:\/\/user:password@host:port\)/);
    assert.match(said.text, /http\.proxyAuthorization/);
    assert.equal(said.remedy, 'networkSettings');
    assert.equal(said.setting, 'http.proxy');
    neverSays(said.text);
  });

  it('a wrong login is a 407 too', async () => {
    const wrong = rig.loginUri.replace(LOGIN.password, 'not-the-password');
    const e = await failureOf(client(rig.serviceUrl, { proxy: { uri: wrong }, tls: { ca: rig.root.rootPem } }));
    assert.equal(e.network?.part, 'proxy_login');
    assert.ok(!JSON.stringify(e.toJSON()).includes('not-the-password'));
  });

  it('a proxy that cannot be reached is named, not the service', async () => {
    const port = await closedPort();
    const e = await failureOf(client(rig.serviceUrl, { proxy: { uri: `http://127.0.0.1:${port}` } }));
    assert.equal(e.network?.part, 'proxy_unreachable');
    assert.equal(e.network?.proxy, `127.0.0.1:${port}`);
    const said = explain(e, { address: rig.serviceUrl }).text;
    assert.match(said, new RegExp(`The proxy 127\\.0\\.0\\.1:${port} cannot be reached \\(ECONNREFUSED\\)`));
    assert.match(said, /"http\.proxy"/);
    assert.match(said, /HTTPS_PROXY/);
  });

  it('a name that does not resolve says so and names the proxy setting', async () => {
    // Around the proxy: only the proxy knows the service's name.
    const e = await failureOf(client(rig.serviceUrl, { tls: { ca: rig.root.rootPem } }));
    assert.equal(e.network?.part, 'name');
    assert.equal(e.network?.host, SERVICE);
    const said = explain(e, { address: rig.serviceUrl });
    assert.match(said.text, new RegExp(`The name ${SERVICE.replace(/\./g, '\\.')} does not resolve`));
    assert.match(said.text, /"http\.proxy"/);
  });

  it('a certificate from a root trusted nowhere names its issuer and where to add the root', async () => {
    // The sandbox also answers at localhost, with the same certificate; nothing here trusts its root.
    const e = await failureOf(client(`https://localhost:${rig.service.port}`, {}));
    assert.equal(e.network?.part, 'certificate');
    assert.equal(e.network?.issuer, 'Agent Tasks Test Root, Agent Tasks tests');
    const said = explain(e, { address: `https://localhost:${rig.service.port}` });
    assert.match(said.text, /issued by “Agent Tasks Test Root, Agent Tasks tests”/);
    assert.match(said.text, /system’s certificate store/);
    assert.match(said.text, /"http\.systemCertificates"/);
    assert.match(said.text, /NODE_EXTRA_CA_CERTS/);
    assert.equal(said.setting, 'http.systemCertificates');
  });

  it('the same root, trusted, is taken', async () => {
    const c = client(`https://localhost:${rig.service.port}`, { tls: { ca: rig.root.rootPem } });
    assert.ok((await c.listTasks({ per_page: 1 })).tasks.length > 0);
  });

  it('a proxy that refuses the tunnel (it cannot reach the name) says what it answered', async () => {
    const c = client('https://nowhere.proxied.test', { proxy: { uri: rig.open.url } }, `127.0.0.1:${rig.open.port}`);
    const e = await failureOf(c);
    assert.equal(e.network?.part, 'proxy_refused');
    assert.equal(e.network?.proxyStatus, 404);
    assert.match(explain(e, {}).text, /refused to connect to the service \(it answered 404\)/);
  });

  it('a closed port of the service keeps the usual words', async () => {
    const port = await closedPort();
    const e = await failureOf(client(`http://127.0.0.1:${port}`, {}));
    assert.equal(e.network?.part, 'service_unreachable');
    assert.match(explain(e, { address: `http://127.0.0.1:${port}` }).text, /cannot be reached/);
  });

  it('Set Service Address… says the same', async () => {
    const c = (read: (client: ApiClient) => Promise<unknown>) =>
      read(client(rig.serviceUrl, { proxy: { uri: rig.login.url }, tls: { ca: rig.root.rootPem } }));
    const found = await checkAddress(rig.serviceUrl, c);
    assert.equal(found.kind, 'unreachable');
    assert.match(found.text, /is not reachable\. The proxy wants a login \(407/);
  });

  it('a lasting fault is not retried', async () => {
    const own = createNodeFetch({ proxy: { uri: rig.login.url } });
    stacks.push(own);
    const before = rig.login.seen.length;
    const c = new ApiClient({ baseUrl: rig.serviceUrl, retries: 2, fetch: own.fetch });
    await rejection(c.listTasks());
    assert.equal(rig.login.seen.length - before, 1, 'one tunnel asked for, not three');
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
