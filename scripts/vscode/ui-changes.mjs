// A person's look at a task's changes: the Repository view, a task expanded into its Changes and Commits, the
// Changes expanded into its files (kind and +/−), Review Changes from the task's context menu opening the multi-file
// diff editor, and one file's diff from a click on it. Screenshots in .artifacts/screenshots/changes-*.png.
//   npm run build && node scripts/vscode/ui-changes.mjs
// The agent's commits are spelled into the sandbox's repository (a rename, a deletion, a binary file, a change).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { ROOT, ARTIFACTS, makeRunDir, startCodeServer, launchBrowser, workbenchUrl, watchPage } from './lib.mjs';
import { startSandbox, ensureDemoRepo, SANDBOX_JS } from './demo.mjs';
import { sel, waitForWorkbench, viewPane, focusPane, runCommand, answerStep, acceptDefaults } from './workbench.mjs';
import { nextStepRows, widenSidebar } from './workbench.mjs';

const shots = path.join(ARTIFACTS, 'screenshots');
fs.mkdirSync(shots, { recursive: true });
const t0 = Date.now();
const since = () => `${((Date.now() - t0) / 1000).toFixed(1)} s`;
let passed = 0;
const check = what => console.log(`[ui-changes] ok ${++passed}: ${what} (${since()})`);
const git = (cwd, args, input) => execFileSync('git', args, { cwd, input, env: { ...process.env, GIT_DIR: cwd } });

const TASK = 'demo-rocket-01';
const runDir = makeRunDir('ui-changes');
const sandbox = await startSandbox({ stepMs: 0, logFile: path.join(runDir, 'sandbox.log') });
const { DEMO_TOKENS } = createRequire(import.meta.url)(SANDBOX_JS);
const folder = ensureDemoRepo(path.join(runDir, 'rocket'), sandbox.url);
const server = await startCodeServer({ runDir, folder, settings: { 'agentTasks.serviceUrl': sandbox.url } });
const browser = await launchBrowser(runDir);
const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
page.setDefaultTimeout(60_000);
watchPage(page, 'ui-changes');

/** The agent's work on the task's branch, written into the sandbox's own repository of acme/rocket. */
async function spellWork() {
  const res = await fetch(`${sandbox.url}/agents/tasks/${TASK}`, {
    headers: { authorization: `Bearer ${DEMO_TOKENS.fineGrained}`, accept: 'application/vnd.vendor+json' },
  });
  const task = await res.json();
  const head = task.sessions[0].head_ref;
  const tip = execFileSync('git', ['ls-remote', `${sandbox.url}/acme/rocket.git`, `refs/heads/${head}`])
    .toString()
    .split('\t')[0];
  const dirs = fs
    .readdirSync(os.tmpdir())
    .filter(n => n.startsWith('agent-tasks-sandbox-git-'))
    .map(n => path.join(os.tmpdir(), n, 'acme', 'rocket.git'))
    .filter(d => fs.existsSync(d));
  const dir = dirs.find(d => {
    try {
      return (
        git(d, ['rev-parse', `refs/heads/${head}`])
          .toString()
          .trim() === tip
      );
    } catch {
      return false;
    }
  });
  if (!dir) throw new Error(`no sandbox repository holds ${head}`);
  const who = `Agent <agent@sandbox.invalid> ${Math.floor(Date.now() / 1000) - 600} +0000`;
  const data = t => `data ${Buffer.byteLength(t)}\n${t}\n`;
  const ignite = [
    "import { countdown } from './countdown';",
    "import { retry } from './retry';",
    '',
    'export async function ignite(seconds: number, upload: () => Promise<void>): Promise<string> {',
    '  await retry(upload, { attempts: 5, backoffMs: 200 });',
    "  return countdown(seconds).join(', ') + ', lift-off';",
    '}',
    '',
  ].join('\n');
  const retry = [
    'export async function retry(fn: () => Promise<void>, o: { attempts: number; backoffMs: number }) {',
    '  for (let i = 1; ; i++) {',
    '    try {',
    '      return await fn();',
    '    } catch (e) {',
    '      if (i >= o.attempts) throw e;',
    '      await new Promise(r => setTimeout(r, o.backoffMs * 2 ** i));',
    '    }',
    '  }',
    '}',
    '',
  ].join('\n');
  const input =
    `commit refs/heads/${head}\nauthor ${who}\ncommitter ${who}\n${data('Add retries with backoff to the uploader')}` +
    `from refs/heads/${head}^0\n` +
    `M 100644 inline src/retry.ts\n${data(retry)}M 100644 inline src/ignite.ts\n${data(ignite)}` +
    `M 100644 inline "test/retry.test.ts"\n${data("import { retry } from '../src/retry';\n")}\n` +
    `commit refs/heads/${head}\nauthor ${who}\ncommitter ${who}\n${data('Rename the countdown; drop the old prompt')}` +
    `R "src/countdown.ts" "src/count-down.ts"\nD ".github/prompts/add-tests.prompt.md"\n` +
    `M 100644 inline media/trajectory.png\ndata 8\n\x89PNG\r\n\x1a\n\n`;
  git(dir, ['fast-import', '--quiet'], input);
}

