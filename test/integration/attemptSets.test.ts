// A set of attempts of one prompt, in the real VS Code against the sandbox: three tasks started through the service's
// API with three models, written down as one set through the extension's own AttemptSets (as a start of several
// attempts writes it). Both views show one row for the set with its attempts under it; Set Aside hides and Show
// Set-Aside Attempts shows them again; the whole set done is told once; Go to Task finds the set and each attempt; an
// attempt's page names its siblings; an attempt the service no longer has is said so in its set.
import * as assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import * as vscode from 'vscode';
import { KNOWN_MODELS } from '../../src/api/schema/values';
import { CHAT_TOOLS, COMMANDS } from '../../src/ids';
import { invokeText } from './chatSupport';
import type { AttemptStart } from '../../src/model/attemptSets';
import type { Compared } from '../../src/changes/attempts/attemptCommands';
import type { AgentTasksTestApi, TestTreeItem } from '../../src/testing/testApi';
import { DEMO_TOKENS, freshStart, messagesFrom, SANDBOX, waitFor } from './tasksSupport';

const nonce = randomBytes(4).toString('hex');
const PROMPT = `Make the countdown reject negative numbers ${nonce}`;
const MODELS = [KNOWN_MODELS[0], KNOWN_MODELS[1], KNOWN_MODELS[2]];

