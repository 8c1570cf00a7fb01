// The same in-host suite under @vscode/test-electron: a desktop VS Code, downloaded once into the cache.
// For machines that can reach the VS Code download service (and have a display, e.g. xvfb-run on Linux); where
// the download is impossible it stops at once with a clear message.
//   node scripts/vscode/electron.mjs          (npm run test:electron builds first)
// Env: VSCODE_VERSION (default stable), VSCODE_EXECUTABLE (use an installed VS Code, no download).
import fs from 'node:fs';
import path from 'node:path';
import { downloadAndUnzipVSCode, runTests } from '@vscode/test-electron';
import { ROOT, CACHE, makeRunDir } from './lib.mjs';
import { startSandbox, ensureDemoRepo } from './demo.mjs';

const testsIndex = path.join(ROOT, 'out', 'test', 'integration', 'index.js');
if (!fs.existsSync(testsIndex)) {
  console.error(`[electron] ${testsIndex} is missing: run \`npm run build\` first`);
  process.exit(2);
}

let executable = process.env.VSCODE_EXECUTABLE;
if (!executable) {
  const version = process.env.VSCODE_VERSION || 'stable';
  try {
    // An idle timeout, so an unreachable download service fails in seconds rather than hanging.
    executable = await downloadAndUnzipVSCode({ version, cachePath: path.join(CACHE, 'electron'), timeout: 15_000 });
  } catch (e) {
    console.error(`[electron] cannot get a desktop VS Code (${version}): ${e.message}`);
    console.error(
      '[electron] this machine cannot download VS Code; run `npm run test:integration` (code-server) instead,',
    );
    console.error('[electron] or set VSCODE_EXECUTABLE to an installed VS Code binary.');
    process.exit(2);
  }
}

const runDir = makeRunDir('electron');
const resultFile = path.join(runDir, 'result.txt');
const sandbox = await startSandbox({ stepMs: 0, logFile: path.join(runDir, 'sandbox.log') });
const folder = ensureDemoRepo(path.join(runDir, 'rocket'), sandbox.url);
const userData = path.join(runDir, 'user-data');
fs.mkdirSync(path.join(userData, 'User'), { recursive: true });
fs.writeFileSync(
  path.join(userData, 'User', 'settings.json'),
  JSON.stringify({ 'agentTasks.serviceUrl': sandbox.url }, null, 2),
);
let code = 1;
try {
  code = await runTests({
    vscodeExecutablePath: executable,
    extensionDevelopmentPath: ROOT,
    extensionTestsPath: testsIndex,
    launchArgs: [
      folder,
      '--user-data-dir',
      userData,
      '--extensions-dir',
      path.join(runDir, 'extensions'),
      '--disable-workspace-trust',
      '--skip-welcome',
      '--skip-release-notes',
    ],
    extensionTestsEnv: {
      AGENT_TASKS_SANDBOX_URL: sandbox.url,
      AGENT_TASKS_RESULT_FILE: resultFile,
      AGENT_TASKS_USER_SETTINGS: path.join(userData, 'User', 'settings.json'),
      ...(process.env.AGENT_TASKS_TEST_GREP ? { AGENT_TASKS_TEST_GREP: process.env.AGENT_TASKS_TEST_GREP } : {}),
    },
  });
} catch (e) {
  console.error(`[electron] ${e.message ?? e}`);
} finally {
  await sandbox.stop();
}
const summary = fs.existsSync(resultFile)
  ? fs.readFileSync(resultFile, 'utf8').trim()
  : '0 passed, 0 failed (no result)';
console.log(summary);
if (code === 0 && !/^[1-9]\d* passed, 0 failed$/.test(summary)) code = 1;
if (code === 0) fs.rmSync(runDir, { recursive: true, force: true });
process.exit(code);
