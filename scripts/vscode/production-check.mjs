// Checks the packaged extension in Production mode, the mode users run it in: installs the .vsix into a fresh real
// VS Code (no development options for it), and runs the small suite test/production there from a probe extension
// under development beside it. The suite asserts that activate() exports exactly the public API for other extensions
// (src/publicApi/types.ts), nothing of the test surface (built only in development and test mode), and that every
// contributed command is registered.
//   node scripts/vscode/production-check.mjs [path/to.vsix]   (npm run test:production; needs `npm run package`
//   for the .vsix and `npm run build` for out/test/production)
// Env: TEST_TIMEOUT_MS (default 300000), VERBOSE=1.
import fs from 'node:fs';
import path from 'node:path';
import { ROOT, ARTIFACTS, makeRunDir, installVsix, startCodeServer, launchBrowser } from './lib.mjs';
import { finisher, runSuitePage, suiteVerdict } from './host-suite.mjs';

const manifest = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
const vsix = path.resolve(process.argv[2] || path.join(ARTIFACTS, `${manifest.name}-${manifest.version}.vsix`));
const suite = path.join(ROOT, 'out', 'test', 'production');
for (const [file, how] of [
  [vsix, 'npm run package'],
  [path.join(suite, 'index.js'), 'npm run build'],
]) {
  if (!fs.existsSync(file)) {
    console.error(`[production] ${file} is missing: run \`${how}\` first`);
    process.exit(2);
  }
}
const timeoutMs = Number(process.env.TEST_TIMEOUT_MS || 300_000);
const t0 = Date.now();
const since = () => `${((Date.now() - t0) / 1000).toFixed(1)} s`;

const runDir = makeRunDir('production');
const extensionsDir = path.join(runDir, 'extensions');
installVsix(runDir, vsix);
const id = `${manifest.publisher}.${manifest.name}`;
const installed = fs.readdirSync(extensionsDir).filter(d => d.startsWith(`${id}-`));
if (installed.length !== 1) {
  console.error(`[production] --install-extension left ${JSON.stringify(installed)} in ${extensionsDir}`);
  process.exit(1);
}
// The probe: an extension with no code of its own, so that VS Code runs the suite in its extension host. Its
// manifest sits beside the compiled suite, so the suite's files belong to it (and find mocha in node_modules).
fs.writeFileSync(
  path.join(suite, 'package.json'),
  JSON.stringify({
    name: 'production-probe',
    publisher: 'agent-tasks-tests',
    version: '0.0.0',
    engines: { vscode: manifest.engines.vscode },
  }),
);
const resultFile = path.join(runDir, 'result.txt');
const folder = path.join(runDir, 'workspace');
fs.mkdirSync(folder, { recursive: true });
const server = await startCodeServer({
  runDir,
  folder,
  env: { AGENT_TASKS_RESULT_FILE: resultFile, AGENT_TASKS_EXTENSIONS_DIR: extensionsDir },
});
console.log(`[production] ${installed[0]} installed; VS Code ${server.url}, run folder ${runDir} (${since()})`);
const browser = await launchBrowser(runDir);

const finish = finisher('production', runDir, async (exitCode, reason) => {
  const { code, why, summary } = suiteVerdict(exitCode, reason, resultFile);
  console.log(`[production] ${why}; ${summary || 'no result'}; exit code ${code} after ${since()}`);
  await browser.close().catch(() => {});
  server.stop();
  return code;
});

await runSuitePage({
  browser,
  server,
  prefix: 'production',
  folder,
  extensionDevelopmentPath: suite,
  extensionTestsPath: path.join(suite, 'index.js'),
  timeoutMs,
  onExit: finish,
});
