// The UI smoke's look at the task page: opened from a task's context menu as a person does; its colours following
// the theme, and read by axe-core (a real accessibility engine, WCAG 2.1 A and AA) in VS Code's default light theme,
// its dark one and both high-contrast ones, so that every word on it (the state's too) can be read; the pages of a
// task waiting for the user and a cancelled one read in the light theme as well. Its "Open on the Web" button opens
// the task's web page. Each page is closed again.
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { sel } from './workbench.mjs';

const AXE = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const WCAG = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * The task page's own document: the frame inside the webview's frame (its content is another origin). While the
 * webview swaps its document for a new one, its frame may be there without a document yet: waited for.
 */
async function pageFrame(page) {
  for (let tries = 1; ; tries++) {
    const outer = await (await page.locator('iframe.webview').elementHandle()).contentFrame();
    const inner = await (await outer?.locator('#active-frame').elementHandle())?.contentFrame();
    if (inner && !inner.isDetached()) return inner;
    if (tries >= 100) throw new Error('the task page has no frame of its own');
    await page.waitForTimeout(100);
  }
}

/**
 * Runs `use` on the task page's document. A page drawn again (its changes or sessions arrive after the first draw) is a
 * new document in a new frame, and the one being read is detached: read again from the frame that replaced it.
 */
async function onPage(page, use) {
  for (let tries = 1; ; tries++) {
    try {
      return await use(await pageFrame(page));
    } catch (e) {
      if (tries >= 5 || !/detached|context was destroyed/i.test(String(e?.message))) throw e;
    }
  }
}

/**
 * axe-core run on the task page (evaluated through the driver: the page's script policy is not involved). Returns the
 * violations of WCAG 2.1 A/AA, and the contrast axe measured for each state label it read.
 */
const axeOn = page => onPage(page, axeIn);

async function axeIn(frame) {
  if (!(await frame.evaluate('typeof axe !== "undefined"'))) await frame.evaluate(`${AXE}\n;0`);
  return frame.evaluate(async tags => {
    // eslint-disable-next-line no-undef
    const r = await axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
    // eslint-disable-next-line no-undef
    const contrast = await axe.run(document.querySelectorAll('.state'), { runOnly: ['color-contrast'] });
    const measured = [...contrast.passes, ...contrast.violations, ...contrast.incomplete].flatMap(rule =>
      rule.nodes.map(n => `${n.html.replace(/<[^>]+>/g, '')} ${n.any[0]?.data?.contrastRatio ?? '?'}:1`),
    );
    return {
      violations: r.violations.map(v => ({
        id: v.id,
        impact: v.impact,
        nodes: v.nodes.map(n => `${n.target.join(' ')}: ${n.failureSummary?.replace(/\s+/g, ' ')}`),
      })),
      measured,
    };
  }, WCAG);
}

/** The page's text colour on its background, as computed now. */
const colours = page =>
  onPage(page, frame =>
    frame.evaluate(
      () => `${getComputedStyle(document.body).color} on ${getComputedStyle(document.body).backgroundColor}`,
    ),
  );

/** Chooses a colour theme by its name in "Preferences: Color Theme", and waits for the page to take its colours. */
async function setTheme(page, name) {
  const before = await colours(page);
  await page.keyboard.press('F1');
  await page.locator(sel.quickInputBox).fill('>Preferences: Color Theme');
  await page
    .locator(sel.quickInputRow)
    .filter({ has: page.locator('.label-name', { hasText: /^Preferences: Color Theme$/ }) })
    .first()
    .click();
  await page.locator(sel.quickInputRow, { hasText: 'Light Modern' }).first().waitFor();
  await page.locator(sel.quickInputBox).fill(name);
  await page
    .locator(sel.quickInputRow)
    .filter({ has: page.locator('.label-name', { hasText: new RegExp(`^${name}$`) }) })
    .first()
    .click();
  await page.locator(sel.quickInput).waitFor({ state: 'hidden' });
  // Waited for in the page itself, frame by frame, until its colours are no longer the last theme's.
  await onPage(page, frame =>
    frame.evaluate(
      was =>
        new Promise(resolve => {
          const deadline = performance.now() + 10_000;
          const look = () => {
            const now = `${getComputedStyle(document.body).color} on ${getComputedStyle(document.body).backgroundColor}`;
            if (now !== was || performance.now() > deadline) resolve();
            else requestAnimationFrame(look);
          };
          look();
        }),
      before,
    ),
  );
  return colours(page);
}

