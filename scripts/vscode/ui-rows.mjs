// What the Agent Tasks container shows at VS Code's default sidebar width, read from the screen in a real VS Code
// against the sandbox's demo world: every task row keeps its state and time whole (the name gives way first), and
// the container's badge in the activity bar counts each running task once, as the status bar does; and the
// Installations view, collapsed at first and its code loaded when it first draws, lists the installations once opened.
//   npm run build && node scripts/vscode/ui-rows.mjs
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { ROOT, ARTIFACTS, makeRunDir, startCodeServer, launchBrowser, workbenchUrl, watchPage } from './lib.mjs';
import { startSandbox, ensureDemoRepo, SANDBOX_JS } from './demo.mjs';
import {
  sel,
  waitForWorkbench,
  viewPane,
  answerStep,
  nextStepRows,
  acceptDefaults,
  untilScreen,
} from './workbench.mjs';

const shots = path.join(ARTIFACTS, 'screenshots');
fs.mkdirSync(shots, { recursive: true });
let passed = 0;
const check = what => console.log(`[ui-rows] ok ${++passed}: ${what}`);

const runDir = makeRunDir('ui-rows');
const sandbox = await startSandbox({ stepMs: 0, logFile: path.join(runDir, 'sandbox.log') });
const { DEMO_TOKENS } = createRequire(import.meta.url)(SANDBOX_JS);
const folder = ensureDemoRepo(path.join(runDir, 'rocket'), sandbox.url);
const server = await startCodeServer({ runDir, folder, settings: { 'agentTasks.serviceUrl': sandbox.url } });
const browser = await launchBrowser(runDir);
// A common laptop window: VS Code opens its sidebar at its default width (300 px) there.
const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
page.setDefaultTimeout(60_000);
watchPage(page, 'ui-rows');

/**
 * Each task row of a pane: its name and description as drawn, and whether its state (the description's first part)
 * ends inside the row's visible box, measured on the drawn text itself.
 */
async function rows(pane) {
  return pane.locator('.monaco-list-row').evaluateAll(list =>
    list
      .map(row => {
        const box = row.querySelector('.monaco-icon-label-container');
        const name = row.querySelector('.label-name')?.textContent ?? '';
        const el = row.querySelector('.label-description');
        const description = el?.textContent ?? '';
        const text = el && [...el.childNodes].find(n => n.nodeType === 3 /* text */);
        let stateShown = false;
        if (box && text) {
          const range = document.createRange();
          range.setStart(text, 0);
          range.setEnd(text, Math.max(0, description.indexOf(' · ')));
          stateShown = range.getBoundingClientRect().right <= box.getBoundingClientRect().right + 0.5;
        }
        return { name, description, stateShown, aria: row.ariaLabel };
      })
      .filter(r => / · /.test(r.description)),
  );
}

