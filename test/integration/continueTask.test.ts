import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { COMMANDS } from '../../src/ids';
import type { AgentTasksTestApi } from '../../src/testing/testApi';
import { inertLabel, inertMarkdown, inertMessage } from './serviceTextSupport';
import {
  byId,
  DEMO_TOKENS,
  freshStart,
  messagesFrom,
  SANDBOX,
  sandboxPost,
  sandboxStats,
  waitFor,
  SEND,
  startAsGiven,
} from './tasksSupport';

type Refs = { head_ref: string; base_ref: string; prompt: string; model?: string };
type StartResult = { ok: boolean; task?: { id: string; name: string }; problem?: string };

/** A task as the service holds it, read on its own (by repository), sessions included. */
async function sessionsOf(taskId: string): Promise<Refs[]> {
  const r = await fetch(`${SANDBOX}/agents/repos/acme/rocket/tasks/${taskId}`, {
    headers: { authorization: `Bearer ${DEMO_TOKENS.fineGrained}` },
  });
  assert.equal(r.status, 200, `reading ${taskId}`);
  return ((await r.json()) as { sessions: Refs[] }).sessions;
}

const START_ROUTE = 'POST /agents/repos/{owner}/{repo}/tasks';
const starts = async () => (await sandboxStats()).by_route[START_ROUTE] ?? 0;

/** The new task's first session, once the sandbox has moved it on from queued. */
async function firstSession(taskId: string): Promise<Refs> {
  return waitFor(async () => {
    await sandboxPost('/_sandbox/advance');
    return (await sessionsOf(taskId))[0];
  }, `a session of ${taskId}`);
}

