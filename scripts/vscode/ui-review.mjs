// The review loop as a person does it, by clicks, reading the screen: a changed file ticked as viewed, the file's
// diff, a comment written on a line of the head side (the right) with the editor's "+", a window reload that keeps
// both, "Send Feedback to Agent…" on the comment's thread, the prompt shown to edit, "Send to Agent" in its title bar;
// then the sandbox has a task on the same branch whose prompt holds the file, the line and the comment, and the thread
// says it was sent. Screenshots in .artifacts/screenshots/review-*.png.
// `npm run test:ui` runs it at the end of ui-changes.mjs, in the same VS Code (one start less); alone:
//   npm run build && node scripts/vscode/ui-review.mjs
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { runInDemoWindow } from './demoWindow.mjs';
import {
  answerStep,
  sel,
  waitForWorkbench,
  viewPane,
  focusPane,
  runCommand,
  signInByUi,
  widenSidebar,
} from './workbench.mjs';

const TASK = 'demo-rocket-01';
const NAME = 'Add retries with backoff';
const COMMENT = 'Cap the attempts at 3 for uploads from the pad.';

/** The Agent Tasks container open on its Repository view, focused. */
export async function openRepository(page) {
  const pane = viewPane(page, /^Repository/i);
  // A click on the container's icon while it shows would hide the sidebar, and a window still restoring its layout
  // (after a reload) may show it a moment after it was looked at: look, click, and look again until it shows.
  for (let tries = 1; !(await pane.isVisible()); tries++) {
    if (tries > 10) throw new Error('the Agent Tasks container does not show its Repository view');
    await page.locator(sel.activityItem('Agent Tasks')).locator('xpath=..').click();
    await pane.waitFor({ timeout: 6_000 }).catch(() => undefined);
  }
  await focusPane(page, 'Repository');
  return pane;
}

/**
 * The loop, on a workbench signed in to the sandbox `sandboxUrl` with the demo world (`token`: mona's). `check` says
 * what passed; `shots` is the screenshots' folder; `folder`, the workspace's repository (Apply This Change writes there).
 */
