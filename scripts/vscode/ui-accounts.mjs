// The Accounts UI run: a real VS Code in headless chromium, the service at an enterprise-style address (the sandbox
// behind /api/v3), and a stand-in for VS Code's GitHub Enterprise sign-in (test/fixtures/github-signin). Set Token…
// is answered with "Use the GitHub Enterprise account VS Code has", VS Code's own consent dialog with Allow; the
// token is checked and saved; the person then shows in the Accounts menu (screenshot), and Sign Out there, confirmed
// in VS Code's dialog, removes the service's tokens. Go to Task is opened by its keybinding on the way (screenshot).
// The account's login is a hostile one, as a server's `/user` may answer it (an icon, a command link, a second line,
// a direction override, a zero-width space, 500 more characters): the message and the menu must show it as words.
//   npm run build && node scripts/vscode/ui-accounts.mjs
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { createRequire } from 'node:module';
import { ROOT, ARTIFACTS, makeRunDir, startCodeServer, launchBrowser, workbenchUrl, watchPage } from './lib.mjs';
import { startSandbox, ensureDemoRepo, SANDBOX_JS } from './demo.mjs';
import { sel, waitForWorkbench, runCommand, answerStep, nextStepRows } from './workbench.mjs';

const FIXTURE = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../../test/fixtures/github-signin');
const shots = path.join(ARTIFACTS, 'screenshots');
fs.mkdirSync(shots, { recursive: true });
const t0 = Date.now();
const since = () => `${((Date.now() - t0) / 1000).toFixed(1)} s`;
let passed = 0;
const check = what => console.log(`[accounts] ok ${++passed}: ${what} (${since()})`);

/** The login the sign-in stand-in gives: what a hostile enterprise server's `/user` can answer. */
const LOGIN =
  'mona $(alert) [Open](command:workbench.action.terminal.sendSequence?%7B%22text%22%3A%22echo%20pwned%5Cn%22%7D)' +
  `\n\u202Eevil\u200B ${'x'.repeat(500)}`;
/** What must not be left of it on screen: a line break, a direction override, a zero-width character. */
const UNSEEN = /[\n\u202A-\u202E\u2066-\u2069\u200B-\u200D\uFEFF]/;

/** The sandbox behind `/api/v3` on a port of its own, as an enterprise server serves its API. */
function enterpriseFront(target) {
  const server = http.createServer((req, res) => {
    const onward = http.request(
      `${target}${(req.url ?? '/').replace(/^\/api\/v3(?=\/|$)/, '') || '/'}`,
      { method: req.method, headers: { ...req.headers, host: new URL(target).host } },
      answer => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    onward.on('error', () => res.writeHead(502).end());
    req.pipe(onward);
  });
  return new Promise(resolve => server.listen(0, '127.0.0.1', () => resolve(server)));
}

const runDir = makeRunDir('accounts');
const sandbox = await startSandbox({ stepMs: 0, logFile: path.join(runDir, 'sandbox.log') });
const { DEMO_TOKENS } = createRequire(import.meta.url)(SANDBOX_JS);
const front = await enterpriseFront(sandbox.url);
const origin = `http://127.0.0.1:${front.address().port}`;
const folder = ensureDemoRepo(path.join(runDir, 'rocket'), sandbox.url);
fs.cpSync(FIXTURE, path.join(runDir, 'extensions', 'agent-tasks-test.github-signin-0.0.1'), { recursive: true });
const server = await startCodeServer({
  runDir,
  folder,
  settings: { 'agentTasks.serviceUrl': `${origin}/api/v3`, 'github-enterprise.uri': origin },
  // The stand-in is the GitHub Enterprise sign-in here: the built-in one (activated early by the workbench asking for
  // GitHub sessions) would take the id first, and ask a real server.
  env: {
    FAKE_GITHUB_TOKEN: DEMO_TOKENS.fineGrained,
    FAKE_GITHUB_LOGIN: LOGIN,
    VSCODE_SKIP_BUILTIN_EXTENSIONS: 'vscode.github-authentication',
  },
});
const browser = await launchBrowser(runDir);
const page = await browser.newPage({ viewport: { width: 1200, height: 800 } });
page.setDefaultTimeout(90_000);
watchPage(page, 'accounts');

const DIALOG = '.monaco-dialog-box';
const MENU_ITEM = '.monaco-menu .action-item';
/** The account's entry in the Accounts menu: the login's start, cut short, then the service. */
const accountEntry = items =>
  items.find(i => i.startsWith('mona $') && i.endsWith(` · 127.0.0.1:${front.address().port}/api/v3 (Agent Tasks)`));

async function openAccountsMenu() {
  await page.keyboard.press('Escape');
  await page.locator(sel.activityItem('Accounts')).click();
  await page.locator(MENU_ITEM).first().waitFor();
  return (await page.locator(`${MENU_ITEM} .action-label`).allInnerTexts()).map(t => t.trim()).filter(Boolean);
}

/**
 * The Accounts menu once it shows what `ok` wants. The menu is built when it opens, from what the window last heard
 * of the providers' sessions, which comes a moment after the extension told it: it is opened again until it does.
 */
async function accountsMenuUntil(ok, what, timeoutMs = 15_000) {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const items = await openAccountsMenu();
    if (ok(items)) return items;
    if (Date.now() > end) throw new Error(`${what}: the Accounts menu holds ${JSON.stringify(items)}`);
    await page.keyboard.press('Escape');
    await page.locator(MENU_ITEM).first().waitFor({ state: 'detached' });
  }
}

