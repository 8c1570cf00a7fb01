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
      // Done when the palette has gone: hidden (its box keeps the text typed), or showing the command's own first
      // step. A command that asks nothing at once (Set Token… looks up accounts first) leaves it hidden.
      await untilScreen(
        page,
        ([widget, box]) => {
          const w = document.querySelector(widget);
          const shown = w && w.getBoundingClientRect().height > 0 && getComputedStyle(w).display !== 'none';
          return !shown || !document.querySelector(box)?.value?.startsWith('>');
        },
        [sel.quickInput, sel.quickInputBox],
        timeoutMs,
      );
      return;
    }
    await page.keyboard.press('Escape');
    if (Date.now() > deadline) throw new Error(`the command palette has no "${label}"`);
    // Opened again once it has closed; the row's own wait above paces the tries.
    await page.locator(sel.quickInput).waitFor({ state: 'hidden' });
  }
}

/**
 * Waits until `fn(arg)`, run in the page on every animation frame, is truthy: a wait on what the screen shows,
 * never on the clock.
 */
export function untilScreen(page, fn, arg, timeout = 10_000) {
  return page.waitForFunction(fn, arg, { polling: 'raf', timeout });
}

/**
 * Puts two helpers on the page's window (idempotent; evaluated through the driver, so the page's script policy is
 * not involved): `__agentTasksStep()`, what identifies the current quick-input step (title, placeholder, message) or
 * null when none shows; `__agentTasksRowsSettled()`, whether the rows have looked the same for a few frames running.
 */
async function pageHelpers(page) {
  await page.evaluate(
    s => {
      if (window.__agentTasksStep) return;
      window.__agentTasksStep = () => {
        const w = document.querySelector(s.quickInput);
        if (!w) return null;
        const r = w.getBoundingClientRect();
        if (r.width === 0 || r.height === 0 || getComputedStyle(w).visibility === 'hidden') return null;
        const text = q => w.querySelector(q)?.innerText ?? '';
        const placeholder = document.querySelector(s.quickInputBox)?.getAttribute('placeholder') ?? '';
        return `${text('.quick-input-title')}|${placeholder}|${text('.quick-input-message')}`;
      };
      let seen = { rows: null, frames: 0 };
      window.__agentTasksRowsSettled = reset => {
        if (reset) seen = { rows: null, frames: 0 };
        const rows = [...document.querySelectorAll(s.quickInputRow)].map(r => r.innerText).join('\n');
        if (seen.rows === rows) seen.frames++;
        else seen = { rows, frames: 0 };
        return seen.frames >= 8;
      };
    },
    { quickInput: sel.quickInput, quickInputBox: sel.quickInputBox, quickInputRow: sel.quickInputRow },
  );
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
  await pageHelpers(page);
  await untilScreen(
    page,
    prev => {
      const now = window.__agentTasksStep();
      return now !== null && now !== prev;
    },
    previous,
    timeoutMs,
  ).catch(() => {
    throw new Error(`no quick-input step after "${previous}"`);
  });
  await page.evaluate(() => window.__agentTasksRowsSettled(true));
  await untilScreen(page, () => window.__agentTasksRowsSettled(false));
  return (await page.locator(sel.quickInputRow).allInnerTexts()).map(r => r.trim());
}

/** What identifies the current quick-input step: its title, placeholder and message; null when none shows. */
async function stepSignature(page) {
  await pageHelpers(page);
  return page.evaluate(() => window.__agentTasksStep());
}

/**
 * Answers the current quick-input step: picks the row matching `pick` (a RegExp), or types `text`, then Enter.
 * Resolves with the step's signature once the widget shows the next step or closes.
 */
export async function answerStep(page, { pick, text } = {}, timeoutMs = 10_000) {
  // The step may come after the command's own first reads (the first command also loads the commands' bundle).
  await page.locator(sel.quickInput).waitFor({ timeout: Math.max(timeoutMs, 60_000) });
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
  const moved = await untilScreen(page, prev => window.__agentTasksStep() !== prev, before, timeoutMs).then(
    () => true,
    () => false,
  );
  if (!moved) throw new Error(`the quick input stayed on the same step (${before}); is the answer refused?`);
  if ((await stepSignature(page)) === null) {
    // Closed: either the flow is over or its next step is about to open; it shows within a moment if it does.
    await page
      .locator(sel.quickInput)
      .waitFor({ timeout: 1_500 })
      .catch(() => {});
  }
  return before;
}

/** Accepts the defaults of every remaining step (Enter), up to `max` steps; returns the steps seen. */
export async function acceptDefaults(page, max = 10) {
  const steps = [];
  for (let i = 0; i < max; i++) {
    // The next step may open a moment after the previous one closed.
    const open = await page
      .locator(sel.quickInput)
      .waitFor({ timeout: 1_000 })
      .then(
        () => true,
        () => false,
      );
    if (!open) return steps;
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

/**
 * Sets a fine-grained token through the UI, as a person does: the command, its kind pick, its input box (against a
 * loopback service the extension may offer its demo token first; it is typed as for any service), then Enter on every
 * step that follows.
 */
export async function signInByUi(page, token) {
  await runCommand(page, 'Agent Tasks: Set Token…');
  const kindStep = await answerStep(page, { pick: /fine-grained/i });
  if ((await nextStepRows(page, kindStep)).some(r => /enter a token/i.test(r)))
    await answerStep(page, { pick: /enter a token/i });
  await answerStep(page, { text: token });
  await acceptDefaults(page);
}
