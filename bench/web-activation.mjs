// Activation to the first tree in code-server's web worker extension host (the browser's build) against its Node host
// (the Node build), in the same run: two code-servers on one sandbox, one with `remote.extensionKind` 'web' for ours.
// Each window is signed in once through the UI; then each is reloaded in turn, and the extension's own log line
// "first tree with tasks N ms after activation began" is read from its Output channel. That time starts at activate()
// in each host: loading the file before it (one file in the worker, the entry and its chunk in Node) is not in it; so
// the time from the page's reload to that line (its timestamp; one clock) is given too, which has all of it (and the
// workbench's own start, the same for both).
//   node bench/web-activation.mjs [--rounds 5]          (npm run build first)
import path from 'node:path';
import { createRequire } from 'node:module';
import { ROOT, makeRunDir, startCodeServer, launchBrowser, workbenchUrl, freePort } from '../scripts/vscode/lib.mjs';
import { startSandbox, ensureDemoRepo, SANDBOX_JS } from '../scripts/vscode/demo.mjs';
import { sel, waitForWorkbench, runCommand, signInByUi } from '../scripts/vscode/workbench.mjs';

const rounds = Number(process.argv[process.argv.indexOf('--rounds') + 1]) || 5;
const runDir = makeRunDir('web-activation');
const ports = { web: await freePort(), node: await freePort() };
const sandbox = await startSandbox({
  stepMs: 0,
  allowOrigins: Object.values(ports).map(p => `http://127.0.0.1:${p}`),
  logFile: path.join(runDir, 'sandbox.log'),
});
const { DEMO_TOKENS } = createRequire(import.meta.url)(SANDBOX_JS);
const folder = ensureDemoRepo(path.join(runDir, 'rocket'), sandbox.url);
const browser = await launchBrowser(runDir);
const windows = {};
for (const host of ['web', 'node']) {
  const settings = { 'agentTasks.serviceUrl': sandbox.url };
  if (host === 'web') settings['remote.extensionKind'] = { 'agent-tasks.agent-tasks': ['web'] };
  const server = await startCodeServer({ runDir: path.join(runDir, host), folder, port: ports[host], settings });
  const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
  page.setDefaultTimeout(60_000);
  windows[host] = {
    server,
    page,
    url: workbenchUrl(server, { folder, extensionDevelopmentPath: ROOT }),
    ms: [],
    all: [],
  };
}

/** Opens the log and reads the line of this window's activation (the channel starts empty at each load). */
async function firstTreeMs(page, host) {
  await runCommand(page, 'Agent Tasks: Show Log');
  const lines = page.locator('.part.panel .monaco-editor .view-lines').first();
  const line = lines.locator('.view-line', { hasText: /first\s+tree\s+with\s+tasks/ }).first();
  await line.waitFor();
  const said = (await line.innerText()).replace(/\s+/g, ' ');
  const [, at, ms, kind] =
    /^(\S+ \S+) .*first tree with tasks (\d+) ms after activation began \(\w+, (\w+) host\)/.exec(said) ?? [];
  if (kind !== (host === 'web' ? 'browser' : 'node')) throw new Error(`the ${host} window's extension says ${said}`);
  return { ms: Number(ms), at: new Date(at.replace(' ', 'T')).getTime() };
}

try {
  for (const [host, w] of Object.entries(windows)) {
    await w.page.goto(w.url, { timeout: 120_000 });
    await waitForWorkbench(w.page);
    await signInByUi(w.page, DEMO_TOKENS.fineGrained);
    await w.page.locator(sel.activityItem('Agent Tasks')).locator('xpath=..').click();
    await firstTreeMs(w.page, host);
  }
  for (let r = 1; r <= rounds; r++)
    for (const [host, w] of Object.entries(r % 2 ? windows : Object.fromEntries(Object.entries(windows).reverse()))) {
      const reloaded = Date.now();
      await w.page.reload({ timeout: 120_000 });
      await waitForWorkbench(w.page);
      const { ms, at } = await firstTreeMs(w.page, host);
      w.ms.push(ms);
      w.all.push(at - reloaded);
      console.log(`[web-activation] round ${r} ${host}: ${ms} ms from activate(), ${at - reloaded} ms from the reload`);
    }
  const median = xs => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  const [web, node] = [median(windows.web.ms), median(windows.node.ms)];
  console.log(
    `[web-activation] activation → first tree, median of ${rounds}: web worker ${web} ms (${windows.web.ms.join(', ')}), ` +
      `Node host ${node} ms (${windows.node.ms.join(', ')}): ${(web / node).toFixed(2)}×`,
  );
  const [webAll, nodeAll] = [median(windows.web.all), median(windows.node.all)];
  console.log(
    `[web-activation] page reload → first tree, median: web worker ${webAll} ms (${windows.web.all.join(', ')}), ` +
      `Node host ${nodeAll} ms (${windows.node.all.join(', ')}): ${(webAll / nodeAll).toFixed(2)}×`,
  );
} finally {
  await browser.close().catch(() => {});
  for (const w of Object.values(windows)) w.server.stop();
  await sandbox.stop();
}