let code = 0;
try {
  await spellWork();
  await page.goto(workbenchUrl(server, { folder, extensionDevelopmentPath: ROOT }), { timeout: 120_000 });
  await waitForWorkbench(page);
  await page.locator(sel.activityItem('Agent Tasks')).waitFor();
  await runCommand(page, 'Agent Tasks: Set Token…');
  const kindStep = await answerStep(page, { pick: /fine-grained/i });
  if ((await nextStepRows(page, kindStep)).some(r => /enter a token/i.test(r)))
    await answerStep(page, { pick: /enter a token/i });
  await answerStep(page, { text: DEMO_TOKENS.fineGrained });
  await acceptDefaults(page);
  await page.locator(sel.activityItem('Agent Tasks')).locator('xpath=..').click();
  const pane = viewPane(page, /^Repository/i);
  await pane.waitFor();
  await focusPane(page, 'Repository');
  await widenSidebar(page, 560);
  const row = pane.locator('.monaco-list-row', { hasText: 'Add retries with backoff' }).first();
  await row.waitFor();
  check('the Repository view lists the task');

  await row.click();
  await page.keyboard.press('ArrowRight');
  const changes = pane.locator('.monaco-list-row', { hasText: /Changes.*files? ·/ }).first();
  await changes.waitFor();
  check(`the task expands into its Changes: ${JSON.stringify(await changes.innerText())}`);
  await changes.click();
  await page.keyboard.press('ArrowRight');
  await pane.locator('.monaco-list-row', { hasText: /count-down\.ts.*renamed from src\/countdown\.ts/ }).waitFor();
  await pane.locator('.monaco-list-row', { hasText: /trajectory\.png.*binary/ }).waitFor();
  await pane.locator('.monaco-list-row', { hasText: /add-tests\.prompt\.md.*deleted/ }).waitFor();
  const commits = pane.locator('.monaco-list-row', { hasText: /Commits.*3 commits/ }).first();
  await commits.click();
  await page.keyboard.press('ArrowRight');
  await pane.locator('.monaco-list-row', { hasText: 'Rename the countdown; drop the old prompt' }).waitFor();
  await page.screenshot({ path: path.join(shots, 'changes-1-tree.png') });
  check('Changes lists the files with their kinds and counts (renamed, binary, deleted), Commits the commits');

  await pane
    .locator('.monaco-list-row', { hasText: /ignite\.ts/ })
    .first()
    .click();
  await page.locator('.editor-instance .monaco-diff-editor').first().waitFor();
  await page
    .locator('.tabs-container .tab', { hasText: /ignite\.ts/ })
    .first()
    .waitFor();
  await page.screenshot({ path: path.join(shots, 'changes-2-file-diff.png') });
  check("a click on a file opens its diff (the base's text on the left, the head's on the right)");

  await row.click({ button: 'right' });
  const item = page.locator('.context-view .action-item', { hasText: 'Review Changes' });
  await item.hover();
  await page.locator('.context-view .action-item.focused', { hasText: 'Review Changes' }).waitFor();
  await page.keyboard.press('Enter');
  await page
    .locator('.tabs-container .tab', { hasText: /Changes of/ })
    .first()
    .waitFor();
  await page.locator('.multiDiffEditor, .multi-diff-editor').first().waitFor();
  await page.waitForTimeout(1500); // the editor lays out its files after it is shown; the screenshot is for a person
  await page.screenshot({ path: path.join(shots, 'changes-3-review.png') });
  check('"Review Changes" from the context menu opens every file in the multi-file diff editor');
  console.log(`UI checks: ${passed} passed, 0 failed`);
} catch (e) {
  code = 1;
  console.error(`[ui-changes] FAILED after ${since()}: ${e.message}`);
  await page.screenshot({ path: path.join(shots, 'changes-failure.png') }).catch(() => {});
} finally {
  await browser.close().catch(() => {});
  server.stop();
  await sandbox.stop();
  if (code === 0) fs.rmSync(runDir, { recursive: true, force: true });
  else console.log(`[ui-changes] logs kept in ${runDir}`);
  process.exit(code);
}
