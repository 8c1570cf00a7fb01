// A person starting three attempts of one prompt, comparing them and keeping the best of each: Start Task's Attempts
// (three, a model each) making one set's row; then, on the demo's finished set, its row in the Repository view, its inline
// Compare Attempts button, the Compare Attempts view (each attempt, each file with which attempts changed it and where
// they agree), a file's click opening two attempts side by side, Keep This Version on two files from two different
// attempts, Apply Picked Versions, the message's Undo.
// Screenshots in .artifacts/screenshots/attempts-*.png.
//   npm run build && node scripts/vscode/ui-attempts.mjs
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { runInDemoWindow } from './demoWindow.mjs';
import {
  sel,
  viewPane,
  focusPane,
  signInByUi,
  widenSidebar,
  runCommand,
  nextStepRows,
  answerStep,
  acceptDefaults,
} from './workbench.mjs';

const git = (folder, ...args) => execFileSync('git', args, { cwd: folder, encoding: 'utf8' });

await runInDemoWindow('ui-attempts', { shot: 'attempts' }, async ({ page, sandbox, tokens, folder, shots, check }) => {
  const shot = name => page.screenshot({ path: path.join(shots, `attempts-${name}.png`) });
  {
    await page.locator(sel.activityItem('Agent Tasks')).waitFor();
    await signInByUi(page, tokens.fineGrained);
    await page.locator(sel.activityItem('Agent Tasks')).locator('xpath=..').click();
    const repo = viewPane(page, /^Repository/i);
    await repo.waitFor();
    await focusPane(page, 'Repository');
    await widenSidebar(page, 620);

    // Start: three attempts of one prompt, a model each, through Start Task's options list.
    const prompt = `Abort the ignition when the fuel sensor reports a fault (ui attempts ${Date.now()})`;
    await runCommand(page, 'Agent Tasks: Start Task…');
    await nextStepRows(page, null);
    await page.locator(sel.quickInputBox).fill(prompt);
    await page.locator(sel.quickInputRow, { hasText: 'Enter takes what you typed' }).waitFor();
    await answerStep(page);
    await answerStep(page);
    await answerStep(page, { pick: /Attempts/ });
    await answerStep(page, { pick: /3 tasks of this prompt/ });
    // A model each: three different ones (the sandbox's work depends on the model).
    const models = [];
    let offered;
    for (let i = 0; i < 3; i++) {
      await page
        .locator(`${sel.quickInput} .quick-input-title`, { hasText: `Model of attempt ${i + 1} of 3` })
        .waitFor();
      await nextStepRows(page, null).catch(() => undefined);
      // The models the first step offers (each step offers the same).
      offered ??= (await page.locator(`${sel.quickInputRow} .label-name`).allInnerTexts()).map(r => r.trim());
      const model = offered.find(m => /^[\w.-]+$/.test(m) && m !== 'default' && !models.includes(m));
      models.push(model);
      // Typed into the list's filter: the model's own row comes first, and Enter takes it.
      await page.locator(sel.quickInputBox).fill(model);
      const row = page.locator(sel.quickInputRow).first();
      await row.filter({ has: page.locator('.label-name', { hasText: model }) }).waitFor();
      await answerStep(page);
    }
    await shot('0-start-options');
    const steps = await acceptDefaults(page);
    check(`Start Task started three attempts (${models.join(', ')}) after ${JSON.stringify(steps)}`);
    const started = repo.locator('.monaco-list-row', { hasText: prompt }).first();
    await started.waitFor();
    for (const [i, m] of models.entries())
      await repo
        .locator('.monaco-list-row', { hasText: `Attempt ${i + 1} · ${m}` })
        .first()
        .waitFor();
    await shot('0-started');
    check(`the three attempts are one set's row, each attempt under it with its model`);

    // The sandbox leaves new tasks queued for a while: the comparing is done on the demo's finished set of three
    // (its attempts at one prompt, three models), which the extension learns from the sandbox once.
    const seeded = (await (await fetch(`${sandbox.url}/_sandbox/attempt-sets`)).json()).attempt_sets[0];
    const setRow = repo.locator('.monaco-list-row', { hasText: seeded.prompt }).first();
    await setRow.waitFor();
    check(`the demo's set is one row: ${JSON.stringify((await setRow.innerText()).split('\n')[0])}`);

    // The set's inline button.
    await page.mouse.move(0, 0);
    await setRow.hover();
    await setRow.locator('.action-label[aria-label="Compare Attempts"]').click();
    const view = viewPane(page, /^Compare Attempts/i);
    await view.waitFor();
    await focusPane(page, 'Compare Attempts');
    const attempts = view.locator('.monaco-list-row', { hasText: /^\s*Attempt \d of 3/ });
    await attempts.nth(2).waitFor();
    const fileRows = view.locator('.monaco-list-row', { hasText: /keeps the base/ });
    await fileRows.first().waitFor();
    const files = [];
    for (let i = 0; i < (await fileRows.count()); i++) {
      const r = fileRows.nth(i);
      const name = (await r.locator('.label-name').innerText()).trim();
      files.push({ name, said: (await r.locator('.label-description').innerText()).trim() });
    }
    await shot('1-view');
    const agree = files.filter(f => /agree/.test(f.said));
    check(`Compare Attempts lists ${files.length} files: ${JSON.stringify(files)}`);
    if (!agree.length) throw new Error('no file says which attempts agree, in a set whose attempts agree on some');
    check(`where attempts reached the same content it says so: ${JSON.stringify(agree)}`);

    // A file on which attempts differ: its click opens two that differ side by side.
    const attemptsOf = said => [...said.matchAll(/(\d): /g)].map(m => Number(m[1]));
    const differing = files.find(f => {
      const by = attemptsOf(f.said);
      const agreeing = /attempts ([\d, and]+) agree/.exec(f.said)?.[1].match(/\d/g) ?? [];
      return by.length >= 2 && agreeing.length < by.length;
    });
    if (!differing) throw new Error(`no file on which two attempts differ: ${JSON.stringify(files)}`);
    const twoName = differing.name;
    const two = fileRows.filter({ has: page.locator('.label-name', { hasText: twoName }) }).first();
    await two.click();
    const tab = page.locator('.tabs-container .tab', { hasText: /\(attempt \d ↔ attempt \d\)/ }).first();
    await tab.waitFor();
    await page.locator('.editor-instance .monaco-diff-editor').first().waitFor();
    await shot('2-two-attempts');
    check(`a click on ${twoName} opens two attempts side by side: ${JSON.stringify(await tab.innerText())}`);

    // Keep the best of each: two files, each from another attempt (the first attempt that changed each).
    const picks = [];
    for (const { name, said } of files) {
      const by = attemptsOf(said);
      const from = by.find(n => !picks.some(p => p.attempt === n));
      if (from !== undefined && picks.length < 2 && !picks.some(p => p.name === name))
        picks.push({ name, attempt: from });
    }
    if (picks.length < 2) throw new Error(`no two files from two attempts to pick: ${JSON.stringify(files)}`);
    for (const p of picks) {
      const row = fileRows.filter({ has: page.locator('.label-name', { hasText: p.name }) }).first();
      await row.locator('.monaco-tl-twistie').click();
      const under = view
        .locator(`.monaco-list-row[aria-level="2"]`, { hasText: new RegExp(`^\\s*Attempt ${p.attempt} of 3`) })
        .first();
      await under.hover();
      await under.locator('.action-label[aria-label="Keep This Version"]').click();
      const kept = view.locator('.monaco-list-row', { has: page.locator('.label-name', { hasText: p.name }) });
      await kept
        .filter({ hasText: `keeps attempt ${p.attempt}` })
        .first()
        .waitFor();
      // Folded again: the next file's attempts are then the only ones under a file.
      await kept.first().locator('.monaco-tl-twistie').click();
    }
    await shot('3-picked');
    check(`picked ${picks.map(p => `${p.name} from attempt ${p.attempt}`).join(' and ')}`);

    const before = git(folder, 'status', '--porcelain');
    await view.locator('.pane-header').hover();
    await view.locator('.pane-header .action-label[aria-label="Apply Picked Versions"]').click();
    const bell = page.locator(`${sel.statusbar} .statusbar-item[id$="notifications"]`).first();
    const center = page.locator('.notifications-center.visible');
    if (!(await center.isVisible().catch(() => false))) await bell.click();
    const applied = page
      .locator('.notifications-center .notification-list-item', { hasText: /Applied the versions picked of/ })
      .first();
    await applied.waitFor({ timeout: 60_000 });
    const said = (await applied.locator('.notification-list-item-message').first().innerText()).trim();
    for (const p of picks) {
      const id = seeded.tasks[p.attempt - 1].id;
      const want = git(folder, 'show', `refs/agent-tasks/${id}/head:${p.name}`);
      if (fs.readFileSync(path.join(folder, p.name), 'utf8') !== want)
        throw new Error(`${p.name} is not attempt ${p.attempt}'s version`);
    }
    await shot('4-applied');
    check(`Apply Picked Versions wrote each file as its attempt has it: "${said}"`);

    await applied.hover();
    await applied
      .locator('a', { hasText: /^Undo$/ })
      .first()
      .click();
    for (let i = 0; i < 100 && git(folder, 'status', '--porcelain') !== before; i++) await page.waitForTimeout(100);
    if (git(folder, 'status', '--porcelain') !== before) throw new Error("Undo did not leave git's status as before");
    check('Undo put the working copy back as it was');
  }
});
