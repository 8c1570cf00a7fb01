// The UI smoke test: a real VS Code in headless chromium with the extension under development, against the
// sandbox's demo world. Sets a token, opens the Agent Tasks container, checks the Repository tree against
// what the sandbox holds, opens a task's page and presses one of its buttons, starts a task from the command
// palette and watches the status bar change, then starts one from a selection in an editor.
// Screenshots go to .artifacts/screenshots/ (kept out of git).
//   node scripts/vscode/ui-smoke.mjs            (npm run test:ui builds first)
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { ROOT, ARTIFACTS, makeRunDir, startCodeServer, launchBrowser, workbenchUrl, watchPage } from './lib.mjs';
import { startSandbox, ensureDemoRepo, SANDBOX_JS } from './demo.mjs';
import { checkTaskPage } from './ui-taskpage.mjs';
import { checkChatToolConfirmation, installToolCaller } from './ui-chattool.mjs';
import { checkContinueTask } from './ui-continue.mjs';
import {
  sel,
  waitForWorkbench,
  viewPane,
  focusPane,
  runCommand,
  answerStep,
  acceptDefaults,
  statusTexts,
  nextStepRows,
  signInByUi,
  widenSidebar,
} from './workbench.mjs';

const EXTENSION_ID = 'agent-tasks.agent-tasks';
const shots = path.join(ARTIFACTS, 'screenshots');
fs.mkdirSync(shots, { recursive: true });
const t0 = Date.now();
const since = () => `${((Date.now() - t0) / 1000).toFixed(1)} s`;
let passed = 0;
const check = what => {
  passed++;
  console.log(`[ui] ok ${passed}: ${what} (${since()})`);
};

const runDir = makeRunDir('ui');
const sandbox = await startSandbox({ stepMs: 0, logFile: path.join(runDir, 'sandbox.log') });
const { DEMO_TOKENS } = createRequire(import.meta.url)(SANDBOX_JS);
const folder = ensureDemoRepo(path.join(runDir, 'rocket'), sandbox.url);
installToolCaller(runDir);
const server = await startCodeServer({ runDir, folder, settings: { 'agentTasks.serviceUrl': sandbox.url } });
const browser = await launchBrowser(runDir);
const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
page.setDefaultTimeout(60_000);
watchPage(page, 'ui');

/** The demo world's tasks of acme/rocket as the service lists them, asked directly of the sandbox. */
async function rocketTasks() {
  const res = await fetch(`${sandbox.url}/agents/repos/acme/rocket/tasks?per_page=100`, {
    headers: { authorization: `Bearer ${DEMO_TOKENS.fineGrained}`, accept: 'application/vnd.vendor+json' },
  });
  if (!res.ok) throw new Error(`the sandbox answered ${res.status} to the task list`);
  const body = await res.json();
  return Array.isArray(body) ? body : body.tasks;
}

async function statusChanged(old, timeout) {
  return page
    .waitForFunction(
      ([s, id, was]) =>
        JSON.stringify(
          [...document.querySelectorAll(`${s} .statusbar-item[id^="${id}"]`)].map(e => e.innerText.trim()),
        ) !== was,
      [sel.statusbar, EXTENSION_ID, JSON.stringify(old)],
      { timeout },
    )
    .then(
      () => true,
      () => false,
    );
}

