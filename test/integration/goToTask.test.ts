import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { COMMANDS, EXTENSION_ID } from '../../src/ids';
import type { AgentTasksTestApi } from '../../src/testing/testApi';
import { demoWorld, freshStart, waitFor } from './tasksSupport';

type Row = vscode.QuickPickItem & { taskId?: string };

/**
 * The demo world's task ids Go to Task shows now, in order. Tasks that earlier suites started, continued or
 * remembered may be known too (Go to Task offers them as well), in whatever state their sandbox steps left them.
 */
const shownIds = (api: AgentTasksTestApi) =>
  ((api.quickPick()?.items ?? []) as readonly Row[]).map(i => i.taskId).filter(id => id?.startsWith('demo-'));

/** Types into Go to Task and waits until its rows are these tasks (in any order). */
async function search(api: AgentTasksTestApi, text: string, expected: string[]): Promise<void> {
  const qp = api.quickPick();
  assert.ok(qp, 'Go to Task is open');
  qp.value = text;
  const want = [...expected].sort().join();
  // A value set here reaches the extension's handler through the workbench and back: seconds on a busy machine.
  // Each search here shows other rows than the one before, so rows of the last value are not taken for these.
  await waitFor(
    () => qp.value === text && [...shownIds(api)].sort().join() === want,
    `“${text}” to show ${want}`,
    30_000,
  );
}

/** Opens Go to Task from the palette command, without waiting for it to close, and waits for its rows. */
async function open(api: AgentTasksTestApi): Promise<{ done: Promise<unknown> }> {
  const done = Promise.resolve(vscode.commands.executeCommand(COMMANDS.goToTask));
  await waitFor(() => shownIds(api).length > 0, 'Go to Task to show tasks');
  // Its first row active: the workbench shows it, and now tells the extension what is typed (a value set before
  // it is shown is not echoed back).
  await waitFor(() => api.quickPick()?.activeItems.length, 'Go to Task to be shown', 30_000);
  return { done };
}

async function close(api: AgentTasksTestApi, closed: { done: Promise<unknown> }): Promise<void> {
  api.quickPick()?.hide();
  await closed.done;
}

/** VS Code's own default keybindings, as "Preferences: Open Default Keyboard Shortcuts (JSON)" lists them. */
async function defaultKeybindings(): Promise<{ key: string; command: string }[]> {
  await vscode.commands.executeCommand('workbench.action.openDefaultKeybindingsFile');
  const doc = (await waitFor(() => vscode.window.activeTextEditor?.document, 'the default keybindings file'))!;
  const text = doc.getText();
  await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
  // The file lists unbound commands as line comments; no value in it starts a line with `//`.
  return JSON.parse(text.replace(/^\s*\/\/.*$/gm, '')) as { key: string; command: string }[];
}