let code = 0;
try {
  await page.goto(workbenchUrl(server, { folder, extensionDevelopmentPath: ROOT }), { timeout: 180_000 });
  await waitForWorkbench(page);
  // Signed in from the Repository view's own welcome button, which names the token it sets: no kind is asked.
  await page.locator(sel.activityItem('Agent Tasks')).locator('xpath=..').click();
  const welcome = viewPane(page, /^Repository/i).locator('.welcome-view-content .monaco-button', {
    hasText: 'Set Fine-grained Token',
  });
  await welcome.waitFor({ timeout: 180_000 });
  await welcome.click();
  const first = await nextStepRows(page, null);
  if (first.some(r => /classic|installation/i.test(r)))
    throw new Error(`the welcome's Set Fine-grained Token asked which kind: ${JSON.stringify(first)}`);
  if (first.some(r => /enter a token/i.test(r))) await answerStep(page, { pick: /enter a token/i });
  await answerStep(page, { text: DEMO_TOKENS.fineGrained });
  await acceptDefaults(page);
  check(`the welcome's Set Fine-grained Token asked no kind (first step: ${JSON.stringify(first)})`);
  const pane = viewPane(page, /^Repository/i);
  await pane.locator('.monaco-list-row', { hasText: 'Completed' }).first().waitFor();
  const width = (await page.locator(sel.sidebar).boundingBox())?.width;
  console.log(`[ui-rows] sidebar width ${width} px`);

  // The badge: the running tasks, once each (the demo world runs one in acme/rocket and one in mona/dotfiles).
  const running = await page.waitForFunction(
    s => /(\d+) running/.exec(document.querySelector(s)?.innerText ?? '')?.[1],
    sel.statusbar,
  );
  const n = Number(await running.jsonValue());
  const badge = page
    .locator(`${sel.activityItem('Agent Tasks')}`)
    .locator('xpath=..')
    .locator('.badge-content');
  // The badge follows the views' own (set as the lists arrive): waited for until it shows the status bar's number.
  await untilScreen(
    page,
    ([item, want]) =>
      document.querySelector(item)?.parentElement?.querySelector('.badge-content')?.innerText.trim() === want,
    [sel.activityItem('Agent Tasks'), String(n)],
  ).catch(() => undefined);
  const shown = (await badge.innerText().catch(() => '')).trim();
  await page.screenshot({ path: path.join(shots, 'rows-default-width.png') });
  if (shown !== String(n))
    throw new Error(`the Agent Tasks badge says ${shown} while the status bar says ${n} running`);
  check(`the Agent Tasks badge counts each running task once: ${shown}, as the status bar's "${n} running"`);

  for (const [title, view] of [
    [/^Repository/i, 'Repository'],
    [/^My Tasks/i, 'My Tasks'],
  ]) {
    const drawn = await rows(viewPane(page, title));
    console.log(`[ui-rows] ${view}: ${JSON.stringify(drawn)}`);
    if (!drawn.length) throw new Error(`no task rows read in ${view}`);
    for (const r of drawn) {
      // The state comes first in the description; what follows it (time, repository) may be cut at the row's end.
      const state = r.description.split(' · ')[0];
      if (!r.stateShown) throw new Error(`${view}: the state "${state}" of "${r.name}" is cut at the row's end`);
      if (!r.aria?.includes(`, ${state}, updated `))
        throw new Error(`${view}: the accessible label "${r.aria}" does not say the state and time`);
    }
    check(`${view}: every task row shows its state whole at the default sidebar width, and says it to a reader`);
  }

  // The Installations view starts collapsed, and its code loads when it first draws: opened, it lists them.
  const installations = viewPane(page, /^Installations/i);
  await installations.locator('.pane-header').click();
  await installations.locator('.monaco-list-row', { hasText: 'ci-bot · selected repositories' }).first().waitFor();
  await page.screenshot({ path: path.join(shots, 'rows-installations.png') });
  const listed = await installations
    .locator('.monaco-list-row')
    .evaluateAll(list =>
      list.map(
        r => `${r.querySelector('.label-name')?.textContent} | ${r.querySelector('.label-description')?.textContent}`,
      ),
    );
  for (const want of ['acme | ci-bot · selected repositories', 'mona | lint-bot · all repositories'])
    if (!listed.includes(want)) throw new Error(`the Installations view lists ${JSON.stringify(listed)}`);
  check(`opened, the Installations view lists the installations: ${JSON.stringify(listed)}`);
  console.log(`UI checks: ${passed} passed, 0 failed`);
} catch (e) {
  code = 1;
  console.error(`[ui-rows] FAILED: ${e.message}`);
  await page.screenshot({ path: path.join(shots, 'rows-failure.png') }).catch(() => {});
} finally {
  await browser.close().catch(() => {});
  server.stop();
  await sandbox.stop();
  if (code === 0) fs.rmSync(runDir, { recursive: true, force: true });
  else console.log(`[ui-rows] logs kept in ${runDir}`);
  process.exit(code);
}
