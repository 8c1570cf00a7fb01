// The UI smoke's look at the task page: opened from a task's context menu as a person does, its colours following
// the theme (light and dark screenshots), and its "Open on the Web" button opening the task's web page. The page is
// closed again at the end.
import path from 'node:path';
import { sel } from './workbench.mjs';

/** `pane` is the Repository pane, `task` one of its tasks of acme/rocket (as the service lists it). */
export async function checkTaskPage(page, { pane, task, shots, check }) {
  await pane.getByRole('treeitem', { name: task.name }).first().click({ button: 'right' });
  // The item is hovered and chosen with Enter: a mouse click on it left the menu open and ran nothing here.
  const item = page.locator('.context-view .action-item', { hasText: 'Show Task Details' });
  await item.hover();
  await page.locator('.context-view .action-item.focused', { hasText: 'Show Task Details' }).waitFor();
  await page.keyboard.press('Enter');
  const taskPage = page.frameLocator('iframe.webview').frameLocator('#active-frame');
  await taskPage.locator('h1', { hasText: task.name }).waitFor();
  await taskPage.locator('pre.prompt').waitFor();
  await page.screenshot({ path: path.join(shots, '1b-task-page.png') });
  check('"Show Task Details" opened the rendered task page with its session');
  // It follows the theme: the page's colours are the workbench's, and change with it.
  const colours = () =>
    taskPage
      .locator('body')
      .evaluate(b => `${window.getComputedStyle(b).color} on ${window.getComputedStyle(b).backgroundColor}`);
  const light = await colours();
  // runCommand waits for a next step, which this command has not: the palette is driven here and seen to close.
  const toggleTheme = async () => {
    await page.keyboard.press('F1');
    await page.locator(sel.quickInputBox).fill('>Preferences: Toggle between Light/Dark Themes');
    await page.locator(sel.quickInputRow, { hasText: 'Toggle between Light/Dark Themes' }).first().waitFor();
    await page.keyboard.press('Enter');
    await page.locator(sel.quickInput).waitFor({ state: 'hidden' });
  };
  await toggleTheme();
  // Waited for in the page itself, frame by frame, until its colours are no longer the light theme's.
  await taskPage.locator('body').evaluate(
    (b, before) =>
      new Promise(resolve => {
        const deadline = performance.now() + 10_000;
        const look = () => {
          const now = `${getComputedStyle(b).color} on ${getComputedStyle(b).backgroundColor}`;
          if (now !== before || performance.now() > deadline) resolve();
          else requestAnimationFrame(look);
        };
        look();
      }),
    light,
  );
  const dark = await colours();
  if (dark === light) throw new Error(`the task page kept its colours (${light}) when the theme changed`);
  await page.screenshot({ path: path.join(shots, '1c-task-page-dark.png') });
  await toggleTheme();
  check(`the task page follows the theme (${light} → ${dark})`);
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
  const tab = page.locator('.tabs-container .tab', { hasText: task.name.slice(0, 20) }).first();
  await tab.hover();
  await tab.locator('.tab-actions .action-label').first().click();
  await page.locator('iframe.webview').waitFor({ state: 'detached' });
}
