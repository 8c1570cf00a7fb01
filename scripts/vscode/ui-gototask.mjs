// The UI look at finding a task, in a window of the demo world signed in as a person who typed a wrong token first
// (ui-token.mjs): Go to Task opened by its keybinding (ctrl+k ctrl+g) as a person does, its rows, narrowed by typing
// `state:running`, a row's pull-request button, Enter opening the task page; then My Tasks grouped by repository from
// its title-bar switch and back.
//   npm run build && node scripts/vscode/ui-gototask.mjs   (screenshots in .artifacts/screenshots/)
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { ARTIFACTS, ROOT, launchBrowser, makeRunDir, startCodeServer, watchPage, workbenchUrl } from './lib.mjs';
import { SANDBOX_JS, ensureDemoRepo, startSandbox } from './demo.mjs';
import { signInAfterAWrongToken } from './ui-token.mjs';
import { sel, viewPane, waitForWorkbench } from './workbench.mjs';

/** The rows of the open quick input, first line of each. */
const rowTexts = async page =>
  (await page.locator(sel.quickInputRow).allInnerTexts()).map(s => s.split('\n')[0].trim());

/** Go to Task by its keybinding, narrowed, a row's button, Enter; My Tasks grouped and back. */
export async function checkGoToTask(page, { shots, check }) {
  // The keybinding from the workbench, not from an input that takes ctrl+k itself: the status bar has no such input.
  await page.locator(sel.statusbar).click({ position: { x: 5, y: 5 } });
  await page.keyboard.press('Escape');
  await page.keyboard.press('Control+K');
  await page.keyboard.press('Control+G');
  const widget = page.locator(sel.quickInput);
  await widget.locator('.quick-input-title', { hasText: 'Go to Task' }).waitFor();
  await page.locator(sel.quickInputRow, { hasText: 'Fix the flaky countdown test' }).first().waitFor();
  // Tasks of both views: acme/rocket (the Repository view) and mona/dotfiles (My Tasks only).
  await page.locator(sel.quickInputRow, { hasText: 'mona/dotfiles' }).first().waitFor();
  await page.mouse.move(0, 0);
  await page.screenshot({ path: path.join(shots, 'goto-1-all.png') });
  check(`ctrl+k ctrl+g opened Go to Task with the tasks of both views (${(await rowTexts(page)).length} rows)`);

  await page.locator(sel.quickInputBox).fill('state:running');
  const narrowed = page.locator(sel.quickInputRow, { hasText: 'Move the vim config to lua' }).first();
  await narrowed.waitFor();
  await page.locator(sel.quickInputRow, { hasText: 'Add retries with backoff' }).waitFor({ state: 'detached' });
  const running = await rowTexts(page);
  const all = await page.locator(sel.quickInputRow).allInnerTexts();
  if (!all.length || all.some(r => !r.includes('Running')))
    throw new Error(`state:running shows ${JSON.stringify(all)}`);
  await page.screenshot({ path: path.join(shots, 'goto-2-state-running.png') });
  check(`"state:running" narrowed it to ${JSON.stringify(running)}`);

  // A task with a pull request has the button on its row (shown on hover or when the row is active).
  await page.locator(sel.quickInputBox).fill('telemetry uploader');
  const row = page.locator(sel.quickInputRow, { hasText: 'Add retries with backoff' }).first();
  await row.waitFor();
  await row.hover();
  await row.locator('.action-label[aria-label="Open Pull Request"]').waitFor();
  await page.screenshot({ path: path.join(shots, 'goto-3-row-button.png') });
  check('the row of a task with a pull request has its Open Pull Request button');

  await page.locator(sel.quickInputBox).fill('flaky');
  await page.locator(sel.quickInputRow, { hasText: 'Add retries with backoff' }).waitFor({ state: 'detached' });
  await page.keyboard.press('Enter');
  const taskPage = page.frameLocator('iframe.webview').frameLocator('#active-frame');
  await taskPage.locator('h1', { hasText: 'Fix the flaky countdown test' }).waitFor();
  await page.screenshot({ path: path.join(shots, 'goto-4-task-page.png') });
  check('Enter opened the task page of the row chosen');

  // My Tasks by repository: the title-bar switch, and back.
  const mine = viewPane(page, /^My Tasks/i);
  const header = mine.locator('.pane-header');
  if ((await header.getAttribute('aria-expanded')) !== 'true') await header.click();
  await header.hover();
  await header.locator('.action-label[aria-label^="Group My Tasks by Repository"]').click();
  // The group's row, not a task's whose description names the repository.
  const group = mine.locator('.monaco-list-row', { hasText: /mona\/dotfiles\s*2 tasks/ }).first();
  // The list draws only the rows in sight: acme/rocket's group comes first, its set of attempts open, so scroll down
  // to the next group as a person would.
  await mine
    .locator('.monaco-list-row', { hasText: /acme\/rocket\s*\d+ tasks/ })
    .first()
    .waitFor();
  for (let i = 0; i < 10 && !(await group.isVisible()); i++) {
    await mine.locator('.monaco-list').first().hover();
    await page.mouse.wheel(0, 400);
    await page.waitForTimeout(150);
  }
  await group.waitFor();
  const groupText = (await group.innerText()).replace(/\s+/g, ' ');
  if (!/mona\/dotfiles\s*2 tasks · 1 running/.test(groupText)) throw new Error(`the group reads ${groupText}`);
  await page.screenshot({ path: path.join(shots, 'goto-5-my-tasks-by-repository.png') });
  check(`My Tasks grouped by repository from its title bar ("${groupText}")`);
  await header.hover();
  await header.locator('.action-label[aria-label^="Show My Tasks as One List"]').click();
  await group.waitFor({ state: 'detached' });
  check('and back to one list');
}

