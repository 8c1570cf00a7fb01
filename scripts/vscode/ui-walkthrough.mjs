// Takes the screenshots the walkthrough's pictures are cut from (scripts/walkthrough-images.mjs), in a real VS Code
// against the sandbox's demo world: the task views with the status bar, a task's page, Start Task from Selection's
// box over the selected lines, and the chat start tool's confirmation (through test/fixtures/tool-caller).
//   npm run build && node scripts/vscode/ui-walkthrough.mjs
import fs from 'node:fs';
import path from 'node:path';
import { ROOT, ARTIFACTS, makeRunDir, startCodeServer, launchBrowser, workbenchUrl, watchPage } from './lib.mjs';
import { startSandbox, ensureDemoRepo } from './demo.mjs';
import { installToolCaller } from './ui-chattool.mjs';
import { sel, waitForWorkbench, viewPane, runCommand, answerStep, nextStepRows, widenSidebar } from './workbench.mjs';

const shots = path.join(ARTIFACTS, 'screenshots');
fs.mkdirSync(shots, { recursive: true });
const t0 = Date.now();
const since = () => `${((Date.now() - t0) / 1000).toFixed(1)} s`;
const shot = async (page, name) => {
  await page.screenshot({ path: path.join(shots, name) });
  console.log(`[walkthrough] ${name} (${since()})`);
};

const runDir = makeRunDir('walkthrough');
const sandbox = await startSandbox({ stepMs: 0, logFile: path.join(runDir, 'sandbox.log') });
const folder = ensureDemoRepo(path.join(runDir, 'rocket'), sandbox.url);
installToolCaller(runDir);
const server = await startCodeServer({ runDir, folder, settings: { 'agentTasks.serviceUrl': sandbox.url } });
const browser = await launchBrowser(runDir);
const page = await browser.newPage({ viewport: { width: 1200, height: 800 } });
page.setDefaultTimeout(90_000);
watchPage(page, 'walkthrough');

let code = 0;
try {
  await page.goto(workbenchUrl(server, { folder, extensionDevelopmentPath: ROOT }), { timeout: 120_000 });
  await waitForWorkbench(page);
  await page.locator(sel.activityItem('Agent Tasks')).waitFor();
  await runCommand(page, 'Agent Tasks: Set Token…', 90_000);
  const kindStep = await answerStep(page, { pick: /fine-grained/i });
  if ((await nextStepRows(page, kindStep)).some(r => /demo fine-grained/i.test(r)))
    await answerStep(page, { pick: /demo fine-grained/i });

  await page.locator(sel.activityItem('Agent Tasks')).locator('xpath=..').click();
  const pane = viewPane(page, /^Repository/i);
  await pane.locator('.monaco-list-row').first().waitFor();
  await widenSidebar(page, 520);
  await page
    .locator(`${sel.statusbar} .statusbar-item`, { hasText: /running|queued/ })
    .first()
    .waitFor();
  await shot(page, 'walkthrough-tasks.png');

  await page.keyboard.press('Control+P');
  await page.locator(sel.quickInputBox).fill('countdown.ts');
  await page.locator(sel.quickInputRow, { hasText: 'countdown.ts' }).first().waitFor();
  await page.keyboard.press('Enter');
  const lines = page.locator('.editor-instance .monaco-editor .view-lines').first();
  await lines.locator('.view-line', { hasText: 'countdown' }).first().waitFor();
  await lines.click();
  await page.keyboard.press('Control+Home');
  for (let i = 0; i < 3; i++) await page.keyboard.press('Shift+ArrowDown');
  await runCommand(page, 'Agent Tasks: Start Task from Selection', 90_000);
  await page.locator(`${sel.quickInput} .quick-input-message`, { hasText: /sent as/ }).waitFor();
  await page.locator(sel.quickInputBox).fill('Add a test for a countdown from zero');
  await shot(page, 'walkthrough-selection.png');
  await page.keyboard.press('Escape');

  await page.keyboard.press('F1');
  await page.locator(sel.quickInputBox).fill('>Tool Caller: Ask the Agent Tasks Start Tool');
  await page.locator(sel.quickInputRow, { hasText: 'Ask the Agent Tasks Start Tool' }).first().waitFor();
  await page.keyboard.press('Enter');
  const dialog = page.locator('.monaco-dialog-box').first();
  await dialog.getByText('Start a cloud agent task?').first().waitFor();
  await shot(page, 'walkthrough-chat.png');
  await dialog.locator('.dialog-buttons .monaco-button', { hasText: /^Cancel$/ }).click();
  // A task row is found by the name it is read out with (its label may be shortened to keep its state in view).
  await pane.getByRole('treeitem', { name: 'Fix the flaky countdown test' }).first().click({ button: 'right' });
  const item = page.locator('.context-view .action-item', { hasText: 'Show Task Details' });
  await item.hover();
  await page.locator('.context-view .action-item.focused', { hasText: 'Show Task Details' }).waitFor();
  await page.keyboard.press('Enter');
  const taskPage = page.frameLocator('iframe.webview').frameLocator('#active-frame');
  await taskPage.locator('pre.prompt').first().waitFor();
  await shot(page, 'walkthrough-task-page.png');

  // A file's diff from the task's Changes, and "Apply This Change" on a changed line of its right side.
  const task = pane.getByRole('treeitem', { name: 'Add retries with backoff' }).first();
  await page.mouse.move(0, 0);
  await task.click();
  await page.keyboard.press('ArrowRight');
  const changes = pane.locator('.monaco-list-row', { hasText: /Changes.*files? ·/ }).first();
  await changes.click();
  await page.keyboard.press('ArrowRight');
  await pane
    .locator('.monaco-list-row', { hasText: /telemetry\.ts\s*src/ })
    .first()
    .click();
  const right = page.locator('.editor-instance .monaco-diff-editor .editor.modified').first();
  const line = right.locator('.view-line', { hasText: 'const DEFAULT_RETRY' }).first();
  await line.click();
  await line.click({ button: 'right' });
  await page.locator('.context-view .action-item', { hasText: 'Apply This Change' }).first().hover();
  await shot(page, 'walkthrough-apply.png');
  await page.keyboard.press('Escape');

  console.log('[walkthrough] ok');
} catch (e) {
  code = 1;
  console.error(`[walkthrough] FAILED after ${since()}: ${e.stack ?? e.message}`);
  await page.screenshot({ path: path.join(shots, 'walkthrough-failure.png') }).catch(() => {});
} finally {
  await browser.close().catch(() => {});
  server.stop();
  await sandbox.stop();
  if (code === 0) fs.rmSync(runDir, { recursive: true, force: true });
  else console.log(`[walkthrough] logs kept in ${runDir}`);
  process.exit(code);
}