describe('Go to Task', function () {
  // Each keystroke is a round trip through the workbench: on a busy machine a few of them take seconds.
  this.timeout(120_000);
  let api: AgentTasksTestApi;
  before(async function () {
    this.timeout(90_000);
    api = await freshStart();
  });

  afterEach(() => api.quickPick()?.hide());

  it('draws every row with its buttons the first time it opens, so its rows are sent to the window once', async () => {
    // The first opening in this window (no other suite opens Go to Task): the first rows handed to the pick.
    const closed = { done: Promise.resolve(vscode.commands.executeCommand(COMMANDS.goToTask)) };
    const drawn = () => api.quickPickDrawings().filter(rows => rows.length > 0);
    await waitFor(() => drawn().length, 'Go to Task to draw its rows', 30_000);
    const first = drawn()[0] as readonly Row[];
    const row = first.find(r => r.taskId === 'demo-rocket-05');
    assert.ok(row, `the first rows hold demo-rocket-05 (${first.length} rows)`);
    // Its branch has changes to review: the button is on the row drawn first, not added by a second drawing.
    assert.deepEqual(
      (row.buttons ?? []).map(b => b.tooltip),
      ['Review Changes'],
    );
    await waitFor(() => api.quickPick()?.activeItems.length, 'Go to Task to be shown', 30_000);
    await close(api, closed);
  });

  it('lists the tasks of both views at once, newest change first, with state, repository and age', async () => {
    const closed = await open(api);
    const ids = shownIds(api);
    for (const id of ['demo-rocket-01', 'demo-rocket-05', 'demo-dotfiles-01', 'demo-dotfiles-02'])
      assert.ok(ids.includes(id), `${id} is offered (${ids.join()})`);
    assert.ok(!ids.includes('demo-rocket-10'), 'an archived task is not, while no view shows archived ones');
    assert.equal(ids[0], 'demo-rocket-04', 'the task changed last comes first');
    const row = (api.quickPick()!.items as readonly Row[]).find(i => i.taskId === 'demo-dotfiles-02')!;
    assert.equal(row.label, 'Move the vim config to lua');
    assert.match(row.description ?? '', /^mona\/dotfiles · Running · \d+ min ago · yours$/);
    assert.equal(api.quickPick()!.title, 'Go to Task');
    await close(api, closed);
  });

  it('searches names and prompts as you type, every word', async () => {
    const closed = await open(api);
    await search(api, 'flaky', ['demo-rocket-03']);
    await search(api, 'TELEMETRY retries', ['demo-rocket-01']);
    await search(api, 'rocket-07', ['demo-rocket-07']);
    await search(api, 'no such words', []);
    // The prompt fills in as its answer arrives, once its row is the active one; then it is searched too.
    await search(api, 'abort handler', ['demo-rocket-06']);
    await waitFor(
      () => /ask before touching the API$/.test(api.quickPick()?.items[0]?.detail ?? ''),
      'the prompt of the active row as its detail',
      30_000,
    );
    await search(api, 'flaky', ['demo-rocket-03']);
    await search(api, 'before touching', ['demo-rocket-06']);
    await close(api, closed);
  });

  it('shows a prompt on the active row only, and moves it with the active row', async () => {
    const closed = await open(api);
    // Two rows whose prompts are read: each made active once.
    await search(api, 'flaky', ['demo-rocket-03']);
    await waitFor(() => /flaky/i.test(api.quickPick()?.items[0]?.detail ?? ''), 'the prompt of demo-rocket-03');
    await search(api, 'abort handler', ['demo-rocket-06']);
    await waitFor(() => /touching the API$/.test(api.quickPick()?.items[0]?.detail ?? ''), 'the prompt of rocket-06');
    // Every row again: only the active one has a detail line, though two prompts are known.
    const qp = api.quickPick()!;
    qp.value = '';
    await waitFor(() => qp.value === '' && shownIds(api).length > 2, 'every row again', 30_000);
    const withDetail = () => (qp.items as readonly Row[]).filter(r => r.detail).map(r => r.taskId);
    const active = () => (qp.activeItems[0] as Row | undefined)?.taskId;
    await waitFor(() => active() !== undefined, 'a row to be active');
    // Settled as a reader sees it: no prompt but on the active row, and on it when its prompt is known (the row is
    // drawn again with it once the user rests there; a key pressed before that may be undone by the redraw).
    const known = new Set(['demo-rocket-03', 'demo-rocket-06']);
    const settledOn = (id: string | undefined) =>
      id !== undefined && withDetail().every(d => d === id) && (!known.has(id) || withDetail().includes(id));
    await waitFor(() => settledOn(active()), 'no prompt but on the active row', 30_000).catch(e => {
      throw new Error(`${String(e)}: active ${active()}, detail ${withDetail().join()}`);
    });
    // To another row whose prompt is known: it shows there, and no longer on the row left.
    const ids = (qp.items as readonly Row[]).map(r => r.taskId);
    const from = ids.indexOf(active());
    const target = ['demo-rocket-06', 'demo-rocket-03'].find(id => id !== active()) ?? '';
    const steps = ids.indexOf(target) - from;
    assert.ok(from >= 0 && ids.indexOf(target) >= 0, `${target} and the active row are shown (${ids.join()})`);
    // One row at a time, as a user who reads each row: a prompt shows on that row alone.
    for (let i = 1; i <= Math.abs(steps); i++) {
      await vscode.commands.executeCommand(steps > 0 ? 'quickInput.next' : 'quickInput.previous');
      const next = ids[from + Math.sign(steps) * i];
      await waitFor(
        () => active() === next && settledOn(next),
        `${next} active, and no prompt on another row`,
        30_000,
      ).catch(e => {
        throw new Error(`${String(e)}: active ${active()}, detail ${withDetail().join()}, ${ids.join()}`);
      });
    }
    await waitFor(
      () => withDetail().join() === target,
      `the prompt on ${target} only (${withDetail().join()})`,
      30_000,
    );
    assert.equal(active(), target, 'the row stays active when its prompt is added');
    await close(api, closed);
  });

  it('narrows by state:, repo: and mine, alone and together', async () => {
    const closed = await open(api);
    await search(api, 'state:failed', ['demo-rocket-05']);
    await search(api, 'state:running', ['demo-rocket-03', 'demo-dotfiles-02']);
    await search(api, 'repo:mona/dotfiles', ['demo-dotfiles-01', 'demo-dotfiles-02']);
    await search(api, 'repo:mona/dotfiles state:completed', ['demo-dotfiles-01']);
    // lee's tasks of acme/rocket are not mine.
    await search(api, 'mine state:failed', []);
    await search(api, 'repo:acme/rocket state:timed_out', ['demo-rocket-07']);
    await search(api, 'mine repo:acme/rocket state:timed_out', []);
    await search(api, 'mine vim', ['demo-dotfiles-02']);
    // A state that does not exist is said, with the states there are.
    api.quickPick()!.value = 'state:bogus';
    await waitFor(() => /No state “bogus”/.test(api.quickPick()!.items[0]?.label ?? ''), 'the unknown state said');
    assert.match(api.quickPick()!.items[0].description ?? '', /states: queued, in_progress/);
    assert.equal(api.quickPick()!.items.length, 1);
    await close(api, closed);
  });

  it('Enter opens the task page of the row chosen', async function () {
    this.timeout(120_000);
    const closed = await open(api);
    await search(api, 'flaky', ['demo-rocket-03']);
    await waitFor(() => api.quickPick()!.activeItems.length === 1, 'the row to be active');
    await vscode.commands.executeCommand('workbench.action.acceptSelectedQuickOpenItem');
    await closed.done;
    await waitFor(() => api.taskPages.openTaskIds().includes('demo-rocket-03'), 'the task page of demo-rocket-03');
    await waitFor(() => /Fix the flaky countdown test/.test(api.taskPages.html('demo-rocket-03') ?? ''), 'its page');
    assert.equal(api.quickPick(), undefined, 'Go to Task closed');
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it('the row of a task with a pull request has a button for it', async () => {
    const closed = await open(api);
    const rows = api.quickPick()!.items as readonly Row[];
    const withPull = rows.find(r => r.taskId === 'demo-rocket-01')!;
    const without = rows.find(r => r.taskId === 'demo-rocket-05')!;
    // Both have a branch, so both offer Review Changes; only the one with a pull request opens it.
    assert.deepEqual(
      withPull.buttons?.map(b => b.tooltip),
      ['Open Pull Request', 'Review Changes'],
    );
    assert.deepEqual(
      (without.buttons ?? []).map(b => b.tooltip),
      ['Review Changes'],
    );
    await close(api, closed);
  });

  it('says when the user’s list was read in part, and searches the rest once asked', async function () {
    this.timeout(180_000);
    // 2,050 more of mona's tasks in acme/website: her list is longer than the 20 pages of 100 read at once.
    const w = demoWorld();
    const base = Date.parse('2026-01-01T00:00:00Z');
    for (let i = 0; i < 2_050; i++) {
      const at = new Date(base + i * 60_000).toISOString().replace('.000Z', 'Z');
      w.tasks!.push({
        id: `many-${i}`,
        repository: 5001,
        creator: 1001,
        state: 'completed',
        prompt: `Many task ${i}`,
        created_at: at,
        updated_at: at,
      });
    }
    await vscode.commands.executeCommand(COMMANDS.signOut, 'fine_grained');
    api = await freshStart(w);
    const closed = await open(api);
    const rows = () => (api.quickPick()?.items ?? []) as readonly (Row & { loadMore?: unknown })[];
    await waitFor(() => !api.quickPick()?.busy && rows().some(r => r.loadMore), 'the row that reads further', 60_000);
    const last = rows().at(-1)!;
    assert.equal(last.label, 'Only the most recently updated tasks are searched. Load more…');
    assert.ok(!rows().some(r => r.taskId === 'many-0'), 'the oldest task is not held yet');
    // A search for the oldest task finds nothing held yet, only the row that reads further; chosen, the pick stays
    // open and finds it.
    await search(api, 'many-0', []);
    await waitFor(() => rows().length === 1 && rows()[0].loadMore, 'the row that reads further alone');
    await waitFor(() => api.quickPick()?.activeItems[0]?.label === last.label, 'the row to be active');
    await vscode.commands.executeCommand('workbench.action.acceptSelectedQuickOpenItem');
    await waitFor(() => rows().some(r => r.taskId === 'many-0'), 'the oldest task to be found', 60_000);
    assert.ok(api.quickPick(), 'Go to Task is still open');
    assert.deepEqual(
      rows().map(r => r.taskId),
      ['many-0'],
      'found, and nothing left to read',
    );
    api.quickPick()!.value = 'many-';
    await waitFor(
      () => rows().filter(r => r.taskId?.startsWith('many-')).length === 2_050,
      'every one of them to be searched',
      30_000,
    );
    assert.ok(!rows().some(r => r.loadMore), 'nothing left to read');
    await close(api, closed);
    await vscode.commands.executeCommand(COMMANDS.signOut, 'fine_grained');
    api = await freshStart();
  });

  it('its keybinding takes none of VS Code’s own', async function () {
    this.timeout(120_000);
    const ours = (
      vscode.extensions.getExtension(EXTENSION_ID)!.packageJSON as {
        contributes: { keybindings: { command: string; key: string; mac?: string }[] };
      }
    ).contributes.keybindings;
    const goTo = ours.find(k => k.command === COMMANDS.goToTask);
    assert.deepEqual(goTo && [goTo.key, goTo.mac], ['ctrl+k ctrl+g', 'cmd+k cmd+g']);
    const defaults = await defaultKeybindings();
    assert.ok(defaults.length > 500, `VS Code's defaults are read (${defaults.length})`);
    const taken = defaults.filter(k => k.key === goTo!.key && !k.command.startsWith('agentTasks.'));
    assert.deepEqual(taken, [], 'no default keybinding of VS Code uses it');
  });
});
