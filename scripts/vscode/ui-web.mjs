// The browser's build in the browser: code-server's workbench runs the extension under development in its web worker
// extension host, which loads the manifest's `browser` entry,
// dist/web/extension.js, and requests go through the browser's fetch to the sandbox, started with this page's origin
// allowed (--allow-origin). Signs in through the UI, finds the tasks of the folder's repository (read from its
// .git/config through the editor's file system) and the user's, starts a task from a selection, opens a task page,
// finds the Changes row saying that git is not there, and reads the extension's own log line that says which host ran
// it and that `process` is not defined there.
//   node scripts/vscode/ui-web.mjs            (npm run test:ui builds first)
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import {
  ROOT,
  ARTIFACTS,
  makeRunDir,
  startCodeServer,
  launchBrowser,
  workbenchUrl,
  watchPage,
  freePort,
} from './lib.mjs';
import { startSandbox, ensureDemoRepo, SANDBOX_JS } from './demo.mjs';
import {
  sel,
  waitForWorkbench,
  viewPane,
  focusPane,
  runCommand,
  answerStep,
  acceptDefaults,
  signInByUi,
  widenSidebar,
} from './workbench.mjs';

const shots = path.join(ARTIFACTS, 'screenshots');
fs.mkdirSync(shots, { recursive: true });
const t0 = Date.now();
const since = () => `${((Date.now() - t0) / 1000).toFixed(1)} s`;
let passed = 0;
const check = what => {
  passed++;
  console.log(`[ui-web] ok ${passed}: ${what} (${since()})`);
};

const runDir = makeRunDir('ui-web');
const port = await freePort();
const origin = `http://127.0.0.1:${port}`;
const sandbox = await startSandbox({ stepMs: 0, allowOrigins: [origin], logFile: path.join(runDir, 'sandbox.log') });
const { DEMO_TOKENS } = createRequire(import.meta.url)(SANDBOX_JS);
const folder = ensureDemoRepo(path.join(runDir, 'rocket'), sandbox.url);
// Which host runs the extension: VS Code's `remote.extensionKind` setting, 'web' for ours, puts it in the web worker.
// (The workbench's `extensionDevelopmentKind` payload does not: this build's browser environment never reads it.)
const server = await startCodeServer({
  runDir,
  folder,
  port,
  settings: { 'agentTasks.serviceUrl': sandbox.url, 'remote.extensionKind': { 'agent-tasks.agent-tasks': ['web'] } },
});
const browser = await launchBrowser(runDir);
const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
page.setDefaultTimeout(30_000);
watchPage(page, 'ui-web');

const headers = { authorization: `Bearer ${DEMO_TOKENS.fineGrained}`, accept: 'application/vnd.vendor+json' };
async function rocketTasks() {
  const res = await fetch(`${sandbox.url}/agents/repos/acme/rocket/tasks?per_page=100`, { headers });
  if (!res.ok) throw new Error(`the sandbox answered ${res.status} to the task list`);
  const body = await res.json();
  return Array.isArray(body) ? body : body.tasks;
}

