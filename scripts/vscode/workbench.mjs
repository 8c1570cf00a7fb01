// Playwright helpers that drive VS Code's workbench the way a person does: activity bar, views, command palette,
// quick inputs, status bar. The selectors are VS Code's DOM (stable for years, but not an API); they live here only.
export const sel = {
  workbench: '.monaco-workbench',
  activityItem: label => `#workbench\\.parts\\.activitybar .action-item a[aria-label^="${label}"]`,
  sidebar: '#workbench\\.parts\\.sidebar',
  statusbar: '#workbench\\.parts\\.statusbar',
  quickInput: '.quick-input-widget',
  quickInputBox: '.quick-input-widget .quick-input-box input',
  quickInputRow: '.quick-input-widget .quick-input-list .monaco-list-row',
};

export async function waitForWorkbench(page) {
  await page.locator(sel.workbench).waitFor();
  await page.locator(sel.statusbar).waitFor();
}

/** Drags the sash at the sidebar's right edge so long tree labels are readable in screenshots. */
export async function widenSidebar(page, width) {
  const box = await page.locator(sel.sidebar).boundingBox();
  if (!box || box.width >= width) return;
  const x = box.x + box.width + 1,
    y = box.y + box.height / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(box.x + width, y, { steps: 5 });
  await page.mouse.up();
}

/** The sidebar pane of a view, found by its title. */
export function viewPane(page, title) {
  return page.locator(`${sel.sidebar} .pane`).filter({ has: page.locator('.pane-header', { hasText: title }) });
}

/** Collapses every pane of the open view container except the one titled `keep`, so that one has the room. */
export async function focusPane(page, keep) {
  const headers = page.locator(`${sel.sidebar} .pane-header`);
  for (let i = 0; i < (await headers.count()); i++) {
    const h = headers.nth(i);
    const expanded = (await h.getAttribute('aria-expanded')) === 'true';
    const isKeep = (await h.innerText()).toLowerCase().includes(keep.toLowerCase());
    if (expanded !== isKeep) await h.click();
  }
}

export async function treeLabels(pane) {
  return (await pane.locator('.monaco-list-row').allInnerTexts()).map(s => s.split('\n')[0].trim()).filter(Boolean);
}

/**
 * Opens the command palette and runs the command whose label is exactly `label` (e.g. "Agent Tasks: Refresh").
 * The palette lists the commands known when it opens, and an extension's contributions may arrive a little later
 * than the workbench: so it retries for a while.
 */
export async function runCommand(page, label, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    await page.keyboard.press('F1');
    const input = page.locator(sel.quickInputBox);
    await input.waitFor();
    await input.fill(`>${label}`);
    const row = page
      .locator(sel.quickInputRow)
      .filter({ has: page.locator('.label-name', { hasText: new RegExp(`^${escape(label)}$`) }) })
      .first();
    if (
      await row.waitFor({ timeout: 3_000 }).then(
        () => true,
        () => false,
      )
    ) {
      await row.click();
      // Done when the palette has gone: hidden, or showing the command's own first step.
      await page.waitForFunction(s => !document.querySelector(s)?.value?.startsWith('>'), sel.quickInputBox);
      return;
    }
    await page.keyboard.press('Escape');
    if (Date.now() > deadline) throw new Error(`the command palette has no "${label}"`);
    await page.waitForTimeout(1_000);
  }
}

/** Whether a quick input (pick or box) is showing. */
export async function quickInputOpen(page) {
  return page.locator(sel.quickInput).isVisible();
}

/**
 * Waits for a quick-input step other than the one `previous` identifies (see answerStep) and returns the labels
 * of its rows (empty for an input box), once they stop changing.
 */
export async function nextStepRows(page, previous, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const now = await stepSignature(page);
    if (now !== null && now !== previous) break;
    if (Date.now() > deadline) throw new Error(`no quick-input step after "${previous}"`);
    await page.waitForTimeout(100);
  }
  let last = null;
  for (let i = 0; i < 20; i++) {
    const rows = JSON.stringify(await page.locator(sel.quickInputRow).allInnerTexts());
    if (rows === last) break;
    last = rows;
    await page.waitForTimeout(150);
  }
  return JSON.parse(last).map(r => r.trim());
}

/** What identifies the current quick-input step: its title, placeholder and message. */
async function stepSignature(page) {
  const w = page.locator(sel.quickInput);
  if (!(await w.isVisible())) return null;
  const title = await w
    .locator('.quick-input-title')
    .innerText({ timeout: 500 })
    .catch(() => '');
  const placeholder = await page
    .locator(sel.quickInputBox)
    .getAttribute('placeholder', { timeout: 500 })
    .catch(() => '');
  const message = await w
    .locator('.quick-input-message')
    .innerText({ timeout: 500 })
    .catch(() => '');
  return `${title}|${placeholder}|${message}`;
}

/**
 * Answers the current quick-input step: picks the row matching `pick` (a RegExp), or types `text`, then Enter.
 * Resolves with the step's signature once the widget shows the next step or closes.
 */
export async function answerStep(page, { pick, text } = {}, timeoutMs = 10_000) {
  await page.locator(sel.quickInput).waitFor();
  const before = await stepSignature(page);
  if (pick) {
    const row = page.locator(sel.quickInputRow).filter({ hasText: pick }).first();
    await row.waitFor();
    // The pointer rests where the previous step's row was clicked; the hover it raises on this step's row there
    // would cover the row to click, so it is moved off the list first, as a person's hand would.
    await page.mouse.move(0, 0);
    await row.click();
  } else {
    if (text !== undefined) await page.locator(sel.quickInputBox).fill(text);
    await page.keyboard.press('Enter');
  }
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const now = await stepSignature(page);
    if (now !== null && now !== before) return before;
    if (now === null) {
      // Closed: either the flow is over or its next step is about to open; give it a moment to show.
      await page
        .locator(sel.quickInput)
        .waitFor({ timeout: 1_500 })
        .catch(() => {});
      return before;
    }
    await page.waitForTimeout(100);
  }
  throw new Error(`the quick input stayed on the same step (${before}); is the answer refused?`);
}

/** Accepts the defaults of every remaining step (Enter), up to `max` steps; returns the steps seen. */
export async function acceptDefaults(page, max = 10) {
  const steps = [];
  for (let i = 0; i < max; i++) {
    await page.waitForTimeout(300); // the next step may open a moment after the previous closed
    if (!(await quickInputOpen(page))) return steps;
    steps.push(await answerStep(page));
  }
  throw new Error(`still asking after ${max} steps: ${steps.join(' / ')}`);
}

/** The texts of the status bar items an extension contributed (their element ids start with its id). */
export async function statusTexts(page, extensionId) {
  return (await page.locator(`${sel.statusbar} .statusbar-item[id^="${extensionId}"]`).allInnerTexts()).map(s =>
    s.trim(),
  );
}

function escape(s) {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