export async function reviewLoop(page, { sandboxUrl, token, check, shots, folder }) {
  const shot = name => page.screenshot({ path: path.join(shots, `review-${name}.png`) });
  const headers = { authorization: `Bearer ${token}` };
  const fromSandbox = async id => (await fetch(`${sandboxUrl}/agents/tasks/${id}`, { headers })).json();
  const openRepositoryView = () => openRepository(page);
  /** A row found by its text (a task by the name it is read out with), expanded with the keyboard. */
  const expand = async (pane, text) => {
    const row =
      typeof text === 'string'
        ? pane.getByRole('treeitem', { name: text }).first()
        : pane.locator('.monaco-list-row', { hasText: text }).first();
    await row.waitFor();
    if ((await row.getAttribute('aria-expanded')) !== 'true') {
      await page.mouse.move(0, 0);
      await row.click();
      await page.keyboard.press('ArrowRight');
    }
  };
  const row = (pane, text) => pane.locator('.monaco-list-row', { hasText: text }).first();
  /** The comment widget in the diff, with the text given. */
  const widget = text => page.locator('.review-widget', { hasText: text }).first();

  let pane = await openRepositoryView();
  await expand(pane, NAME);
  await expand(pane, /Changes.*files? ·/);
  // A file ticked as viewed: its row's checkbox; the Changes row counts what is left.
  await row(pane, /README\.md/)
    .locator('.custom-view-tree-node-item-checkbox, .monaco-custom-toggle')
    .first()
    .click();
  await row(pane, /Changes.*· 2 to view/).waitFor();
  check('README.md ticked as viewed: the Changes row says 2 to view');

  await page.mouse.move(0, 0);
  await row(pane, /telemetry\.ts\s*src/).click();
  const right = page.locator('.editor-instance .monaco-diff-editor .editor.modified').first();
  await right.waitFor();
  // The line to comment on, in the head's text: the editor's "+" beside it (else its own command, at the cursor).
  const line = right.locator('.view-line', { hasText: 'if (res.ok) return;' }).first();
  await line.waitFor();
  await line.click();
  const box = await line.boundingBox();
  await page.mouse.move(box.x - 12, box.y + box.height / 2);
  const plus = right.locator('.comment-range-glyph.line-hover').first();
  if (await plus.isVisible().catch(() => false)) await plus.click();
  else await runCommand(page, 'Comments: Add Comment on Current Selection');
  await page.locator('.review-widget .comment-form').first().waitFor();
  await page.keyboard.type(COMMENT);
  await page.getByRole('button', { name: 'Add Comment' }).first().click();
  await widget(COMMENT).waitFor();
  await widget('Not sent to the agent yet').waitFor();
  await shot('1-comment');
  check('a comment written on a line of the right side shows as not sent yet');

  // A reload: the window starts again; the tick and the comment are read back from workspace state.
  await page.reload({ timeout: 120_000 });
  await waitForWorkbench(page);
  pane = await openRepositoryView();
  await expand(pane, NAME);
  await expand(pane, /Changes.*files? ·/);
  await row(pane, /Changes.*· 2 to view · 1 comment to send/).waitFor();
  await row(pane, /README\.md/)
    .locator('.codicon-check, [aria-checked="true"], .checked')
    .first()
    .waitFor();
  await page.mouse.move(0, 0);
  await row(pane, /telemetry\.ts\s*src/).click();
  await widget(COMMENT).waitFor({ timeout: 120_000 });
  await shot('2-after-reload');
  check('after a reload README.md is still viewed, 1 comment to send, and the comment is on its line again');

  // Send Feedback to Agent… on the thread's title bar; the prompt opens to edit; Send to Agent in its title bar.
  const thread = widget(COMMENT);
  await thread.hover();
  await thread.locator('.action-label[aria-label="Send Feedback to Agent…"]').first().click();
  const tab = page.locator('.tabs-container .tab', { hasText: 'Feedback for the agent.md' }).first();
  await tab.waitFor();
  const draft = page.locator('.editor-instance .monaco-editor', { hasText: 'Review comments on your changes' }).first();
  await draft.locator('.view-line', { hasText: COMMENT }).first().waitFor();
  await shot('3-feedback-draft');
  check('Send Feedback to Agent… opens the prompt with the file, the line, the quote and the comment to edit');
  await page.locator('.editor-actions .action-label[aria-label="Send to Agent"]').first().click();
  // Nothing starts on the click: the list of what goes (comments, files, prompt) and the options, Send first.
  await page.locator(sel.quickInputRow).filter({ hasText: '1 review comment' }).first().waitFor();
  await page
    .locator('.quick-input-widget .quick-input-title', { hasText: /^Send feedback on “Add retries with backoff/ })
    .first()
    .waitFor();
  await shot('3b-send-confirm');
  check('Send to Agent starts nothing on the click: a list titled as feedback shows what goes, Send first');
  await answerStep(page);
  await tab.waitFor({ state: 'detached' });
  // The continuation shows in the tree, saying which task it continues; the sandbox has its prompt.
  pane = await openRepositoryView();
  await row(pane, /continues “Add retries with backoff/).waitFor();
  // The two rounds read apart: the feedback round's name says which work and round it is, and both rows their number.
  const second = row(pane, /^\s*Round 2 of “Add retries with backoff[\s\S]*round 2 of 2/);
  await second.waitFor();
  await row(pane, /^\s*Add retries with backoff[\s\S]*round 1 of 2/).waitFor();
  check(`the feedback round is a row of its own, named apart: ${JSON.stringify((await second.innerText()).trim())}`);
  // A sent comment's thread is resolved, and VS Code folds a resolved thread away (`comments.collapseOnResolve`, on
  // by default): what stays on screen is the resolved thread's mark beside its line, which a click opens again. Read
  // before the sandbox's agent is moved on: its first commit moves the branch's head, and the thread with it, to the
  // new head's diff, which is not the one open here.
  const resolved = right.locator('.margin-view-overlays .comment-range-glyph.comment-thread').first();
  await resolved.waitFor();
  if (!(await widget('Sent to the agent').isVisible())) await resolved.click();
  await widget('Sent to the agent').waitFor();
  await shot('4-sent');
  await fetch(`${sandboxUrl}/_sandbox/advance`, { method: 'POST', headers: { 'content-type': 'application/json' } });
  const original = await fromSandbox(TASK);
  const list = await (await fetch(`${sandboxUrl}/agents/repos/acme/rocket/tasks?per_page=100`, { headers })).json();
  let session;
  for (const t of list.tasks.filter(x => !x.id.startsWith('demo-'))) {
    const s = (await fromSandbox(t.id)).sessions?.[0];
    if (s?.prompt?.includes(COMMENT)) session = s;
  }
  if (!session) throw new Error('no task on the sandbox holds the comment in its prompt');
  if (session.head_ref !== original.sessions[0].head_ref)
    throw new Error(`not on the same branch: ${session.head_ref}`);
  if (!session.prompt.includes('src/telemetry.ts, line ')) throw new Error(`no file and line: ${session.prompt}`);
  check('Send to Agent started a task on the same branch with the comment in its prompt; the thread says it was sent');

  // Apply This Change from the right side's context menu: one change written into the working copy, said in a
  // notification with Undo; Undo puts the file back as committed. (In this file git's diff is one hunk, so the change
  // under the cursor is all of it; that only the change under the cursor is written is tested in test/integration.)
  if (folder) {
    const file = path.join(folder, 'src', 'telemetry.ts');
    const before = fs.readFileSync(file, 'utf8');
    const target = right.locator('.view-line', { hasText: 'const DEFAULT_RETRY' }).first();
    await target.click();
    await target.click({ button: 'right' });
    const item = page.locator('.context-view .action-item', { hasText: 'Apply This Change' }).first();
    await item.hover();
    await page.locator('.context-view .action-item.focused', { hasText: 'Apply This Change' }).waitFor();
    await page.keyboard.press('Enter');
    // Read where every message stays: the notifications center (the bell in the status bar).
    const bell = page.locator(`${sel.statusbar} .statusbar-item[id$="notifications"]`).first();
    const message = text => page.locator('.notifications-center .notification-list-item', { hasText: text }).first();
    await bell.click();
    const applied = message(/Applied 1 change of src\/telemetry\.ts/);
    await applied.waitFor();
    const said = (await applied.locator('.notification-list-item-message').first().innerText()).trim();
    const after = fs.readFileSync(file, 'utf8');
    if (after === before || !after.includes('const DEFAULT_RETRY'))
      throw new Error('Apply This Change did not write the change under the cursor');
    await shot('5-applied-one-change');
    // The tasks that finished meanwhile were told with two buttons at most, each whole (four were cut to "Open Pull
    // Re…", "Show De…" by the notification's width).
    // Waited for: a task the sandbox's agent moved on above is told once a poll of the extension's own sees it.
    const told = page.locator('.notifications-center .notification-list-item', { hasText: /” finished\./ });
    await told.first().waitFor({ timeout: 60_000 });
    const finished = await told.evaluateAll(items =>
      items.map(i =>
        [...i.querySelectorAll('.monaco-button')].map(b => ({
          text: b.textContent.trim(),
          cut: b.scrollWidth > b.clientWidth,
        })),
      ),
    );
    if (!finished.length || finished.some(bs => bs.length > 2 || bs.some(b => b.cut)))
      throw new Error(`the finished tasks' buttons: ${JSON.stringify(finished)}`);
    check(
      `each finished task was told with whole buttons, two at most: ${JSON.stringify(finished[0].map(b => b.text))}`,
    );
    check(`Apply This Change from the diff's context menu wrote the change under the cursor and said "${said}"`);
    // Undo is a link in the message (a message the extension can take back once Undo is done), and the only action.
    const buttons = await applied.locator('.monaco-button').count();
    if (buttons > 0) throw new Error(`the Apply message has ${buttons} buttons besides its Undo link`);
    await applied.hover();
    await applied
      .locator('a', { hasText: /^Undo$/ })
      .first()
      .click();
    // Undo's own message, in the center (opened again should the click have closed it).
    for (let i = 0; i < 100 && fs.readFileSync(file, 'utf8') !== before; i++) await page.waitForTimeout(100);
    if (
      !(await page
        .locator('.notifications-center.visible')
        .isVisible()
        .catch(() => false))
    )
      await bell.click();
    await message(/Put back the files of/).waitFor();
    if (fs.readFileSync(file, 'utf8') !== before) throw new Error('Undo did not put the file back');
    // Its action done, the message with Undo is gone, from the center too: no Undo left that means nothing.
    await message(/Applied 1 change of src\/telemetry\.ts/).waitFor({ state: 'detached', timeout: 10_000 });
    await shot('6-undone');
    check("the notification's Undo put the file back as it was, and the message with Undo went");
  }
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  await runInDemoWindow('ui-review', { shot: 'review' }, async ({ page, sandbox, tokens, folder, shots, check }) => {
    await page.locator(sel.activityItem('Agent Tasks')).waitFor();
    await signInByUi(page, tokens.fineGrained);
    await page.locator(sel.activityItem('Agent Tasks')).locator('xpath=..').click();
    await widenSidebar(page, 560);
    await reviewLoop(page, { sandboxUrl: sandbox.url, token: tokens.fineGrained, check, shots, folder });
  });
}