let code = 0;
try {
  await page.goto(workbenchUrl(server, { folder, extensionDevelopmentPath: ROOT }), { timeout: 120_000 });
  await waitForWorkbench(page);
  await page.locator(sel.activityItem('Agent Tasks')).waitFor();
  check('workbench rendered, the Agent Tasks container is in the activity bar');

  // The extension says which host runs it, as its own code sees it: the web worker's, where `process` is undefined.
  await runCommand(page, 'Agent Tasks: Show Log');
  const output = page.locator('.part.panel .monaco-editor .view-lines');
  // The editor draws spaces as no-break spaces: \s reads both.
  await output
    .filter({ hasText: /activated\s+in\s+\d+\s+ms/ })
    .first()
    .waitFor();
  const said = ((await output.first().innerText()).match(/activated\s+in\s+\d+\s+ms\s+\([^)]*\)/)?.[0] ?? '').replace(
    /\s+/g,
    ' ',
  );
  if (!/\(browser extension host, process undefined\)/.test(said))
    throw new Error(`the extension's log says ${JSON.stringify(said)}`);
  check(`the browser build runs in the web worker host without process: "${said}"`);
  await runCommand(page, 'View: Hide Panel');

  await signInByUi(page, DEMO_TOKENS.fineGrained);
  check('token set through "Agent Tasks: Set Token…" (kept in the secret storage)');

  await page.locator(sel.activityItem('Agent Tasks')).locator('xpath=..').click();
  const pane = viewPane(page, /^Repository/i);
  await pane.waitFor();
  await focusPane(page, 'Repository');
  await widenSidebar(page, 640);
  const expected = (await rocketTasks()).filter(t => !t.archived_at).map(t => t.name);
  for (const name of expected) await pane.getByRole('treeitem', { name }).first().waitFor();
  await page.screenshot({ path: path.join(shots, 'web-1-repository-tasks.png') });
  check(`the ${expected.length} unarchived tasks of acme/rocket are in the Repository view, over the browser's fetch`);
  const statusBar = page.locator(`${sel.statusbar} .statusbar-item[id^="agent-tasks.agent-tasks"]`);

  // A task's Changes row: one line saying why, which opens the pull request (or the task's page on the web).
  const first = pane.getByRole('treeitem', { name: 'Fix the flaky countdown test' }).first();
  await first.click();
  await page.keyboard.press('ArrowRight');
  const changesRow = pane.locator('.monaco-list-row', { hasText: 'changes need git' }).first();
  await changesRow.waitFor();
  check("a task's Changes row says that changes need git, which the browser does not have");

  // Start Task from Selection: a file opened, three lines selected, an instruction typed.
  const beforeSel = new Set((await rocketTasks()).map(t => t.id));
  await page.keyboard.press('Control+P');
  await page.locator(sel.quickInputBox).fill('countdown.ts');
  await page.locator(sel.quickInputRow, { hasText: 'countdown.ts' }).first().waitFor();
  await page.keyboard.press('Enter');
  const lines = page.locator('.editor-instance .monaco-editor .view-lines').first();
  await lines.locator('.view-line', { hasText: 'countdown' }).first().waitFor();
  await lines.click();
  await page.keyboard.press('Control+Home');
  for (let i = 0; i < 3; i++) await page.keyboard.press('Shift+ArrowDown');
  await runCommand(page, 'Agent Tasks: Start Task from Selection');
  await page
    .locator(`${sel.quickInput} .quick-input-message`)
    .filter({ hasText: /sent as/ })
    .waitFor();
  const instruction = `Add a test for zero (ui web ${Date.now()})`;
  await answerStep(page, { text: instruction });
  await acceptDefaults(page);
  await pane.getByRole('treeitem', { name: instruction }).first().waitFor({ timeout: 20_000 });
  const fromSel = (await rocketTasks()).find(t => !beforeSel.has(t.id));
  if (!fromSel) throw new Error('no task from the selection reached the sandbox');
  await page.screenshot({ path: path.join(shots, 'web-2-started-from-selection.png') });
  check(`"Start Task from Selection" started ${fromSel.id} in the sandbox, and the tree shows it`);

  // My Tasks lists the user's tasks too.
  const mine = viewPane(page, /^My Tasks/i);
  await mine.getByRole('treeitem', { name: instruction }).first().waitFor({ timeout: 20_000 });
  check('My Tasks lists the new task');

  // The task page, from the task's context menu.
  const task = pane.getByRole('treeitem', { name: 'Fix the flaky countdown test' }).first();
  await task.click({ button: 'right' });
  const item = page.locator('.context-view .action-item', { hasText: 'Show Task Details' });
  await item.hover();
  await page.locator('.context-view .action-item.focused', { hasText: 'Show Task Details' }).waitFor();
  await page.keyboard.press('Enter');
  const taskPage = page.frameLocator('iframe.webview').frameLocator('#active-frame');
  await taskPage.locator('h1', { hasText: 'Fix the flaky countdown test' }).waitFor();
  await taskPage.locator('.changes', { hasText: /changes need git/i }).waitFor();
  const buttons = await taskPage.locator('button').allInnerTexts();
  if (buttons.some(b => /Check Out|Review Changes|Send Feedback/.test(b)))
    throw new Error(`the task page offers what needs git: ${JSON.stringify(buttons)}`);
  await page.screenshot({ path: path.join(shots, 'web-3-task-page.png') });
  check('the task page opened, its Changes section saying where the changes are');
  // Every read since went through the browser's fetch: neither view nor the status bar says one failed.
  const failedRows = await page.locator('.monaco-list-row', { hasText: /Not up to date/ }).count();
  const status = (await statusBar.allInnerTexts()).join(' | ');
  if (failedRows || /unreachable|cannot be reached/i.test(status))
    throw new Error(`a read failed in the browser: ${failedRows} "Not up to date" rows, status bar "${status}"`);
  check(`no read failed in the browser (status bar: "${status}")`);
  console.log(`UI web checks: ${passed} passed, 0 failed`);
} catch (e) {
  code = 1;
  console.error(`[ui-web] FAILED after ${since()}: ${e.message}`);
  console.log(`UI web checks: ${passed} passed, 1 failed`);
  await page.screenshot({ path: path.join(shots, 'web-failure.png') }).catch(() => {});
} finally {
  await browser.close().catch(() => {});
  server.stop();
  await sandbox.stop();
  if (code === 0) fs.rmSync(runDir, { recursive: true, force: true });
  else console.log(`[ui-web] logs kept in ${runDir}`);
  console.log(`[ui-web] done in ${since()}; screenshots in ${shots}`);
  process.exit(code);
}
