// The demo as `npm start` sets it up (startDemo: a state file, tasks that move on their own, code-server's port
// vouched for by the sandbox), driven in headless chromium as a new user would: set the demo token, see tasks still
// running (the status bar says so), then follow a task's "Open Pull Request" and "Open on the Web". The browser
// opens them through code-server's port proxy (`/proxy/<sandbox port>/…`); each must answer 200 with the pull
// request's or the task's own page.
//   npm run build && node scripts/vscode/ui-demo.mjs
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { ROOT, ARTIFACTS, makeRunDir, launchBrowser, workbenchUrl, watchPage } from './lib.mjs';
import { startDemo, SANDBOX_JS } from './demo.mjs';
import { sel, waitForWorkbench, viewPane, focusPane, runCommand, answerStep, nextStepRows } from './workbench.mjs';
import { acceptDefaults, widenSidebar, untilScreen, statusTexts } from './workbench.mjs';

const shots = path.join(ARTIFACTS, 'screenshots');
fs.mkdirSync(shots, { recursive: true });
const t0 = Date.now();
const since = () => `${((Date.now() - t0) / 1000).toFixed(1)} s`;
let passed = 0;
const check = what => {
  passed++;
  console.log(`[ui-demo] ok ${passed}: ${what} (${since()})`);
};

const runDir = makeRunDir('uidemo');
const repo = path.join(runDir, 'rocket');
const { sandbox, server } = await startDemo({ runDir, statePath: path.join(runDir, 'state.json'), repo, reset: true });
const { DEMO_TOKENS } = createRequire(import.meta.url)(SANDBOX_JS);
const browser = await launchBrowser(runDir);
const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
page.setDefaultTimeout(30_000);
watchPage(page, 'ui-demo');

async function read(p) {
  const res = await fetch(`${sandbox.url}${p}`, {
    headers: { authorization: `Bearer ${DEMO_TOKENS.fineGrained}`, accept: 'application/vnd.vendor+json' },
  });
  if (!res.ok) throw new Error(`the sandbox answered ${res.status} to ${p}`);
  return res.json();
}

/** Runs a task row's context-menu item and returns the page the browser opened, with the status it answered. */
async function follow(pane, taskName, item) {
  const statuses = new Map();
  const listen = r => statuses.set(r.url(), r.status());
  page.context().on('response', listen);
  const popup = page.context().waitForEvent('page', { timeout: 20_000 });
  await pane.getByRole('treeitem', { name: taskName }).first().click({ button: 'right' });
  const entry = page.locator('.context-view .action-item', { hasText: item });
  await entry.hover();
  await page.locator('.context-view .action-item.focused', { hasText: item }).waitFor();
  await page.keyboard.press('Enter');
  // The workbench may ask before opening an address outside it; if it does, the answer is Open.
  const ask = page.locator('.monaco-dialog-box .monaco-button', { hasText: /^Open$/ });
  void ask.waitFor({ timeout: 15_000 }).then(
    () => ask.click(),
    () => {},
  );
  const web = await popup;
  await web.waitForLoadState('load');
  page.context().off('response', listen);
  return { web, status: statuses.get(web.url()) };
}

