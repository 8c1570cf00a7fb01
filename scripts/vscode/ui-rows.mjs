// What the Agent Tasks container shows at VS Code's default sidebar width, read from the screen in a real VS Code
// against the sandbox's demo world: every task row shows as much of its name as the width allows (never shortened to
// make room for the state, which the icon, its colour and the accessible label say; what does not fit is the tree's
// own ellipsis), and the container's badge in the activity bar counts each running task once, as the status bar
// does; the Installations view, collapsed at first and its code loaded when it first draws, lists the installations
// once opened; and with a service address that does not answer, the views say what the status bar says.
//   npm run build && node scripts/vscode/ui-rows.mjs
import net from 'node:net';
import path from 'node:path';
import { runInDemoWindow } from './demoWindow.mjs';
import {
  sel,
  viewPane,
  answerStep,
  nextStepRows,
  acceptDefaults,
  untilScreen,
  runCommand,
  statusTexts,
} from './workbench.mjs';

/**
 * Each task row of a pane: its name and description as drawn, its accessible label, and how its name meets the row's
 * visible box: whether it overflows it, and whether the tree ends what overflows with its ellipsis.
 */
async function rows(pane) {
  return pane.locator('.monaco-list-row').evaluateAll(list =>
    list
      .map(row => {
        const box = row.querySelector('.monaco-icon-label-container');
        const nameEl = row.querySelector('.label-name');
        const name = nameEl?.textContent ?? '';
        const description = row.querySelector('.label-description')?.textContent ?? '';
        let overflows = false;
        let ellipsis = false;
        if (box && nameEl) {
          const range = document.createRange();
          range.selectNodeContents(nameEl);
          const right = box.getBoundingClientRect().right;
          overflows = range.getBoundingClientRect().right > right + 0.5;
          ellipsis = getComputedStyle(box).textOverflow === 'ellipsis';
        }
        return { name, description, overflows, ellipsis, aria: row.ariaLabel };
      })
      .filter(r => / · /.test(r.description)),
  );
}

