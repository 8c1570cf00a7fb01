// A person's look at a task's changes: the Repository view, a task expanded into its Changes and Commits, the
// Changes expanded into its files (kind and +/−), Review Changes from the task's inline button opening the multi-file
// diff editor, and one file's diff from a click on it, in the tree and on the task page; and a task without a pull
// request, whose branch row opens the branch's page. Screenshots in .artifacts/screenshots/changes-*.png.
//   npm run build && node scripts/vscode/ui-changes.mjs
// The demo world spells the agent's commits of demo-rocket-01 (a change to the telemetry module, its test, the README).
import path from 'node:path';
import { runInDemoWindow } from './demoWindow.mjs';
import { sel, viewPane, focusPane, runCommand, signInByUi, widenSidebar } from './workbench.mjs';
import { reviewLoop } from './ui-review.mjs';
import { checkCutOffApply } from './ui-cutoff.mjs';
import { checkRounds } from './ui-rounds.mjs';

await runInDemoWindow(
  'ui-changes',
  { shot: 'changes' },
  async ({ page, sandbox, tokens: DEMO_TOKENS, folder, runDir, shots, check }) => {
    await page.locator(sel.activityItem('Agent Tasks')).waitFor();
    await signInByUi(page, DEMO_TOKENS.fineGrained);
    await page.locator(sel.activityItem('Agent Tasks')).locator('xpath=..').click();
    const pane = viewPane(page, /^Repository/i);
    await pane.waitFor();
    await focusPane(page, 'Repository');
    await widenSidebar(page, 560);
    const row = pane.getByRole('treeitem', { name: 'Add retries with backoff' }).first();
    await row.waitFor();
    check('the Repository view lists the task');

    await row.click();
    await page.keyboard.press('ArrowRight');
    const changes = pane.locator('.monaco-list-row', { hasText: /Changes.*files? ·/ }).first();
    await changes.waitFor();
    check(`the task expands into its Changes: ${JSON.stringify(await changes.innerText())}`);
    await changes.click();
    await page.keyboard.press('ArrowRight');
    const file = pane.locator('.monaco-list-row', { hasText: /telemetry\.ts\s*src · \+\d+ −\d+/ }).first();
    await file.waitFor();
    await pane
      .locator('.monaco-list-row', { hasText: /README\.md/ })
      .first()
      .waitFor();
    const commits = pane.locator('.monaco-list-row', { hasText: /Commits.*3 commits/ }).first();
    await commits.click();
    await page.keyboard.press('ArrowRight');
    await pane.locator('.monaco-list-row', { hasText: 'Document the retry policy in the README' }).waitFor();
    await page.screenshot({ path: path.join(shots, 'changes-1-tree.png') });
    check('Changes lists the files with their counts, Commits the commits');

    await file.click();
    await page.locator('.editor-instance .monaco-diff-editor').first().waitFor();
    await page
      .locator('.tabs-container .tab', { hasText: /telemetry\.ts/ })
      .first()
      .waitFor();
    await page.screenshot({ path: path.join(shots, 'changes-2-file-diff.png') });
    check("a click on a file opens its diff (the base's text on the left, the head's on the right)");

    // The task's inline button (its context menu has the same entry; a hover tooltip may cover the menu here).
    await page.mouse.move(0, 0);
    await row.hover();
    await row.locator('.action-label[aria-label="Review Changes"]').click();
    await page
      .locator('.tabs-container .tab', { hasText: /Changes of/ })
      .first()
      .waitFor();
    await page.locator('.multiDiffEditor, .multi-diff-editor').first().waitFor();
    // The editor lays out its files after it is shown: the screenshot waits for their lines.
    await page.locator('.multiDiffEditor .view-lines, .multi-diff-editor .view-lines').first().waitFor();
    await page.screenshot({ path: path.join(shots, 'changes-3-review.png') });
    check('"Review Changes" (the task\'s inline button) opens every file in the multi-file diff editor');

    // The task page's Changes: each file's name opens that file's diff.
    // Every editor closed first: the diff the page opens is then a tab of its own.
    await runCommand(page, 'View: Close All Editors');
    await page.locator('.tabs-container .tab', { hasText: /telemetry\.ts/ }).waitFor({ state: 'detached' });
    await row.click({ button: 'right' });
    const details = page.locator('.context-view .action-item', { hasText: 'Show Task Details' });
    await details.hover();
    await page.locator('.context-view .action-item.focused', { hasText: 'Show Task Details' }).waitFor();
    await page.keyboard.press('Enter');
    const taskPage = page.frameLocator('iframe.webview').frameLocator('#active-frame');
    const fileButton = taskPage.locator('.changes button.file', { hasText: 'src/telemetry.ts' });
    await fileButton.waitFor();
    const looks = await fileButton.evaluate(b => ({ cursor: getComputedStyle(b).cursor, title: b.title }));
    await page.screenshot({ path: path.join(shots, 'changes-4-task-page.png') });
    await fileButton.click();
    await page
      .locator('.tabs-container .tab', { hasText: /telemetry\.ts/ })
      .first()
      .waitFor();
    await page.locator('.editor-instance .monaco-diff-editor').first().waitFor();
    await page.screenshot({ path: path.join(shots, 'changes-5-page-file-diff.png') });
    check(`a file's name on the task page (${JSON.stringify(looks)}) opens that file's diff`);

    // A task without a pull request: its branch row opens the branch's page, through the browser.
    const noPull = pane.getByRole('treeitem', { name: 'Explain the launch sequence state machine' }).first();
    await noPull.click();
    await page.keyboard.press('ArrowRight');
    const branchRow = pane.locator('.monaco-list-row', { hasText: /^Branch agent\// }).first();
    await branchRow.waitFor();
    const branchLabel = (await branchRow.locator('.label-name').textContent()).trim();
    const popup = page.context().waitForEvent('page', { timeout: 15_000 });
    await branchRow.click();
    // The workbench may ask before opening an address outside it; if it does, the answer is Open.
    const ask = page.locator('.monaco-dialog-box .monaco-button', { hasText: /^Open$/ });
    void ask.waitFor({ timeout: 15_000 }).then(
      () => ask.click(),
      () => {},
    );
    const web = await popup;
    const opened = web.url();
    await web.close();
    // The browser opens it through code-server's port proxy (which this sandbox does not vouch for): its page is read
    // from the sandbox itself, at the path the browser was sent to.
    const where = /\/acme\/rocket\/tree\/.*$/.exec(new URL(opened).pathname)?.[0];
    const answer = where && (await fetch(`${sandbox.url}${where}`));
    const heading = answer?.ok ? /<h1>([^<]*)<\/h1>/.exec(await answer.text())?.[1] : undefined;
    if (!where || heading !== branchLabel)
      throw new Error(`the branch row "${branchLabel}" opened ${opened} (${answer?.status}): "${heading}"`);
    check(`the row "${branchLabel}" opened the branch's page ${opened} (${answer.status}, "${heading}")`);
    await page.bringToFront();
    // The review loop goes on in this same window: comment, reload, send (ui-review.mjs).
    await reviewLoop(page, { sandboxUrl: sandbox.url, token: DEMO_TOKENS.fineGrained, check, shots, folder });
    // The demo's two rounds on one branch: named apart, and Apply on the first asks which round (ui-rounds.mjs).
    await checkRounds(page, { folder, shots, check });
    // An Apply of the same task cut off by the window before, then taken up by the next (ui-cutoff.mjs).
    const name = 'Add retries with backoff to the telemetry uploader';
    await checkCutOffApply(page, { folder, runDir, shots, check, task: 'demo-rocket-01', name });
  },
);
