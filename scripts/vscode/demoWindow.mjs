// One UI run's window, as the UI scripts share it: a sandbox with the demo world, the demo repository as the
// workspace, code-server with the extension from source pointed at that sandbox, and headless chromium on the
// workbench. `body` does the run's clicks and calls `check` for each thing it saw; a failure takes a screenshot
// (`<shot>-failure.png`) and keeps the run's logs; the process exits with the run's outcome.
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { ROOT, ARTIFACTS, makeRunDir, startCodeServer, launchBrowser, workbenchUrl, watchPage } from './lib.mjs';
import { startSandbox, ensureDemoRepo, SANDBOX_JS } from './demo.mjs';
import { waitForWorkbench } from './workbench.mjs';

/**
 * @param {string} name the run's name, in its log lines and run folder (`ui-rows`)
 * @param {{ shot: string, viewport?: { width: number, height: number } }} options
 * @param {(w: object) => Promise<void>} body
 */
export async function runInDemoWindow(name, { shot, viewport = { width: 1400, height: 900 } }, body) {
  const shots = path.join(ARTIFACTS, 'screenshots');
  fs.mkdirSync(shots, { recursive: true });
  const t0 = Date.now();
  const since = () => `${((Date.now() - t0) / 1000).toFixed(1)} s`;
  let passed = 0;
  const check = what => console.log(`[${name}] ok ${++passed}: ${what} (${since()})`);
  const runDir = makeRunDir(name);
  const sandbox = await startSandbox({ stepMs: 0, logFile: path.join(runDir, 'sandbox.log') });
  const { DEMO_TOKENS } = createRequire(import.meta.url)(SANDBOX_JS);
  const folder = ensureDemoRepo(path.join(runDir, 'rocket'), sandbox.url);
  const server = await startCodeServer({ runDir, folder, settings: { 'agentTasks.serviceUrl': sandbox.url } });
  const browser = await launchBrowser(runDir);
  const page = await browser.newPage({ viewport });
  page.setDefaultTimeout(60_000);
  watchPage(page, name);
  let code = 0;
  try {
    await page.goto(workbenchUrl(server, { folder, extensionDevelopmentPath: ROOT }), { timeout: 180_000 });
    await waitForWorkbench(page);
    await body({ page, browser, sandbox, tokens: DEMO_TOKENS, folder, runDir, shots, check, since });
    console.log(`UI checks: ${passed} passed, 0 failed`);
  } catch (e) {
    code = 1;
    console.error(`[${name}] FAILED after ${since()}: ${e.message}`);
    await page.screenshot({ path: path.join(shots, `${shot}-failure.png`) }).catch(() => {});
  } finally {
    await browser.close().catch(() => {});
    server.stop();
    await sandbox.stop();
    if (code === 0) fs.rmSync(runDir, { recursive: true, force: true });
    else console.log(`[${name}] logs kept in ${runDir}`);
    process.exit(code);
  }
}