/** A loopback address where nothing listens: a port just let go. */
async function deadAddress() {
  const server = net.createServer();
  await new Promise(resolve => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  await new Promise(resolve => server.close(resolve));
  return `http://127.0.0.1:${port}`;
}

// A common laptop window: VS Code opens its sidebar at its default width (300 px) there.
await runInDemoWindow(
  'ui-rows',
  { shot: 'rows', viewport: { width: 1280, height: 800 } },
  async ({ page, sandbox, tokens: DEMO_TOKENS, shots, check }) => {
    // Signed in from the Repository view's own welcome button, which names the token it sets: no kind is asked.
    await page.locator(sel.activityItem('Agent Tasks')).locator('xpath=..').click();
    const welcome = viewPane(page, /^Repository/i).locator('.welcome-view-content .monaco-button', {
      hasText: 'Set Fine-grained Token',
    });
    await welcome.waitFor({ timeout: 180_000 });
    await welcome.click();
    const first = await nextStepRows(page, null);
    if (first.some(r => /classic|installation/i.test(r)))
      throw new Error(`the welcome's Set Fine-grained Token asked which kind: ${JSON.stringify(first)}`);
    if (first.some(r => /enter a token/i.test(r))) await answerStep(page, { pick: /enter a token/i });
    await answerStep(page, { text: DEMO_TOKENS.fineGrained });
    await acceptDefaults(page);
    check(`the welcome's Set Fine-grained Token asked no kind (first step: ${JSON.stringify(first)})`);
    const pane = viewPane(page, /^Repository/i);
    await pane.locator('.monaco-list-row', { hasText: 'Completed' }).first().waitFor();
    const width = (await page.locator(sel.sidebar).boundingBox())?.width;
    console.log(`[ui-rows] sidebar width ${width} px`);

    // The badge: the running tasks, once each (the demo world runs one in acme/rocket and one in mona/dotfiles).
    const running = await page.waitForFunction(
      s => /(\d+) running/.exec(document.querySelector(s)?.innerText ?? '')?.[1],
      sel.statusbar,
    );
    const n = Number(await running.jsonValue());
    const badge = page
      .locator(`${sel.activityItem('Agent Tasks')}`)
      .locator('xpath=..')
      .locator('.badge-content');
    // The badge follows the views' own (set as the lists arrive): waited for until it shows the status bar's number.
    await untilScreen(
      page,
      ([item, want]) =>
        document.querySelector(item)?.parentElement?.querySelector('.badge-content')?.innerText.trim() === want,
      [sel.activityItem('Agent Tasks'), String(n)],
    ).catch(() => undefined);
    const shown = (await badge.innerText().catch(() => '')).trim();
    await page.screenshot({ path: path.join(shots, 'rows-default-width.png') });
    if (shown !== String(n))
      throw new Error(`the Agent Tasks badge says ${shown} while the status bar says ${n} running`);
    check(`the Agent Tasks badge counts each running task once: ${shown}, as the status bar's "${n} running"`);

    // The names as the service has them, to compare with what each row shows.
    const names = new Set();
    for (const list of ['/agents/repos/acme/rocket/tasks?per_page=100', '/agents/tasks?per_page=100']) {
      const r = await fetch(`${sandbox.url}${list}`, {
        headers: { authorization: `Bearer ${DEMO_TOKENS.fineGrained}`, accept: 'application/vnd.vendor+json' },
      });
      for (const t of (await r.json()).tasks ?? []) names.add(t.name);
    }
    for (const [title, view] of [
      [/^Repository/i, 'Repository'],
      [/^My Tasks/i, 'My Tasks'],
    ]) {
      const drawn = await rows(viewPane(page, title));
      console.log(`[ui-rows] ${view}: ${JSON.stringify(drawn)}`);
      if (!drawn.length) throw new Error(`no task rows read in ${view}`);
      for (const r of drawn) {
        // An attempt's row is named by its number and model under its set's row, which has the task's name.
        if (!names.has(r.name) && !/^Attempt \d+ · \S+$/.test(r.name))
          throw new Error(`${view}: the row "${r.name}" is not a task's whole name`);
        if (r.overflows && !r.ellipsis) throw new Error(`${view}: "${r.name}" is cut without the tree's ellipsis`);
        const state = r.description.split(' · ')[0];
        // A set of attempts' row is no task: it says its attempts and their states (its attempts' rows, each's time).
        const said = /^\d+ attempts\b/.test(state)
          ? `${r.name}, set of ${r.description}`
          : `${r.name}, ${state}, updated `;
        if (!r.aria?.startsWith(said))
          throw new Error(`${view}: the accessible label "${r.aria}" does not say the name whole, the state and time`);
      }
      const cut = drawn.filter(r => r.overflows).map(r => r.name);
      check(
        `${view}: every row shows its whole name as far as the width allows (the tree's ellipsis ends ${cut.length}: ` +
          `${JSON.stringify(cut)}), and says name, state and time to a reader`,
      );
    }

    // The Installations view starts collapsed, and its code loads when it first draws: opened, it lists them.
    const installations = viewPane(page, /^Installations/i);
    await installations.locator('.pane-header').click();
    await installations.locator('.monaco-list-row', { hasText: 'ci-bot · selected repositories' }).first().waitFor();
    await page.screenshot({ path: path.join(shots, 'rows-installations.png') });
    const listed = await installations
      .locator('.monaco-list-row')
      .evaluateAll(list =>
        list.map(
          r => `${r.querySelector('.label-name')?.textContent} | ${r.querySelector('.label-description')?.textContent}`,
        ),
      );
    for (const want of ['acme | ci-bot · selected repositories', 'mona | lint-bot · all repositories'])
      if (!listed.includes(want)) throw new Error(`the Installations view lists ${JSON.stringify(listed)}`);
    check(`opened, the Installations view lists the installations: ${JSON.stringify(listed)}`);

    // An address that does not answer: no token is kept for it, and the views say what the status bar says.
    const dead = await deadAddress();
    await runCommand(page, 'Agent Tasks: Set Service Address…');
    await answerStep(page, { text: dead });
    await untilScreen(page, s => /unreachable/.test(document.querySelector(s)?.innerText ?? ''), sel.statusbar, 30_000);
    const bar = (await statusTexts(page, 'agent-tasks.agent-tasks')).join(' | ');
    // The views' words point at the status bar for the address: it is there, on screen, not only in its tooltip.
    if (!bar.includes(new URL(dead).host)) throw new Error(`the status bar does not name ${dead}: "${bar}"`);
    const welcomeText = async title =>
      (await viewPane(page, title).locator('.welcome-view-content').innerText()).replace(/\s+/g, ' ');
    const said = {};
    for (const [title, view] of [
      [/^Repository/i, 'Repository'],
      [/^My Tasks/i, 'My Tasks'],
    ]) {
      await viewPane(page, title)
        .locator('.welcome-view-content', { hasText: /unreachable/i })
        .waitFor();
      said[view] = await welcomeText(title);
      if (/fine-grained token|Set Fine-grained Token/i.test(said[view]))
        throw new Error(`${view} asks for a token while the status bar says "${bar}": ${said[view]}`);
    }
    await page.screenshot({ path: path.join(shots, 'rows-dead-address.png') });
    check(`with a dead address the status bar says "${bar}", and so do the views: ${JSON.stringify(said)}`);
  },
);