/** A task started through the service's API, as the extension's start does, with this model. */
async function startTask(prompt: string, model: string): Promise<string> {
  const r = await fetch(`${SANDBOX}/agents/repos/acme/rocket/tasks`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${DEMO_TOKENS.fineGrained}` },
    body: JSON.stringify({ prompt, model }),
  });
  const body = (await r.json()) as { id?: string };
  assert.ok(r.status < 300 && typeof body.id === 'string', `the start: ${r.status} ${JSON.stringify(body)}`);
  return body.id;
}

async function setState(id: string, state: string): Promise<void> {
  const r = await fetch(`${SANDBOX}/_sandbox/tasks/${id}`, {
    method: 'PATCH',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ state }),
  });
  assert.ok(r.ok, `the sandbox took the change (${r.status})`);
}

const start = (prompt: string): AttemptStart => ({
  repo: 'acme/rocket',
  prompt,
  base_ref: 'main',
  head_ref: '',
  create_pull_request: false,
  custom_agent: '',
});

const setRow = (items: TestTreeItem[], setId: string) =>
  items.find(i => i.kind === 'attemptSet' && i.id?.endsWith(`/set:${setId}`));
const childIds = (row: TestTreeItem | undefined) => (row?.children ?? []).map(c => c.id?.split('/').pop());

describe('a set of attempts', () => {
  let api: AgentTasksTestApi;
  let ids: string[] = [];
  let setId = '';

  before(async function () {
    this.timeout(120_000);
    api = await freshStart();
    assert.ok(api.attemptSets, 'the test surface hands the extension’s sets of attempts');
    const set = await api.attemptSets.create(start(PROMPT), MODELS);
    setId = set.id;
    ids = [];
    for (const [i, model] of MODELS.entries()) {
      const id = await startTask(PROMPT, model);
      ids.push(id);
      await api.attemptSets.noteStarted(set.id, i, id);
    }
    await api.refresh();
  });

  afterEach(async () => {
    api.quickPick()?.hide();
    await api.attemptSets?.showAside(false);
  });

  it('is one row in Repository and in My Tasks, its attempts under it by number and model', async function () {
    this.timeout(60_000);
    for (const view of ['repoTasks', 'myTasks'] as const) {
      const roots = await waitFor(async () => {
        const items = await api.treeItems(view, 1);
        return setRow(items, setId) ? items : undefined;
      }, `the set's row in ${view}`);
      const row = setRow(roots!, setId)!;
      assert.equal(row.label, PROMPT);
      assert.equal(row.description, '3 attempts · 3 queued', view);
      assert.equal(row.icon, 'layers');
      assert.equal(row.contextValue, 'agentAttemptSet');
      assert.deepEqual(childIds(row), ids, `${view}: the attempts in order, under the set`);
      assert.deepEqual(
        row.children!.map(c => c.label),
        MODELS.map((m, i) => `Attempt ${i + 1} · ${m}`),
      );
      assert.match(row.children![0].description ?? '', /^Queued/);
      assert.match(row.children![0].contextValue ?? '', /^agentTask\b.* attempt$/);
      // No attempt is a row of its own besides.
      assert.deepEqual(
        roots!.filter(i => i.kind === 'task' && ids.some(id => i.id?.endsWith(`/${id}`))),
        [],
        `${view}: no attempt at the top`,
      );
    }
    // The status bar counts the attempts as the tasks they are: the demo world's one queued and two running, and three.
    await waitFor(() => api.statusBar().text === '$(sync~spin) 4 queued · 2 running', 'the status bar’s counts');
  });

  it('an attempt moving on redraws its row and the set’s counts, in place', async function () {
    this.timeout(60_000);
    await setState(ids[0], 'in_progress');
    await api.refresh();
    await waitFor(
      async () =>
        setRow(await api.treeItems('repoTasks', 1), setId)?.description === '3 attempts · 1 running, 2 queued',
      'the counts',
    );
    const row = setRow(await api.treeItems('repoTasks', 1), setId);
    assert.match(row?.children?.[0].description ?? '', /^Running/);
    assert.deepEqual(childIds(row), ids, 'the same order');
  });

  it('Set Aside hides an attempt, says the task still exists on the service; the filter shows it again, marked', async function () {
    this.timeout(60_000);
    const told = messagesFrom(api);
    await vscode.commands.executeCommand(COMMANDS.setAside, { task: api.model.picture(ids[1])!.task });
    const said = told().find(t => t.includes('is set aside'));
    assert.equal(
      said,
      `Attempt 2 · ${MODELS[1]} of “${PROMPT}” is set aside: hidden from the views in this workspace. It still exists on the service (there is no cancel or archive).`,
    );
    for (const view of ['repoTasks', 'myTasks'] as const) {
      const row = setRow(await api.treeItems(view, 1), setId);
      assert.deepEqual(childIds(row), [ids[0], ids[2]], `${view}: attempt 2 hidden`);
    }
    await vscode.commands.executeCommand(COMMANDS.showSetAside);
    assert.equal(api.context()['agentTasks.showingSetAside'], true);
    const shown = setRow(await api.treeItems('repoTasks', 1), setId);
    assert.deepEqual(childIds(shown), ids, 'shown again');
    assert.match(shown!.children![1].description ?? '', / · set aside/);
    assert.match(shown!.children![1].contextValue ?? '', / attempt aside$/);
    await vscode.commands.executeCommand(COMMANDS.showSetAsideOn);
    assert.deepEqual(childIds(setRow(await api.treeItems('repoTasks', 1), setId)), [ids[0], ids[2]]);
    await vscode.commands.executeCommand(COMMANDS.showAgain, { task: api.model.picture(ids[1])!.task });
    assert.deepEqual(childIds(setRow(await api.treeItems('repoTasks', 1), setId)), ids, 'back for good');
  });

  it('Set Aside on the set’s row hides the whole set, and Show Again brings it back', async function () {
    this.timeout(60_000);
    const row = api.treeProvider('repoTasks');
    const node = (await row.getChildren())!.find(n => n.kind === 'attemptSet');
    assert.ok(node, 'the set’s node');
    const told = messagesFrom(api);
    await vscode.commands.executeCommand(COMMANDS.setAside, node);
    assert.ok(
      told().some(t =>
        t.includes(`The set “${PROMPT}” is set aside: hidden from the views in this workspace. It still exists`),
      ),
      JSON.stringify(told()),
    );
    assert.equal(setRow(await api.treeItems('repoTasks', 1), setId), undefined, 'gone from Repository');
    assert.equal(setRow(await api.treeItems('myTasks', 1), setId), undefined, 'gone from My Tasks');
    await vscode.commands.executeCommand(COMMANDS.showSetAside);
    assert.match(setRow(await api.treeItems('repoTasks', 1), setId)?.description ?? '', / · set aside$/);
    await vscode.commands.executeCommand(COMMANDS.showAgain, setId);
    await vscode.commands.executeCommand(COMMANDS.showSetAsideOn);
    assert.equal(setRow(await api.treeItems('repoTasks', 1), setId)?.description, '3 attempts · 1 running, 2 queued');
  });

  it('Go to Task finds the set by its name, and each attempt as “attempt 2 of 3 · model”', async function () {
    this.timeout(60_000);
    const done = Promise.resolve(vscode.commands.executeCommand(COMMANDS.goToTask));
    await waitFor(() => api.quickPick()?.activeItems.length, 'Go to Task to be shown', 30_000);
    api.quickPick()!.value = nonce;
    type Row = vscode.QuickPickItem & { taskId: string; setId?: string };
    const rows = await waitFor(() => {
      const items = (api.quickPick()?.items ?? []) as readonly Row[];
      const all = items.some(i => i.setId === setId) && items.filter(i => ids.includes(i.taskId)).length === 3;
      return all ? items : undefined;
    }, 'the set and its attempts');
    const set = rows!.find(i => i.setId === setId)!;
    assert.equal(set.label, PROMPT);
    assert.equal(set.description, 'set of 3 attempts · 1 running, 2 queued');
    for (const [i, id] of ids.entries())
      assert.match(
        rows!.find(r => r.taskId === id)?.description ?? '',
        new RegExp(`^attempt ${i + 1} of 3 · ${MODELS[i].replace(/\./g, '\\.')} · `),
      );
    // Chosen, the set is revealed in the views.
    api.quickPick()!.activeItems = [set];
    await vscode.commands.executeCommand('workbench.action.acceptSelectedQuickOpenItem');
    await done;
    assert.equal(api.quickPick(), undefined, 'Go to Task closed');
  });

  it("an attempt's page names its siblings, each a link to its own page", async function () {
    this.timeout(60_000);
    await vscode.commands.executeCommand(COMMANDS.showTaskDetails, api.model.picture(ids[1])!.task);
    const html = await waitFor(() => {
      const h = api.taskPages.html(ids[1]);
      return h && /class="attempt"/.test(h) ? h : undefined;
    }, 'the page of attempt 2');
    assert.ok(html!.includes(`Attempt 2 of 3 of “${PROMPT}” · ${MODELS[1]}`), html);
    assert.ok(html!.includes(`data-sibling="0">Attempt 1 · ${MODELS[0]} (Running)</button>`), html);
    assert.ok(html!.includes(`data-sibling="1">Attempt 3 · ${MODELS[2]} (Queued)</button>`), html);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it("an attempt's page offers Compare Attempts, which compares its set", async function () {
    this.timeout(90_000);
    await vscode.commands.executeCommand(COMMANDS.showTaskDetails, api.model.picture(ids[0])!.task);
    const html = await waitFor(() => {
      const h = api.taskPages.html(ids[0]);
      return h && /class="attempt"/.test(h) ? h : undefined;
    }, 'the page of attempt 1');
    // The page's script sends {command: <data-action>}; the page runs Compare Attempts with its set for that message.
    assert.ok(html!.includes('<button type="button" data-action="compareAttempts">Compare Attempts</button>'), html);
    const shown = await vscode.commands.executeCommand<Compared>(COMMANDS.compareAttempts, setId);
    assert.equal(shown?.comparison.set.id, setId, 'the comparison of the page’s set');
    assert.equal(shown.comparison.attempts.length, 3);
    await vscode.commands.executeCommand('agentTasks.attempts.close');
  });

  it('tells once, when the whole set is done, not once per attempt', async function () {
    this.timeout(60_000);
    const told = messagesFrom(api);
    await setState(ids[0], 'completed');
    await api.refresh();
    await waitFor(() => api.model.picture(ids[0])?.task.state === 'completed', 'attempt 1 finished');
    await setState(ids[1], 'failed');
    await setState(ids[2], 'completed');
    await api.refresh();
    await waitFor(() => told().some(t => t.includes('done:')), 'the set’s news');
    const mentions = told().filter(t => t.includes(PROMPT));
    assert.deepEqual(mentions, [`3 attempts of “${PROMPT}” done: 2 finished, 1 failed.`], 'one notification');
    assert.equal(setRow(await api.treeItems('repoTasks', 1), setId)?.description, '3 attempts · 2 finished, 1 failed');
  });

  it("chat's Get Agent Task of the set says each attempt's state and changes; of an attempt, its set", async function () {
    this.timeout(90_000);
    const text = await invokeText(CHAT_TOOLS.getTask, { taskId: setId });
    const lines = text.split('\n');
    assert.match(lines[1], new RegExp(`^Set of 3 attempts “${PROMPT}” \\(set id ${setId}\\)`), text);
    const states = ['completed', 'failed', 'completed'];
    for (const [i, id] of ids.entries()) {
      const line = lines.find(l => l.startsWith(`  ${i + 1}. model ${MODELS[i]}, task id ${id}, state ${states[i]}; `));
      assert.ok(line, `attempt ${i + 1}: ${text}`);
    }
    // Which files they agree on, or why that cannot be told (changes not read in time): said either way.
    assert.ok(
      lines.some(l =>
        /^(Files where attempts reached the same content|No file has the same content|Which files)/.test(l),
      ),
      text,
    );
    const one = await invokeText(CHAT_TOOLS.getTask, { taskId: ids[1] });
    assert.ok(one.includes(`- attempt 2 of 3 of the set “${PROMPT}” started in this workspace (set id ${setId}`), one);
  });

  it('My Tasks grouped by repository keeps the set one row under its repository; a task and a set are revealed', async function () {
    this.timeout(60_000);
    const from = api.said().length;
    await vscode.commands.executeCommand(COMMANDS.groupMyTasksByRepo);
    try {
      const groups = await api.treeItems('myTasks', 2);
      const rocket = groups.find(g => g.kind === 'repoGroup' && g.label === 'acme/rocket');
      const row = setRow(rocket?.children ?? [], setId);
      assert.deepEqual(childIds(row), ids, 'the set under acme/rocket, its attempts under it');
      assert.match(rocket?.description ?? '', /^\d+ tasks/);
      await vscode.commands.executeCommand(COMMANDS.revealTask, { id: ids[2], state: 'completed' });
      assert.equal(await vscode.commands.executeCommand(COMMANDS.revealAttemptSet, setId), true, 'the set revealed');
      const errors = api
        .said()
        .slice(from)
        .filter(m => m.level === 'error');
      assert.deepEqual(errors, [], 'revealing an attempt under its set, under its repository, went well');
    } finally {
      await vscode.commands.executeCommand(COMMANDS.groupMyTasksByRepoOn);
    }
  });

  it('an attempt the service no longer has is said so in its set, beside the rest', async function () {
    this.timeout(60_000);
    const prompt = `Another set ${nonce}`;
    const set = await api.attemptSets!.create(start(prompt), [MODELS[0], MODELS[1]]);
    await api.attemptSets!.noteStarted(set.id, 0, await startTask(prompt, MODELS[0]));
    await api.attemptSets!.noteStarted(set.id, 1, `gone-${nonce}`);
    await api.refresh();
    const row = await waitFor(async () => {
      const r = setRow(await api.treeItems('repoTasks', 1), set.id);
      return r?.children?.length === 2 ? r : undefined;
    }, 'the set with its two attempts');
    assert.equal(row!.children![0].label, `Attempt 1 · ${MODELS[0]}`);
    assert.equal(row!.children![1].kind, 'message');
    assert.equal(row!.children![1].label, `Attempt 2 · ${MODELS[1]}: the service no longer has this task`);
  });
});
