// Runs the mocha suite test/integration (compiled to out/test/integration) inside a real VS Code's extension host,
// against the sandbox, and exits with the suite's status.
//   node scripts/vscode/run-tests.mjs            (npm run test:integration builds first)
// Env: AGENT_TASKS_TEST_GREP (mocha --grep inside the host), TEST_TIMEOUT_MS (default 600000), VERBOSE=1.
import fs from 'node:fs';
import path from 'node:path';
import { ROOT, ARTIFACTS, makeRunDir, startCodeServer, launchBrowser, userSettingsFile } from './lib.mjs';
import { finisher, runSuitePage, suiteVerdict } from './host-suite.mjs';
import { startSandbox, ensureDemoRepo } from './demo.mjs';
import { scanRunDir, describeScan } from '../scan-tokens.mjs';
import { driveNotifications } from './notificationDriver.mjs';

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
// The page's focus and the notifications its frames make, driven and recorded for the suite (notificationDriver.mjs).
const driverFile = path.join(runDir, 'driver.jsonl');
const sandbox = await startSandbox({ stepMs: 0, logFile: path.join(runDir, 'sandbox.log') });
const folder = ensureDemoRepo(path.join(runDir, 'rocket'), sandbox.url);
// Beside ours, another extension that follows it through its exports alone (test/integration/publicApi.test.ts):
// installed in the run's extensions folder, which code-server reads at start (the workbench's payload loads one
// extension under development only).
fs.cpSync(
  path.join(ROOT, 'test', 'fixtures', 'api-follower'),
  path.join(runDir, 'extensions', 'agent-tasks-test.api-follower-0.0.1'),
  { recursive: true },
);
const server = await startCodeServer({
  runDir,
  folder,
  settings: { 'agentTasks.serviceUrl': sandbox.url },
  env: {
    AGENT_TASKS_SANDBOX_URL: sandbox.url,
    AGENT_TASKS_RESULT_FILE: resultFile,
    AGENT_TASKS_USER_SETTINGS: userSettingsFile(runDir),
    AGENT_TASKS_DRIVER_FILE: driverFile,
    ...(process.env.AGENT_TASKS_TEST_GREP ? { AGENT_TASKS_TEST_GREP: process.env.AGENT_TASKS_TEST_GREP } : {}),
  },
});
console.log(`[integration] sandbox ${sandbox.url}, VS Code ${server.url}, run folder ${runDir} (${since()})`);
const browser = await launchBrowser(runDir);

const finish = finisher('integration', runDir, async (exitCode, reason) => {
  let { code, why, summary } = suiteVerdict(exitCode, reason, resultFile);
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
  return code;
});

await runSuitePage({
  browser,
  server,
  prefix: 'integration',
  folder,
  extensionDevelopmentPath: ROOT,
  extensionTestsPath: testsIndex,
  timeoutMs,
  preparePage: page => driveNotifications(page, driverFile),
  onTimeout: async page => {
    fs.mkdirSync(path.join(ARTIFACTS, 'screenshots'), { recursive: true });
    await page.screenshot({ path: path.join(ARTIFACTS, 'screenshots', 'integration-timeout.png') }).catch(() => {});
  },
  onExit: finish,
});
