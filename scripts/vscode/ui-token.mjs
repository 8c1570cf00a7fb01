// A person's look at a wrong token: typed into Set Token…'s box, it is refused there, in the box's own message, and
// the box stays open (masked) for the next try, which is saved. Screenshot .artifacts/screenshots/token-refused.png.
// `npm run test:ui` runs it as Go to Task's window signs in (ui-gototask.mjs: one window less); alone:
//   npm run build && node scripts/vscode/ui-token.mjs
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { runInDemoWindow } from './demoWindow.mjs';
import { acceptDefaults, answerStep, nextStepRows, runCommand, sel, statusTexts, untilScreen } from './workbench.mjs';

/** Signs in through Set Token…, a wrong token first, on a workbench of the demo world not signed in yet. */
export async function signInAfterAWrongToken(page, { tokens, shots, check }) {
  await page.locator(sel.activityItem('Agent Tasks')).waitFor();
  await runCommand(page, 'Agent Tasks: Set Token…');
  const kindStep = await answerStep(page, { pick: /fine-grained/i });
  if ((await nextStepRows(page, kindStep)).some(r => /enter a token/i.test(r)))
    await answerStep(page, { pick: /enter a token/i });
  const box = page.locator(sel.quickInputBox);
  await box.fill('sbx_not_a_token');
  await page.keyboard.press('Enter');
  const message = page.locator('.quick-input-widget .quick-input-message', { hasText: /refused it \(401/ });
  await message.waitFor({ timeout: 20_000 });
  const type = await box.getAttribute('type');
  if (type !== 'password') throw new Error(`the token box is a ${type} box`);
  if (!(await page.locator(sel.quickInput).isVisible())) throw new Error('the box closed');
  await page.screenshot({ path: path.join(shots, 'token-refused.png') });
  check(`the refusal is said in the box, which stays open and masked: "${(await message.innerText()).trim()}"`);
  await box.fill(tokens.fineGrained);
  await page.keyboard.press('Enter');
  await page.locator(sel.quickInput).waitFor({ state: 'hidden', timeout: 20_000 });
  await acceptDefaults(page);
  await untilScreen(page, s => !/no token/.test(document.querySelector(s)?.innerText ?? ''), sel.statusbar, 20_000);
  check(
    `the next token typed in the same box was saved: ${(await statusTexts(page, 'agent-tasks.agent-tasks')).join(' | ')}`,
  );
}

if (import.meta.url === pathToFileURL(process.argv[1]).href)
  await runInDemoWindow('ui-token', { shot: 'token' }, w => signInAfterAWrongToken(w.page, w));