async function main() {
  const shots = path.join(ARTIFACTS, 'screenshots');
  fs.mkdirSync(shots, { recursive: true });
  let passed = 0;
  const check = what => console.log(`[ui] ok ${++passed}: ${what}`);
  const runDir = makeRunDir('ui-gototask');
  const sandbox = await startSandbox({ stepMs: 0, logFile: path.join(runDir, 'sandbox.log') });
  const { DEMO_TOKENS } = createRequire(import.meta.url)(SANDBOX_JS);
  const folder = ensureDemoRepo(path.join(runDir, 'rocket'), sandbox.url);
  const server = await startCodeServer({ runDir, folder, settings: { 'agentTasks.serviceUrl': sandbox.url } });
  const browser = await launchBrowser(runDir);
  const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
  page.setDefaultTimeout(60_000);
  watchPage(page, 'ui');
  let code = 0;
  try {
    await page.goto(workbenchUrl(server, { folder, extensionDevelopmentPath: ROOT }), { timeout: 120_000 });
    await waitForWorkbench(page);
    // The container opened, and the extension running: the Repository view names the workspace's repository.
    await page.locator(sel.activityItem('Agent Tasks')).waitFor({ timeout: 180_000 });
    // A click on the container's icon closes the sidebar when the container is open already (restored).
    if (!(await viewPane(page, /^Repository/i).isVisible()))
      await page.locator(sel.activityItem('Agent Tasks')).locator('xpath=..').click();
    await viewPane(page, /^Repository/i)
      .locator('.pane-header .description', { hasText: 'acme/rocket' })
      .waitFor({ timeout: 180_000 });
    // Signed in as a person who typed a wrong token first (ui-token.mjs).
    await signInAfterAWrongToken(page, { tokens: DEMO_TOKENS, shots, check });
    await viewPane(page, /^Repository/i).waitFor();
    await checkGoToTask(page, { shots, check });
    console.log(`UI checks: ${passed} passed, 0 failed`);
  } catch (e) {
    code = 1;
    console.error(`[ui] FAILED: ${e.message}`);
    await page.screenshot({ path: path.join(shots, 'goto-failure.png') }).catch(() => {});
  } finally {
    await browser.close().catch(() => {});
    server.stop();
    await sandbox.stop();
    if (code === 0) fs.rmSync(runDir, { recursive: true, force: true });
    else console.log(`[ui] logs kept in ${runDir}`);
  }
  process.exit(code);
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) await main();
