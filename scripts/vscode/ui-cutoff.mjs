// An Apply cut off, as the next window shows it: another process (the window before, as far as this one can tell)
// applies a task's changes to the workspace and is killed (SIGKILL) in the middle of its writes; the window is
// reloaded, and the extension's first start there names the task and the file count in a notification, with Put Back
// and Finish Writing; Put Back leaves every file as it was and git's status as before. Screenshot in
// .artifacts/screenshots/cutoff-1-asked.png. Part of ui-changes.mjs (the same window, after the review loop).
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { ROOT } from './lib.mjs';
import { sel, waitForWorkbench } from './workbench.mjs';

const CHILD = path.join(ROOT, 'out', 'test', 'unit', 'changes', 'land', 'landChild.js');

/** The extension's storage for this workspace in the run's user data (where the applies' journals are kept). */
function workspaceStorage(runDir) {
  const root = path.join(runDir, 'user-data', 'User', 'workspaceStorage');
  for (const hash of fs.existsSync(root) ? fs.readdirSync(root) : []) {
    const mine = path.join(root, hash, 'agent-tasks.agent-tasks');
    if (fs.existsSync(mine)) return mine;
  }
  throw new Error(`no storage of the extension under ${root}`);
}

/** Runs the land of `task` on `folder` in another process, and kills it once it made `stopAt` changes in the tree. */
function landCutOff({ folder, storage, task, label, stopAt }) {
  const child = spawn(process.execPath, [CHILD], {
    env: {
      ...process.env,
      ...{ LAND_ROOT: folder, LAND_STORAGE: storage, LAND_TASK: task, LAND_LABEL: label },
      ...{ LAND_STOP_TREE: String(stopAt), LAND_STOP_WHEN: 'after' },
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', b => {
    out += b;
    if (out.includes('STOPPED')) child.kill('SIGKILL');
  });
  child.stderr.on('data', b => (out += b));
  return new Promise((resolve, reject) =>
    child.on('exit', (code, signal) =>
      signal === 'SIGKILL' ? resolve() : reject(new Error(`the land ended with ${code ?? signal}: ${out}`)),
    ),
  );
}

/** Every file of the work tree but git's own, with its bytes. */
function tree(folder) {
  const files = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: folder,
    encoding: 'utf8',
  });
  return Object.fromEntries(
    files
      .split('\0')
      .filter(Boolean)
      .map(f => [f, fs.existsSync(path.join(folder, f)) ? fs.readFileSync(path.join(folder, f), 'base64') : null]),
  );
}

const status = folder => execFileSync('git', ['status', '--porcelain'], { cwd: folder, encoding: 'utf8' });

/**
 * On a window of the demo world whose task `task` has had its changes read (its refs fetched into the workspace):
 * cuts an Apply of it off, reloads the window, and puts everything back from the notification.
 */
export async function checkCutOffApply(page, { folder, runDir, shots, check, task, name }) {
  const storage = workspaceStorage(runDir);
  const before = { tree: tree(folder), status: status(folder) };
  await landCutOff({ folder, storage, task, label: name, stopAt: 2 });
  if (JSON.stringify(tree(folder)) === JSON.stringify(before.tree)) throw new Error('the cut-off land wrote nothing');

  // The next window: VS Code starts the extension afresh, which finds the journal the land left.
  await page.reload({ timeout: 120_000 });
  await waitForWorkbench(page);
  // Read where every message stays: the notifications center (the bell in the status bar).
  await page.locator(`${sel.statusbar} .statusbar-item[id$="notifications"]`).first().click();
  const asked = page.locator('.notifications-center .notification-list-item', { hasText: 'was cut off' }).first();
  await asked.waitFor({ timeout: 120_000 });
  const said = (await asked.locator('.notification-list-item-message').first().innerText()).trim();
  if (!said.includes(name) || !/wrote \d+ files?/.test(said))
    throw new Error(`the cut-off Apply is said as "${said}", without its task or its file count`);
  await asked.hover();
  const buttons = (await asked.locator('.monaco-button').allInnerTexts()).map(b => b.trim());
  await page.screenshot({ path: path.join(shots, 'cutoff-1-asked.png') });
  check(`the next window says "${said}", with ${JSON.stringify(buttons)}`);

  await asked.locator('.monaco-button', { hasText: /^Put Back$/ }).click();
  for (let i = 0; i < 100 && JSON.stringify(tree(folder)) !== JSON.stringify(before.tree); i++)
    await page.waitForTimeout(100);
  if (JSON.stringify(tree(folder)) !== JSON.stringify(before.tree))
    throw new Error('Put Back did not leave every file as it was');
  if (status(folder) !== before.status) throw new Error(`git's status is not as before: ${status(folder)}`);
  check("Put Back left every file byte for byte as it was, and git's status as before");
}