let code = 0;
try {
  await page.goto(workbenchUrl(server, { folder, extensionDevelopmentPath: ROOT }), { timeout: 120_000 });
  await waitForWorkbench(page);
  check('workbench rendered');
  await page.locator(sel.activityItem('Agent Tasks')).waitFor();
  check('the Agent Tasks container is in the activity bar');

  // A token through the UI, as a person does: the command, its kind pick, its input box.
  await signInByUi(page, DEMO_TOKENS.fineGrained);
  check('token set through "Agent Tasks: Set Token…"');

  // The item that holds the icon: the views' badge (running tasks) lies over the icon itself.
  await page
    .locator(`${sel.activityItem('Agent Tasks')}`)
    .locator('xpath=..')
    .click();
  const pane = viewPane(page, /^Repository/i);
  await pane.waitFor();
  // The task views' names fit the sidebar at its default width, with their title-bar buttons shown (on hover).
  for (const name of ['Repository', 'My Tasks']) {
    const header = viewPane(page, new RegExp(`^${name}`, 'i')).locator('.pane-header');
    await header.hover();
    const title = header.locator('.title');
    const [text, cut] = await title.evaluate(el => [el.textContent, el.scrollWidth > el.clientWidth]);
    if (cut) throw new Error(`the view title "${text}" is cut at the default sidebar width`);
  }
  await page.screenshot({ path: path.join(shots, '0-default-sidebar-width.png') });
  check("the task views' names are whole at the default sidebar width");
  await focusPane(page, 'Repository');
  await widenSidebar(page, 640);
  const expected = (await rocketTasks()).filter(t => !t.archived_at).map(t => t.name);
  if (expected.length === 0) throw new Error('the demo world has no unarchived task in acme/rocket');
  for (const name of expected) await pane.getByRole('treeitem', { name }).first().waitFor();
  // A row's name may be shortened on screen (its state keeps its place); its accessible label has it whole.
  const labels = await pane.locator('.monaco-list-row').evaluateAll(rows => rows.map(r => r.ariaLabel ?? ''));
  console.log(`[ui] Repository rows: ${JSON.stringify(labels)}`);
  const absent = expected.filter(name => !labels.some(l => l.includes(name)));
  if (absent.length) throw new Error(`tasks of acme/rocket not in the tree: ${JSON.stringify(absent)}`);
  await page.screenshot({ path: path.join(shots, '1-repository-tasks.png') });
  check(`the ${expected.length} unarchived tasks of acme/rocket are in the Repository view`);

  // The task page: Show Task Details from a task's context menu, its theme, one of its buttons.
  const byId = async id => (await rocketTasks()).find(t => t.id === id);
  await checkTaskPage(page, {
    pane,
    task: await byId('demo-rocket-01'),
    // Waiting for you and Cancelled: the states whose chart colours read worst as text on a light background.
    others: [await byId('demo-rocket-06'), await byId('demo-rocket-08')],
    shots,
    check,
  });
  // Continue Task from the context menu, and a filter set and cleared.
  const old = (await rocketTasks()).find(t => t.id === 'demo-rocket-01');
  await checkContinueTask(page, { pane, old, sandbox: sandbox.url, token: DEMO_TOKENS.fineGrained, shots, check });

  // The chat start tool's confirmation: VS Code's own dialog, read and answered.
  await checkChatToolConfirmation(page, { runDir, sandboxUrl: sandbox.url, shots, check });

  const statusBefore = await statusTexts(page, EXTENSION_ID);
  console.log(`[ui] status bar before: ${JSON.stringify(statusBefore)}`);
  const before = new Set((await rocketTasks()).map(t => t.id));
  const prompt = `Add a unit test for countdown(0) (ui smoke ${Date.now()})`;
  await runCommand(page, 'Agent Tasks: Start Task…');
  // The first step offers recent prompts and prompt files (the demo has one); the prompt is typed right there, and
  // text that matches no row is the new prompt: the "New prompt…" row stays and says that Enter takes it.
  const offered = await nextStepRows(page, null);
  if (!offered.some(r => /new prompt/i.test(r))) throw new Error(`Start Task's first step offers ${offered}`);
  await page.locator(sel.quickInputBox).fill(prompt);
  const takes = page.locator(sel.quickInputRow, { hasText: 'Enter takes what you typed' });
  await takes.waitFor();
  const left = await page.locator(sel.quickInputRow).allInnerTexts();
  await page.screenshot({ path: path.join(shots, '2-start-task-typed.png') });
  await answerStep(page);
  const boxHolds = await page.locator(sel.quickInputBox).inputValue();
  if (boxHolds !== prompt) throw new Error(`after Enter on the typed prompt, the prompt's box holds "${boxHolds}"`);
  check(`a prompt typed into Start Task's first step is taken (rows left: ${JSON.stringify(left)})`);
  await answerStep(page);
  await page.locator(sel.quickInput).waitFor();
  await page.screenshot({ path: path.join(shots, '2-start-task-options.png') });
  const steps = await acceptDefaults(page);
  console.log(`[ui] after the prompt, Enter on: ${JSON.stringify(steps)}`);
  check('"Agent Tasks: Start Task…" ran through its quick inputs');

  // The tree shows it once the sandbox has it (its name is the prompt, which is short enough to be whole).
  await pane.getByRole('treeitem', { name: prompt }).first().waitFor({ timeout: 20_000 });
  const created = (await rocketTasks()).find(t => !before.has(t.id));
  if (!created) throw new Error('no new task reached the sandbox');
  check(`the sandbox has the new task ${created.id}`);

  await pane.getByRole('treeitem', { name: created.name }).first().waitFor();
  check('the new task is in the tree');

  // A queued task may not count as running yet; if the status bar has not moved, move the task along.
  if (!(await statusChanged(statusBefore, 5_000))) {
    await fetch(`${sandbox.url}/_sandbox/advance`, { method: 'POST', headers: { 'content-type': 'application/json' } });
    console.log('[ui] status bar unchanged while the task is queued; advanced the sandbox one step');
    if (!(await statusChanged(statusBefore, 20_000)))
      throw new Error(`the status bar stayed ${JSON.stringify(statusBefore)}`);
  }
  const statusAfter = await statusTexts(page, EXTENSION_ID);
  console.log(`[ui] status bar after: ${JSON.stringify(statusAfter)}`);
  await page.screenshot({ path: path.join(shots, '3-task-started.png') });
  check('the status bar changed');

  // From a selection: the selected lines go whole (a one-line input box would flatten them), with an instruction.
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
  // The box counts what was selected (3 lines), not the prompt's lines (which add the file's name and a fence).
  const boxMessage = page.locator(`${sel.quickInput} .quick-input-message`);
  await boxMessage.filter({ hasText: /sent as/ }).waitFor();
  const boxSays = await boxMessage.innerText();
  if (!boxSays.startsWith('The 3 selected lines are sent as they are'))
    throw new Error(`for 3 selected lines the input box says ${JSON.stringify(boxSays)}`);
  const instruction = `Add a test for zero (ui smoke ${Date.now()})`;
  await answerStep(page, { text: instruction });
  await acceptDefaults(page);
  // Named by the instruction, its first line, once the sandbox has it.
  await pane.getByRole('treeitem', { name: instruction }).first().waitFor({ timeout: 20_000 });
  const fromSel = (await rocketTasks()).find(t => !beforeSel.has(t.id));
  if (!fromSel) throw new Error('no task from the selection reached the sandbox');
  await fetch(`${sandbox.url}/_sandbox/advance`, { method: 'POST', headers: { 'content-type': 'application/json' } }); // its session (and prompt) appears in_progress
  const detail = await (
    await fetch(`${sandbox.url}/agents/repos/acme/rocket/tasks/${fromSel.id}`, {
      headers: { authorization: `Bearer ${DEMO_TOKENS.fineGrained}`, accept: 'application/vnd.vendor+json' },
    })
  ).json();
  const sent = detail.sessions?.[0]?.prompt ?? '';
  console.log(`[ui] prompt sent from the selection: ${JSON.stringify(sent)}`);
  if (
    !sent.startsWith(`${instruction}\n\n`) ||
    !/\n```typescript\n[^]*\n.*\n```\n/.test(sent) ||
    !sent.includes('Reference: `src/countdown.ts`, lines 1')
  ) {
    throw new Error('the prompt from the selection lost its instruction, its line breaks or its reference');
  }
  await page.screenshot({ path: path.join(shots, '4-started-from-selection.png') });
  check('"Start Task from Selection" sent the instruction and the selected lines whole, with their reference');

  // A session's tooltip, as the hover draws it: service text as the same words, no Markdown escapes shown.
  await focusPane(page, 'Repository');
  const running = pane.getByRole('treeitem', { name: 'Fix the flaky countdown test' }).first();
  await running.click();
  await page.keyboard.press('ArrowRight');
  const session = pane.locator('.monaco-list-row', { hasText: 'family-b-5.3-codex' }).first();
  await session.waitFor();
  const hover = page.locator('.workbench-hover, .monaco-hover').filter({ hasText: 'Model:' }).first();
  // The tasks started above still move, and a row redrawn under the pointer drops its hover before it shows:
  // point away and hover again, a few times.
  for (let attempt = 1; ; attempt++) {
    await session.hover();
    const shown = await hover.waitFor({ timeout: 6_000 }).then(
      () => true,
      () => false,
    );
    if (shown) {
      if (attempt > 1) console.log(`[ui] the session's tooltip showed at hover ${attempt}`);
      break;
    }
    if (attempt === 5) throw new Error("the session's tooltip did not show after 5 hovers");
    await page.mouse.move(0, 0);
  }
  const hoverText = await hover.innerText();
  if (!hoverText.includes('Model: family-b-5.3-codex') || hoverText.includes('\\'))
    throw new Error(`the session's tooltip reads ${JSON.stringify(hoverText)}`);
  check("a session's tooltip shows its model as sent, without Markdown escapes");
  console.log(`UI checks: ${passed} passed, 0 failed`);
} catch (e) {
  code = 1;
  console.error(`[ui] FAILED after ${since()}: ${e.message}`);
  console.log(`UI checks: ${passed} passed, 1 failed`);
  await page.screenshot({ path: path.join(shots, 'failure.png') }).catch(() => {});
} finally {
  await browser.close().catch(() => {});
  server.stop();
  await sandbox.stop();
  if (code === 0) fs.rmSync(runDir, { recursive: true, force: true });
  else console.log(`[ui] logs kept in ${runDir}`);
  console.log(`[ui] done in ${since()}; screenshots in ${shots}`);
  process.exit(code);
}
