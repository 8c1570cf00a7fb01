// The extension behind a proxy, in a real VS Code: one code-server per network configuration (a change of
// `http.proxy` reaches VS Code's fetch only in a new window), each running the small suite test/network against the
// same rig: the sandbox served over TLS at a name only the proxy resolves (tasks.proxied.test), with a certificate
// from a root this run makes; a second one whose root is trusted nowhere (tasks.untrusted.test); and two real proxies
// on loopback (the `proxy` package), one of which asks for a login.
//   node scripts/vscode/network-tests.mjs      (after `npm run build`; part of `npm run test:integration`)
// Env: NETWORK_CASES=name,name (a subset), TEST_TIMEOUT_MS (per configuration, default 180000), VERBOSE=1.
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { ROOT, makeRunDir, startCodeServer, launchBrowser } from './lib.mjs';
import { finisher, runSuitePage, suiteVerdict } from './host-suite.mjs';
import { ensureDemoRepo } from './demo.mjs';

const require = createRequire(import.meta.url);
const suite = path.join(ROOT, 'out', 'test', 'network', 'index.js');
if (!fs.existsSync(suite)) {
  console.error(`[network] ${suite} is missing: run \`npm run build\` first`);
  process.exit(2);
}
const { issueCertificates } = require('../../out/test/support/certificates.js');
const { startTestProxy } = require('../../out/test/support/testProxy.js');
const { startSandbox } = require('../../dist/sandbox.js');

const timeoutMs = Number(process.env.TEST_TIMEOUT_MS || 180_000);
const t0 = Date.now();
const since = () => `${((Date.now() - t0) / 1000).toFixed(1)} s`;
const runDir = makeRunDir('network');
const certs = path.join(runDir, 'certs');
const SERVICE = 'tasks.proxied.test';
const UNTRUSTED = 'tasks.untrusted.test';
const trusted = issueCertificates(certs, 'Agent Tasks Test Root', [SERVICE, 'localhost', '127.0.0.1']);
const untrusted = issueCertificates(certs, 'Untrusted Inspection Root', [UNTRUSTED]);
const quiet = { stepMs: 0, git: false };
const service = await startSandbox({ ...quiet, tls: trusted, names: [SERVICE] });
const other = await startSandbox({ ...quiet, tls: untrusted, names: [UNTRUSTED] });
const serviceUrl = `https://${SERVICE}:${service.port}`;
const names = { [SERVICE]: '127.0.0.1', [UNTRUSTED]: '127.0.0.1' };
const login = { user: 'proxy-user', password: 'proxy-pass-4471' };
const loginProxy = await startTestProxy({ names, login });
const openProxy = await startTestProxy({ names });
const withLogin = `http://${login.user}:${login.password}@127.0.0.1:${loginProxy.port}`;
// A trust store that holds only the system's usual roots: the test's root must come from where the case puts it.
const noCertDir = path.join(runDir, 'no-certs');
fs.mkdirSync(noCertDir, { recursive: true });
const systemBundle = '/etc/ssl/certs/ca-certificates.crt';
const plainStore = { SSL_CERT_DIR: noCertDir, SSL_CERT_FILE: systemBundle, NODE_EXTRA_CA_CERTS: undefined };

const CASES = [
  {
    name: 'http.proxy with a login, the root in the system store',
    proxy: loginProxy,
    login: true,
    settings: { 'http.proxy': withLogin },
    // The system's store as OpenSSL reads it (VS Code loads it for the extension host): the test's root only.
    env: { ...plainStore, SSL_CERT_FILE: trusted.rootFile },
    untrusted: { url: `https://${UNTRUSTED}:${other.port}`, root: untrusted.rootName },
  },
  {
    name: 'HTTPS_PROXY alone, the root in NODE_EXTRA_CA_CERTS',
    proxy: openProxy,
    login: false,
    settings: {},
    env: { ...plainStore, HTTPS_PROXY: openProxy.url, NODE_EXTRA_CA_CERTS: trusted.rootFile },
  },
  {
    name: 'http.proxy with http.proxyStrictSSL off, the root trusted nowhere',
    proxy: openProxy,
    login: false,
    settings: { 'http.proxy': openProxy.url, 'http.proxyStrictSSL': false },
    env: plainStore,
  },
];
const only = process.env.NETWORK_CASES?.split(',').map(s => s.trim());
const cases = only ? CASES.filter((c, i) => only.includes(String(i + 1)) || only.includes(c.name)) : CASES;

const browser = await launchBrowser(runDir);
const results = [];
let failed = 0;
const finish = finisher('network', runDir, async () => {
  await browser.close().catch(() => {});
  // Bounded: a server that would not close must not keep the run from ending.
  const closed = Promise.all([loginProxy.close(), openProxy.close(), service.close(), other.close()]);
  await Promise.race([closed, new Promise(resolve => setTimeout(resolve, 10_000).unref())]);
  for (const r of results) console.log(`[network] ${r}`);
  return failed || results.length === 0 ? 1 : 0;
});

for (const [i, c] of cases.entries()) {
  const dir = path.join(runDir, `case-${i + 1}`);
  fs.mkdirSync(dir, { recursive: true });
  const seenFile = path.join(dir, 'proxy-seen.jsonl');
  const seenBefore = c.proxy.seen.length;
  // Written aside and renamed over the file: the suite reads it at any moment, and a file rewritten in place is empty
  // between its truncation and its write.
  let written = '';
  const watch = setInterval(() => {
    const lines = c.proxy.seen.slice(seenBefore).map(s => JSON.stringify(s));
    const text = lines.length ? lines.join('\n') + '\n' : '';
    if (text === written && fs.existsSync(seenFile)) return;
    fs.writeFileSync(`${seenFile}.tmp`, text);
    fs.renameSync(`${seenFile}.tmp`, seenFile);
    written = text;
  }, 50);
  const resultFile = path.join(dir, 'result.txt');
  const folder = ensureDemoRepo(path.join(dir, 'rocket'), serviceUrl);
  const server = await startCodeServer({
    runDir: dir,
    folder,
    settings: { 'agentTasks.serviceUrl': serviceUrl, ...c.settings },
    env: {
      ...c.env,
      AGENT_TASKS_RESULT_FILE: resultFile,
      AGENT_TASKS_NETWORK: JSON.stringify({
        name: c.name,
        service: serviceUrl,
        untrusted: c.untrusted,
        seenFile,
        login: c.login,
      }),
    },
  });
  console.log(`[network] ${c.name}: VS Code ${server.url} (${since()})`);
  let page;
  const code = await new Promise(resolve => {
    runSuitePage({
      browser,
      server,
      prefix: 'network',
      folder,
      extensionDevelopmentPath: ROOT,
      extensionTestsPath: suite,
      timeoutMs,
      onExit: (exitCode, reason) => {
        const v = suiteVerdict(exitCode, reason, resultFile);
        results.push(`${c.name}: ${v.summary || 'no result'} (${v.why})`);
        resolve(v.code);
      },
    }).then(
      p => (page = p),
      () => resolve(1),
    );
  });
  await page?.close().catch(() => {});
  clearInterval(watch);
  server.stop();
  if (code !== 0) failed++;
}
await finish(failed ? 1 : 0, 'done');