describe('continuing a task', () => {
  let api: AgentTasksTestApi;
  before(async function () {
    this.timeout(90_000);
    await freshStart();
  });

  afterEach(async () => {
    api?.answer(undefined);
    await vscode.commands.executeCommand(COMMANDS.discardDraft);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it('from the tree item: sends the old task head_ref and base_ref, and the new task says what it continues', async () => {
    api = await freshStart();
    const [old] = await sessionsOf('demo-rocket-01');
    assert.ok(old.head_ref && old.base_ref, 'the demo task has a branch');
    // What the context menu hands the command: the node the tree holds, whose task came from a list (no sessions).
    assert.ok(byId(await api.treeItems('repoTasks'), 'demo-rocket-01'), 'the task is drawn');
    const node = api.taskNode('repoTasks', 'demo-rocket-01');
    assert.ok(node, 'the task is in Repository Tasks');
    api.answer({ input: 'Now also handle the empty case', pick: SEND });
    const result = await vscode.commands.executeCommand<StartResult>(COMMANDS.continueTask, node);
    assert.equal(result.ok, true, JSON.stringify(result));
    const id = result.task!.id;
    assert.notEqual(id, 'demo-rocket-01');
    assert.ok(
      api.asked().some(a => a.kind === 'input' && /next/.test(a.text)),
      'the next prompt was asked for',
    );
    // On the service's side: the new task's session works on the old task's branch, from its base.
    const session = await firstSession(id);
    assert.equal(session.head_ref, old.head_ref);
    assert.equal(session.base_ref, old.base_ref);
    assert.match(session.prompt, /^Now also handle the empty case/);
    // In the tree: the description and the tooltip name the task it continues.
    const item = (await waitFor(async () => byId(await api.treeItems('repoTasks'), id), 'the new task in the tree'))!;
    // The description and the tooltip have it whole (the tree's own ellipsis ends what a row cannot hold).
    assert.match(item.description ?? '', /· continues “Add retries with backoff to the telemetry uploader”$/);
    assert.match(item.tooltip ?? '', /Continues “Add retries with backoff to the telemetry uploader”/);
    // On its page.
    await vscode.commands.executeCommand(COMMANDS.showTaskDetails, { task: result.task });
    const html = (await waitFor(() => api.taskPages.html(id), 'the page of the new task'))!;
    assert.match(
      html,
      /<p class="continues" dir="auto">Continues “Add retries with backoff to the telemetry uploader”/,
    );
    // The old task's page offers Continue Task, enabled.
    await vscode.commands.executeCommand(COMMANDS.showTaskDetails, { task: { id: 'demo-rocket-01', state: 'x' } });
    const oldHtml = String(
      await waitFor(() => {
        const h = api.taskPages.html('demo-rocket-01');
        return h?.includes('Continue Task') && !/data-action="continueTask" disabled/.test(h) && h;
      }, 'an enabled Continue Task button on the old task page'),
    );
    assert.match(oldHtml, /data-action="continueTask">Continue Task…</);
  });

  it('shows what goes and the options before it starts: dismissed, nothing is sent (the prompt is kept); Send starts with those chosen', async () => {
    api = await freshStart();
    const [old] = await sessionsOf('demo-rocket-01');
    const before = await starts();
    const task = { id: 'demo-rocket-01', state: 'completed' };
    const lists: vscode.QuickPickItem[][] = [];
    // The prompt typed and Enter pressed, then the list closed: nothing starts.
    api.answer({ input: 'Rename the flag\nand update its docs', pick: items => void lists.push([...items]) });
    const dismissed = await vscode.commands.executeCommand<StartResult | undefined>(COMMANDS.continueTask, { task });
    assert.equal(dismissed, undefined);
    assert.equal(await starts(), before, 'nothing reached the service');
    // The prompt typed is kept, as Start Task keeps one: Retry in the Repository view sends it.
    assert.equal(api.draft()?.prompt, 'Rename the flag\nand update its docs');
    assert.equal(api.draft()?.continues?.id, 'demo-rocket-01');
    const [shown] = lists;
    assert.ok(shown, 'a list was shown');
    assert.equal(shown[0].label, '$(send) Send', 'Send first: Enter sends');
    const confirmList = [...api.asked()].reverse().find(a => a.kind === 'pick' && a.labels[0] === '$(send) Send');
    assert.equal(
      confirmList?.kind === 'pick' ? confirmList.title : undefined,
      'Continue “Add retries with backoff to the telemetry uploader”',
    );
    const row = (label: string, items: readonly vscode.QuickPickItem[] = shown) =>
      items.find(i => i.label.replace(/^\$\([\w-]+\) /, '') === label);
    assert.equal(row('Prompt')?.detail, 'Rename the flag / and update its docs');
    assert.equal(row('Branch')?.description, `${old.head_ref} onto ${old.base_ref}`);
    const pr = row('Create a pull request')?.description ?? '';
    assert.match(pr, /^(yes|no)\b/);
    // A model chosen and the pull request switched, then Send.
    const model = 'family-b-5.4';
    const steps = ['Model', 'Create a pull request', 'Send'];
    api.answer({
      input: 'Rename the flag',
      pick: items =>
        items.some(i => i.label === 'default') ? items.find(i => i.label === model) : row(steps.shift()!, items),
    });
    const result = await vscode.commands.executeCommand<StartResult>(COMMANDS.continueTask, { task });
    assert.equal(result?.ok, true, JSON.stringify(result));
    assert.equal(await starts(), before + 1, 'one start, once Send was picked');
    const session = await firstSession(result.task!.id);
    assert.equal(session.model, model);
    assert.equal(session.head_ref, old.head_ref);
    // Remembered as Start Task's choices are, and shown so on the next list.
    const stored = JSON.parse(api.storedState()) as Array<Record<string, unknown>>;
    const remembered = stored.map(s => s['agentTasks.lastStartOptions']).find(Boolean);
    assert.deepEqual(remembered, { model, create_pull_request: !pr.startsWith('yes') });
    lists.length = 0;
    api.answer({ input: 'Once more', pick: items => void lists.push([...items]) });
    await vscode.commands.executeCommand(COMMANDS.continueTask, { task });
    assert.equal(row('Model', lists[0])?.description, `${model} (remembered from your last start)`);
    assert.equal(await starts(), before + 1);
  });

  it('from the palette: asks which task, then continues it', async () => {
    api = await freshStart();
    const [old] = await sessionsOf('demo-rocket-09');
    api.answer({
      pick: items => items.find(i => /Review error messages of the CLI/.test(i.label)) ?? SEND(items),
      input: 'Shorten them too',
    });
    const result = await vscode.commands.executeCommand<StartResult>(COMMANDS.continueTask);
    assert.equal(result.ok, true, JSON.stringify(result));
    assert.ok(api.asked().some(a => a.kind === 'pick' && /Continue which task/.test(a.placeHolder)));
    const session = await firstSession(result.task!.id);
    assert.equal(session.head_ref, old.head_ref);
  });

  it('with a selection in the editor: the selected lines go with the next prompt, and the box counts them', async () => {
    api = await freshStart();
    const doc = await vscode.workspace.openTextDocument({
      language: 'typescript',
      content: 'export function countdown(n: number) {\n  return n - 1;\n}\n',
    });
    const editor = await vscode.window.showTextDocument(doc);
    editor.selection = new vscode.Selection(0, 0, 2, 1);
    api.answer({ input: 'Handle zero here', pick: SEND });
    const result = await vscode.commands.executeCommand<StartResult>(COMMANDS.continueTask, {
      task: { id: 'demo-rocket-01', state: 'completed' },
    });
    assert.equal(result.ok, true, JSON.stringify(result));
    assert.ok(
      api.asked().some(a => a.kind === 'input' && /The 3 selected lines are sent with it/.test(a.text)),
      JSON.stringify(api.asked()),
    );
    const session = await firstSession(result.task!.id);
    assert.match(session.prompt, /^Handle zero here\n\n```typescript\nexport function countdown/);
    // The scratch document goes without a question about saving it.
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
  });

  it('a failed continue keeps the prompt with its branches, and Retry continues the same task', async () => {
    api = await freshStart();
    const [old] = await sessionsOf('demo-rocket-01');
    const failed = await startAsGiven<StartResult>(COMMANDS.continueTask, {
      task: { id: 'demo-rocket-01', state: 'completed' },
      prompt: 'Keep me as a continuation',
      options: { model: 'no-such-model' },
    });
    assert.equal(failed.ok, false, JSON.stringify(failed));
    assert.equal(api.draft()?.prompt, 'Keep me as a continuation');
    assert.equal(api.draft()?.continues?.id, 'demo-rocket-01', 'the draft knows which task it continues');
    const kept = (await api.treeItems('repoTasks')).find(i => i.kind === 'draft');
    assert.ok(kept, 'the kept prompt is in the view with Retry');
    assert.match(kept.description ?? '', /^continues “Add retries/, `and says what it continues: ${kept.description}`);
    const retried = await startAsGiven<StartResult>(COMMANDS.retryFailedStart, {
      options: { model: '' },
    });
    assert.equal(retried.ok, true, JSON.stringify(retried));
    assert.equal(api.draft(), undefined);
    const session = await firstSession(retried.task!.id);
    assert.equal(session.head_ref, old.head_ref, 'the retry still works on the old branch');
    assert.equal(session.base_ref, old.base_ref);
    const item = (await waitFor(
      async () => byId(await api.treeItems('repoTasks'), retried.task!.id),
      'the retried task in the tree',
    ))!;
    assert.match(item.description ?? '', /continues “Add retries/);
  });

  it('a queued task, which has no branch yet, says so and starts nothing', async () => {
    api = await freshStart();
    const said = messagesFrom(api);
    const before = await starts();
    const result = await vscode.commands.executeCommand<StartResult>(COMMANDS.continueTask, {
      task: { id: 'demo-rocket-04', state: 'queued' },
      prompt: 'Too early',
    });
    assert.equal(result.ok, false);
    assert.match(result.problem ?? '', /has no branch to continue yet/);
    assert.ok(
      said().some(t => /Bump the protobuf dependency.*has no branch to continue yet/.test(t)),
      JSON.stringify(said()),
    );
    assert.equal(await starts(), before, 'no start was sent');
    assert.equal(api.draft(), undefined, 'nothing to keep: no prompt was taken');
  });

  it('a task named by a link and icons is continued: the words it shows are the name, never a link or an icon', async () => {
    api = await freshStart();
    const line = '[Review](command:workbench.action.openSettings) $(zap) <b>bold</b>';
    const started = await startAsGiven<StartResult>(COMMANDS.startTask, { prompt: `${line}\nthen stop` }, {});
    assert.equal(started.ok, true, JSON.stringify(started));
    const old = started.task!;
    await firstSession(old.id);
    const said = messagesFrom(api);
    const result = await startAsGiven<StartResult>(COMMANDS.continueTask, {
      task: { id: old.id, state: 'in_progress' },
      prompt: 'Go on',
    });
    assert.equal(result.ok, true, JSON.stringify(result));
    const told = said().find(t => t.includes('continuing'));
    assert.ok(told, JSON.stringify(said()));
    inertMessage(told, line);
    const item = (await waitFor(async () => byId(await api.treeItems('repoTasks'), result.task!.id), 'the new task'))!;
    inertLabel(item.description ?? '', line.slice(0, 30));
    inertMarkdown(item.tooltip ?? '', `Continues “${line}”`, 'tooltip', item.tooltipRendering);
  });
});
