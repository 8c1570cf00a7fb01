// Runs the mocha suite test/integration (compiled to out/test/integration) inside a real VS Code's extension host,
// against the sandbox, and exits with the suite's status.
//   node scripts/vscode/run-tests.mjs            (npm run test:integration builds first)
// Env: AGENT_TASKS_TEST_GREP (mocha --grep inside the host), TEST_TIMEOUT_MS (default 600000), VERBOSE=1.
import fs from 'node:fs';
import path from 'node:path';
import {
  ROOT,
  ARTIFACTS,
  makeRunDir,
  startCodeServer,
  launchBrowser,
  workbenchUrl,
  exposeAutomationHooks,
  watchPage,
  userSettingsFile,
  WORKBENCH_NOISE,
} from './lib.mjs';
import { startSandbox, ensureDemoRepo } from './demo.mjs';
import { scanRunDir, describeScan } from '../scan-tokens.mjs';

const testsIndex = path.join(ROOT, 'out', 'test', 'integration', 'index.js');
if (!fs.existsSync(testsIndex)) {
  console.error(`[integration] ${testsIndex} is missing: run \`npm run build\` first`);
  process.exit(2);
}
const timeoutMs = Number(process.env.TEST_TIMEOUT_MS || 600_000);
const t0 = Date.now();
const since = () => `${((Date.now() - t0) / 1000).toFixed(1)} s`;

const runDir = makeRunDir('tests');
const resultFile = path.join(runDir, 'result.txt');
const sandbox = await startSandbox({ stepMs: 0, logFile: path.join(runDir, 'sandbox.log') });
const folder = ensureDemoRepo(path.join(runDir, 'rocket'), sandbox.url);
const server = await startCodeServer({
  runDir,
  folder,
  settings: { 'agentTasks.serviceUrl': sandbox.url },
  env: {
    AGENT_TASKS_SANDBOX_URL: sandbox.url,
    AGENT_TASKS_RESULT_FILE: resultFile,
    AGENT_TASKS_USER_SETTINGS: userSettingsFile(runDir),
    ...(process.env.AGENT_TASKS_TEST_GREP ? { AGENT_TASKS_TEST_GREP: process.env.AGENT_TASKS_TEST_GREP } : {}),
  },
});
console.log(`[integration] sandbox ${sandbox.url}, VS Code ${server.url}, run folder ${runDir} (${since()})`);
const browser = await launchBrowser(runDir);

let finished = false;
async function finish(code, why) {
  if (finished) return;
  finished = true;
  const summary = fs.existsSync(resultFile) ? fs.readFileSync(resultFile, 'utf8').trim() : '';
  // The exit code alone is not trusted: a suite that loaded no tests, or died before reporting, also fails.
  const m = /^(\d+) passed, (\d+) failed$/.exec(summary);
  if (code === 0 && !(m && Number(m[1]) > 0 && m[2] === '0')) {
    code = 1;
    why += summary ? ` but the suite reported "${summary}"` : ' but the suite reported no result';
  }
  console.log(`[integration] ${why}; exit code ${code} after ${since()}`);
  console.log(summary || '0 passed, 0 failed (no result)');
  await browser.close().catch(() => {});
  server.stop();
  await sandbox.stop();
  // Tokens must not be in anything the run wrote (logs, settings, state); looked at once VS Code has flushed and exited.
  await new Promise(resolve => {
    if (server.child.exitCode !== null) resolve();
    else {
      server.child.once('exit', resolve);
      setTimeout(resolve, 5_000).unref();
    }
  });
  const scan = scanRunDir(runDir);
  for (const line of describeScan(scan)) console.log(line);
  if (scan.leaks.length && code === 0) code = 1;
  if (code === 0) fs.rmSync(runDir, { recursive: true, force: true });
  else console.log(`[integration] logs kept in ${runDir}`);
  process.exit(code);
}
process.on('SIGINT', () => finish(130, 'interrupted'));
process.on('SIGTERM', () => finish(143, 'terminated'));

const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
watchPage(page, 'integration');
await exposeAutomationHooks(page, {
  onLog: (_type, line) => {
    if (process.env.VERBOSE || !WORKBENCH_NOISE.test(line)) console.log(line);
  },
  onExit: code => finish(code, 'the extension host finished the suite'),
});
setTimeout(async () => {
  fs.mkdirSync(path.join(ARTIFACTS, 'screenshots'), { recursive: true });
  await page.screenshot({ path: path.join(ARTIFACTS, 'screenshots', 'integration-timeout.png') }).catch(() => {});
  finish(1, `TIMEOUT after ${timeoutMs} ms`);
}, timeoutMs).unref();
await page.goto(workbenchUrl(server, { folder, extensionDevelopmentPath: ROOT, extensionTestsPath: testsIndex }));