let code = 0;
try {
  await page.goto(workbenchUrl(server, { folder: repo, extensionDevelopmentPath: ROOT }), { timeout: 180_000 });
  await waitForWorkbench(page);
  // The extension under development registers its contributions some time after the workbench shows, longer on a
  // loaded machine: its container in the activity bar says it is there.
  await page.locator(sel.activityItem('Agent Tasks')).waitFor({ timeout: 180_000 });
  await runCommand(page, 'Agent Tasks: Set Token…', 120_000);
  const kindStep = await answerStep(page, { pick: /fine-grained/i });
  // Against the sandbox the extension may offer its demo token first; the token is typed as for any service.
  if ((await nextStepRows(page, kindStep)).some(r => /enter a token/i.test(r)))
    await answerStep(page, { pick: /enter a token/i });
  await answerStep(page, { text: DEMO_TOKENS.fineGrained });
  await acceptDefaults(page);
  check('token set through "Agent Tasks: Set Token…"');
  // A newcomer signs in some time after the start: the demo still has tasks running then, and the status bar says so.
  const started = Date.now() - t0;
  // "2 running" ("No tasks running" is the opposite).
  const runs = await untilScreen(
    page,
    s => /\b\d+ running/.test(document.querySelector(s)?.innerText ?? ''),
    sel.statusbar,
    30_000,
  ).then(
    () => true,
    () => false,
  );
  const bar = (await statusTexts(page, 'agent-tasks.agent-tasks')).join(' | ');
  if (!runs) throw new Error(`${((Date.now() - t0) / 1000).toFixed(0)} s after the start the status bar says "${bar}"`);
  check(`${(started / 1000).toFixed(0)} s after the demo started, the status bar says "${bar}"`);

  await page.locator(sel.activityItem('Agent Tasks')).locator('xpath=..').click();
  const pane = viewPane(page, /^Repository/i);
  await pane.waitFor();
  await focusPane(page, 'Repository');
  await widenSidebar(page, 640);
  const task = await read('/agents/repos/acme/rocket/tasks/demo-rocket-01');
  const pull = task.artifacts.find(a => a.type === 'pull');
  if (!pull) throw new Error('demo-rocket-01 has no pull request');
  await pane.getByRole('treeitem', { name: task.name }).first().waitFor();

  const pr = await follow(pane, task.name, 'Open Pull Request');
  const prTitle = await pr.web.locator('h1').innerText();
  await pr.web.screenshot({ path: path.join(shots, 'demo-open-pull-request.png') });
  console.log(`[ui-demo] Open Pull Request opened ${pr.web.url()}: ${pr.status} "${prTitle}"`);
  if (!pr.web.url().includes(`/acme/rocket/pull/${pull.data.id}`)) throw new Error(`it opened ${pr.web.url()}`);
  if (pr.status !== 200) throw new Error(`the pull request's page answered ${pr.status}`);
  if (prTitle !== `Pull request #${pull.data.id}: ${task.name}`) throw new Error(`its title is "${prTitle}"`);
  check(`"Open Pull Request" opened the pull request's page (200, "${prTitle}")`);

  // Its link to the task stays under the proxy's prefix.
  await pr.web.locator('a', { hasText: task.name }).click();
  await pr.web.locator('h1', { hasText: task.name }).waitFor();
  if (!pr.web.url().includes(`/acme/rocket/tasks/${task.id}`)) throw new Error(`the link led to ${pr.web.url()}`);
  check(`the pull request page's link to its task works through the proxy (${pr.web.url()})`);
  await pr.web.close();
  await page.bringToFront();

  const web = await follow(pane, task.name, 'Open on the Web');
  const webTitle = await web.web.locator('h1').innerText();
  console.log(`[ui-demo] Open on the Web opened ${web.web.url()}: ${web.status} "${webTitle}"`);
  if (web.status !== 200 || webTitle !== task.name) throw new Error(`the task's page answered ${web.status}`);
  check(`"Open on the Web" opened the task's page (200, "${webTitle}")`);
  await web.web.close();
  console.log(`UI demo checks: ${passed} passed, 0 failed`);
} catch (e) {
  code = 1;
  console.error(`[ui-demo] FAILED after ${since()}: ${e.message}`);
  console.log(`UI demo checks: ${passed} passed, 1 failed`);
  await page.screenshot({ path: path.join(shots, 'demo-failure.png') }).catch(() => {});
} finally {
  await browser.close().catch(() => {});
  server.stop();
  await sandbox.stop();
  if (code === 0) fs.rmSync(runDir, { recursive: true, force: true });
  else console.log(`[ui-demo] logs kept in ${runDir}`);
  process.exit(code);
}
