// Two rounds of one work on one branch, as a person meets them: the demo's task "Make countdown reject negative
// numbers" and its feedback round (named apart, "Round 2 of …") both in the Repository view; Apply Changes on the first
// says a later round moved the branch and asks which changes to apply; "Up to this task's round" writes the first
// round's files as they were at its end (not the second round's lines), and the message's Undo puts them back.
// Screenshots in .artifacts/screenshots/rounds-*.png. Part of ui-changes.mjs (the same window, after the review loop).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { sel } from './workbench.mjs';
import { openRepository } from './ui-review.mjs';

const FIRST = 'Make countdown reject negative numbers';
const TASK = 'demo-rocket-11';

const git = (folder, ...args) => execFileSync('git', args, { cwd: folder, encoding: 'utf8' });

export async function checkRounds(page, { folder, shots, check }) {
  const shot = name => page.screenshot({ path: path.join(shots, `rounds-${name}.png`) });
  const pane = await openRepository(page);
  const first = pane.locator('.monaco-list-row', { hasText: new RegExp(`^\\s*${FIRST}`) }).first();
  const second = pane.locator('.monaco-list-row', { hasText: new RegExp(`^\\s*Round 2 of “${FIRST}`) }).first();
  await first.scrollIntoViewIfNeeded();
  await first.waitFor();
  await second.waitFor();
  await shot('1-two-rows');
  check(`the two rounds are two rows named apart: ${JSON.stringify((await second.innerText()).split('\n')[0])}`);

  const before = git(folder, 'status', '--porcelain');
  await page.mouse.move(0, 0);
  await first.click({ button: 'right' });
  const item = page.locator('.context-view .action-item', { hasText: /^Apply Changes$/ }).first();
  await item.hover();
  await page.locator('.context-view .action-item.focused', { hasText: /^Apply Changes$/ }).waitFor();
  await page.keyboard.press('Enter');
  const quick = page.locator('.quick-input-widget');
  const upTo = quick.locator('.monaco-list-row', { hasText: "Up to this task's round" }).first();
  await upTo.waitFor();
  await quick.locator('.monaco-list-row', { hasText: 'The branch as it is' }).first().waitFor();
  const asked = await quick.locator('input').first().getAttribute('placeholder');
  if (!/later round moved/.test(asked ?? '') || !asked.includes(`Round 2 of “${FIRST}`))
    throw new Error(`the question does not name the later round: ${asked}`);
  await shot('2-asked');
  check(`Apply Changes on the first round says first: ${JSON.stringify(asked)}`);

  await upTo.click();
  const bell = page.locator(`${sel.statusbar} .statusbar-item[id$="notifications"]`).first();
  const center = page.locator('.notifications-center.visible');
  if (!(await center.isVisible().catch(() => false))) await bell.click();
  const applied = page
    .locator('.notifications-center .notification-list-item', { hasText: /Applied the changes of .*round/ })
    .first();
  await applied.waitFor({ timeout: 60_000 });
  const said = (await applied.locator('.notification-list-item-message').first().innerText()).trim();
  // The round's end is the branch's head before its last commit (the feedback round's one commit, in the demo).
  const roundEnd = git(folder, 'rev-parse', `refs/agent-tasks/${TASK}/head~1`).trim();
  const wrote = file => fs.readFileSync(path.join(folder, file), 'utf8');
  for (const file of ['src/countdown.ts', 'test/countdown.test.ts']) {
    const atRound = git(folder, 'show', `${roundEnd}:${file}`);
    const atHead = git(folder, 'show', `refs/agent-tasks/${TASK}/head:${file}`);
    if (atRound === atHead) throw new Error(`${file}: the second round did not change it; the check proves nothing`);
    if (wrote(file) !== atRound) throw new Error(`${file} is not the first round's version`);
  }
  await shot('3-applied');
  check(`"Up to this task's round" wrote the first round's files, not the second's lines: "${said}"`);

  await applied.hover();
  await applied
    .locator('a', { hasText: /^Undo$/ })
    .first()
    .click();
  for (let i = 0; i < 100 && git(folder, 'status', '--porcelain') !== before; i++) await page.waitForTimeout(100);
  if (git(folder, 'status', '--porcelain') !== before) throw new Error("Undo did not leave git's status as before");
  check('Undo put the working copy back as it was');
}
