// The UI smoke's look at Continue Task and the filters: a task continued from its context menu as a person does (the
// new task works on the old one's branch, and its row says what it continues), then a state filter set through its
// title-bar button, named in the view's title and on top of its list, and cleared by a click on that line.
import path from 'node:path';
import { answerStep, sel } from './workbench.mjs';

/** `pane` is the Repository pane; `old` a task of acme/rocket that has run; `sandbox` its url and token. */
export async function checkContinueTask(page, { pane, old, sandbox, token, shots, check }) {
  const read = async p =>
    (
      await fetch(`${sandbox}${p}`, {
        headers: { authorization: `Bearer ${token}`, accept: 'application/vnd.vendor+json' },
      })
    ).json();
  const oldHead = (await read(`/agents/repos/acme/rocket/tasks/${old.id}`)).sessions?.[0]?.head_ref;
  if (!oldHead) throw new Error(`${old.id} has no head_ref to continue on`);
  const before = new Set((await read('/agents/repos/acme/rocket/tasks?per_page=100')).tasks.map(t => t.id));
  await pane.getByRole('treeitem', { name: old.name }).first().click({ button: 'right' });
  const item = page.locator('.context-view .action-item', { hasText: 'Continue Task…' });
  await item.hover();
  await page.locator('.context-view .action-item.focused', { hasText: 'Continue Task…' }).waitFor();
  await page.keyboard.press('Enter');
  const prompt = `Now also handle the empty case (ui smoke ${Date.now()})`;
  await answerStep(page, { text: prompt });
  // What goes and the options, Send first: Enter sends.
  await answerStep(page);
  // The tree shows it once the sandbox has it, named by its prompt.
  await pane.getByRole('treeitem', { name: prompt }).first().waitFor({ timeout: 20_000 });
  const created = (await read('/agents/repos/acme/rocket/tasks?per_page=100')).tasks.find(t => !before.has(t.id));
  if (!created) throw new Error('no continuing task reached the sandbox');
  await fetch(`${sandbox}/_sandbox/advance`, { method: 'POST', headers: { 'content-type': 'application/json' } });
  const head = (await read(`/agents/repos/acme/rocket/tasks/${created.id}`)).sessions?.[0]?.head_ref;
  if (head !== oldHead) throw new Error(`the continuing task works on ${head}, not on ${oldHead}`);
  check(`"Continue Task…" from the context menu started ${created.id} on ${oldHead}`);
  const row = pane.locator('.monaco-list-row', { hasText: /continues “/ }).first();
  await row.waitFor();
  await page.screenshot({ path: path.join(shots, '1d-task-continued.png') });
  // Whole: the name of the task it continues is not cut short (the tree's own ellipsis ends what the row cannot hold).
  const says = await row.locator('.label-description').textContent();
  if (!says.includes(`continues “${old.name}”`)) throw new Error(`the row says ${JSON.stringify(says)}`);
  check(`the new task's row says what it continues, whole: ${JSON.stringify(says)}`);

  // A filter from the title bar's button: named beside the view's name and on top of the list; a click clears it.
  await pane.locator('.pane-header').hover();
  await pane.locator('.pane-header .action-label[aria-label^="Filter Repository by State"]').click();
  const states = ['Failed', 'Waiting for you', 'Timed out'];
  for (const state of states)
    await page
      .locator(sel.quickInputRow, { hasText: new RegExp(`^${state}`) })
      .first()
      .click();
  await page.keyboard.press('Enter');
  const named = states.join(', ');
  const description = pane.locator('.pane-header .description', { hasText: `filtered: ${named}` });
  await description.waitFor();
  const line = pane.locator('.monaco-list-row', { hasText: `Filtered: ${named} — click to clear` });
  await line.waitFor();
  await page.screenshot({ path: path.join(shots, '1e-filtered.png') });
  // Every state is named, in the title bar too: what the bar cannot hold is the workbench's own ellipsis.
  const title = await description.evaluate(el => ({
    text: el.textContent,
    cut: el.scrollWidth > el.clientWidth,
    ellipsis: getComputedStyle(el).textOverflow === 'ellipsis',
  }));
  if (title.cut && !title.ellipsis) throw new Error(`the title bar cuts the filter's names: ${JSON.stringify(title)}`);
  check(`the filter is named in the title bar (${JSON.stringify(title)}) and in the list`);
  await line.click();
  await line.waitFor({ state: 'detached' });
  await description.waitFor({ state: 'detached' });
  await pane.getByRole('treeitem', { name: old.name }).first().waitFor();
  check('a click on the filter line cleared it');
}