async function openTaskPage(page, pane, task) {
  await pane.getByRole('treeitem', { name: task.name }).first().click({ button: 'right' });
  // The item is hovered and chosen with Enter: a mouse click on it left the menu open and ran nothing here.
  const item = page.locator('.context-view .action-item', { hasText: 'Show Task Details' });
  await item.hover();
  await page.locator('.context-view .action-item.focused', { hasText: 'Show Task Details' }).waitFor();
  await page.keyboard.press('Enter');
  const taskPage = page.frameLocator('iframe.webview').frameLocator('#active-frame');
  await taskPage.locator('h1', { hasText: task.name }).waitFor();
  await taskPage.locator('.summary .state').first().waitFor();
  return taskPage;
}

async function closeTaskPage(page, task) {
  const tab = page.locator('.tabs-container .tab', { hasText: task.name.slice(0, 20) }).first();
  await tab.hover();
  await tab.locator('.tab-actions .action-label').first().click();
  await page.locator('iframe.webview').waitFor({ state: 'detached' });
}

/** axe on the open page: no WCAG A/AA violation; returns the state contrasts it measured, for the log. */
async function readable(page, theme, check) {
  const { violations, measured } = await axeOn(page);
  if (violations.length)
    throw new Error(`axe-core finds on the task page in ${theme}: ${JSON.stringify(violations, null, 1)}`);
  check(`axe-core (WCAG 2.1 A/AA) finds nothing on the task page in ${theme}; state text ${measured.join(', ')}`);
}

/**
 * `pane` is the Repository pane, `task` one of its tasks of acme/rocket (as the service lists it); `others`, tasks in
 * other states whose pages are read too.
 */
export async function checkTaskPage(page, { pane, task, others = [], shots, check }) {
  const taskPage = await openTaskPage(page, pane, task);
  await taskPage.locator('pre.prompt').waitFor();
  await page.screenshot({ path: path.join(shots, '1b-task-page.png') });
  check('"Show Task Details" opened the rendered task page with its session');

  // It follows the theme, and every word reads in each of VS Code's own themes.
  const light = await setTheme(page, 'Light Modern');
  await readable(page, 'the default light theme (Light Modern)', check);
  const dark = await setTheme(page, 'Dark Modern');
  if (dark === light) throw new Error(`the task page kept its colours (${light}) when the theme changed`);
  await page.screenshot({ path: path.join(shots, '1c-task-page-dark.png') });
  check(`the task page follows the theme (${light} → ${dark})`);
  await readable(page, 'the dark theme (Dark Modern)', check);
  await setTheme(page, 'Dark High Contrast');
  await readable(page, 'Dark High Contrast', check);
  await setTheme(page, 'Light High Contrast');
  await page.screenshot({ path: path.join(shots, '1c-task-page-hc-light.png') });
  await readable(page, 'Light High Contrast', check);
  await setTheme(page, 'Light Modern');

  const popup = page.context().waitForEvent('page', { timeout: 15_000 });
  await taskPage.locator('button[data-action="openOnWeb"]').click();
  // The workbench may ask before opening an address outside it; if it does, the answer is Open.
  const ask = page.locator('.monaco-dialog-box .monaco-button', { hasText: /^Open$/ });
  void ask.waitFor({ timeout: 15_000 }).then(
    () => ask.click(),
    () => {},
  );
  const web = await popup;
  await web.waitForLoadState();
  if (!web.url().includes(`/acme/rocket/tasks/${task.id}`)) throw new Error(`"Open on the Web" opened ${web.url()}`);
  check(`the page's "Open on the Web" button opened ${web.url()}`);
  await web.close();
  await page.bringToFront();
  await closeTaskPage(page, task);

  // The states the default light theme's chart colours could not carry as text: each one's page read too.
  for (const other of others) {
    await openTaskPage(page, pane, other);
    await readable(page, `the default light theme, on the page of a task ${other.state}`, check);
    await closeTaskPage(page, other);
  }
}