let code = 0;
try {
  await page.goto(workbenchUrl(server, { folder, extensionDevelopmentPath: ROOT }), { timeout: 120_000 });
  await waitForWorkbench(page);
  await page.locator(sel.activityItem('Agent Tasks')).waitFor();
  check('workbench rendered with the extension and the sign-in stand-in');

  await runCommand(page, 'Agent Tasks: Set Token…');
  // Under load a click on the palette's row was once lost (nothing ran, nothing was logged): run once more if no step
  // has shown in 20 s; a second pick, should the first come late after all, replaces it.
  if (
    !(await page
      .locator(sel.quickInput)
      .waitFor({ timeout: 20_000 })
      .then(
        () => true,
        () => false,
      ))
  ) {
    console.log('[accounts] Set Token… showed no step in 20 s: run again');
    await runCommand(page, 'Agent Tasks: Set Token…');
  }
  const kindStep = await answerStep(page, { pick: /fine-grained/i });
  const rows = await nextStepRows(page, kindStep);
  if (!rows.some(r => /GitHub Enterprise account VS Code has/.test(r)))
    throw new Error(`the GitHub account is not offered: ${JSON.stringify(rows)}`);
  await page.screenshot({ path: path.join(shots, 'accounts-1-offer.png') });
  check(`Set Token… offers the GitHub Enterprise account (${rows.length} choices)`);
  await answerStep(page, { pick: /GitHub Enterprise account VS Code has/ });

  const dialog = page.locator(DIALOG).first();
  await dialog.waitFor();
  await dialog
    .getByText(/wants to sign in/)
    .first()
    .waitFor();
  const asked = (
    await dialog
      .getByText(/wants to sign in/)
      .first()
      .innerText()
  ).trim();
  await page.screenshot({ path: path.join(shots, 'accounts-2-consent.png') });
  if (!/Agent Tasks/.test(asked)) throw new Error(`the consent dialog says "${asked}"`);
  check(`VS Code asks for consent: "${asked}"`);
  await dialog.locator('.dialog-buttons .monaco-button', { hasText: /^Allow$/ }).click();

  // Checked and kept: the token works (the status bar counts the tasks), and the message names the account.
  await page
    .locator(`${sel.statusbar} .statusbar-item`, { hasText: /queued|running|no task/ })
    .first()
    .waitFor();
  const bell = page.locator(`${sel.statusbar} .statusbar-item[id$="notifications"]`).first();
  await bell.click();
  const said = page
    .locator('.notifications-center .notification-list-item-message', { hasText: 'Fine-grained token of mona' })
    .first();
  await said.waitFor();
  // The login is words: no link VS Code would run, no icon drawn, one line, nothing hidden or reordered in it.
  const message = (await said.innerText()).replace(/\u2060/g, '').trim();
  const [links, icons] = [await said.locator('a').count(), await said.locator('.codicon').count()];
  if (links || icons) throw new Error(`the login made ${links} link(s) and ${icons} icon(s) in "${message}"`);
  if (!message.includes('mona $(alert) [Open](command:workbench.action.terminal.sendSequence') || UNSEEN.test(message))
    throw new Error(`the login does not read as its words: ${JSON.stringify(message)}`);
  if (!/… saved: .* accepted it\.$/.test(message)) throw new Error(`the login is not cut short: "${message}"`);
  check(`the token was checked and saved, the hostile login said as words: "${message}"`);
  await bell.click();

  // Go to Task by its keybinding (ctrl+k ctrl+g), pressed on the workbench, not in an input that takes ctrl+k itself.
  await page.locator(sel.statusbar).click({ position: { x: 5, y: 5 } });
  await page.keyboard.press('Escape');
  await page.keyboard.press('Control+K');
  await page.keyboard.press('Control+G');
  await page.locator(sel.quickInput).locator('.quick-input-title', { hasText: 'Go to Task' }).waitFor();
  await page.locator(sel.quickInputRow).first().waitFor();
  await page.mouse.move(0, 0);
  await page.screenshot({ path: path.join(shots, 'accounts-3-go-to-task.png') });
  check(
    `ctrl+k ctrl+g opened Go to Task with the account's tasks (${await page.locator(sel.quickInputRow).count()} rows)`,
  );
  await page.keyboard.press('Escape');

  const entry = accountEntry(await accountsMenuUntil(accountEntry, 'the account after its token was saved'));
  if (UNSEEN.test(entry) || entry.length > 160 || !entry.includes('…'))
    throw new Error(`the Accounts menu shows the login as it came: ${JSON.stringify(entry)}`);
  await page.locator(MENU_ITEM, { hasText: entry }).first().hover();
  const signOut = page.locator(MENU_ITEM, { hasText: /^Sign Out$/ }).last();
  await signOut.waitFor();
  await page.screenshot({ path: path.join(shots, 'accounts-4-menu.png') });
  check(`the Accounts menu shows "${entry}" with Sign Out`);

  // The submenu may close under the pointer before the click lands (seen on a loaded machine), and the click is lost
  // with it, as a person's is: the menu is opened again and Sign Out clicked again.
  const confirm = page.locator(DIALOG).first();
  for (let tries = 1; ; tries++) {
    if (tries > 1) {
      // Escape closes one level of the menu at a time: the submenu, then the menu.
      for (let i = 0; i < 3 && (await page.locator(MENU_ITEM).count()) > 0; i++) {
        await page.keyboard.press('Escape');
        await page
          .locator(MENU_ITEM)
          .first()
          .waitFor({ state: 'detached', timeout: 3_000 })
          .catch(() => undefined);
      }
      await accountsMenuUntil(accountEntry, 'the account, to sign out again');
      await page.locator(MENU_ITEM, { hasText: entry }).first().hover();
    }
    // A click, or (after a lost click) the keyboard on the focused item, as a person would go on.
    const chosen =
      tries === 1
        ? await signOut.click({ timeout: 15_000 }).then(
            () => true,
            () => false,
          )
        : await signOut.hover({ timeout: 15_000 }).then(
            () => page.keyboard.press('Enter').then(() => true),
            () => false,
          );
    if (
      chosen &&
      (await confirm.waitFor({ timeout: 15_000 }).then(
        () => true,
        () => false,
      ))
    )
      break;
    if (tries === 3) throw new Error('Sign Out in the Accounts menu showed no question, three times');
  }
  await confirm.locator('.dialog-buttons .monaco-button', { hasText: /^Sign Out$/ }).click();
  await confirm.waitFor({ state: 'detached' });
  // Signed out when the status bar says there is no token; the Accounts menu is read after that, once.
  await page
    .locator(`${sel.statusbar} .statusbar-item`, { hasText: /no token/ })
    .first()
    .waitFor();
  await accountsMenuUntil(items => !items.includes(entry), 'the account stayed after Sign Out');
  await page.screenshot({ path: path.join(shots, 'accounts-5-signed-out.png') });
  await page.keyboard.press('Escape');
  await runCommand(page, 'Agent Tasks: Set Token…');
  const kinds = await page.locator(sel.quickInputRow).allInnerTexts();
  if (!kinds.every(k => /not set/.test(k))) throw new Error(`tokens left after Sign Out: ${JSON.stringify(kinds)}`);
  await page.keyboard.press('Escape');
  check('Sign Out in the Accounts menu removed every token of the service');
  console.log(`Accounts UI checks: ${passed} passed, 0 failed`);
} catch (e) {
  code = 1;
  console.error(`[accounts] FAILED after ${since()}: ${e.stack ?? e.message}`);
  console.log(`Accounts UI checks: ${passed} passed, 1 failed`);
  await page.screenshot({ path: path.join(shots, 'accounts-failure.png') }).catch(() => {});
} finally {
  await browser.close().catch(() => {});
  server.stop();
  front.close();
  await sandbox.stop();
  if (code === 0) fs.rmSync(runDir, { recursive: true, force: true });
  else console.log(`[accounts] logs kept in ${runDir}`);
  console.log(`[accounts] done in ${since()}; screenshots in ${shots}`);
  process.exit(code);
}
