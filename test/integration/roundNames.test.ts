// Rounds of one work told apart, in the real VS Code against the sandbox: two feedback rounds of one task, and a
// Continue Task whose prompt would take the first task's name, get names that differ (the service names a task from
// its prompt's first line, which says the round); the tree, Go to Task and the task page show each round's number.
import * as assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import * as vscode from 'vscode';
import { COMMANDS } from '../../src/ids';
import { openHead, ready, reviewWorld, until } from './reviewSupport';
import { byId, freshStart, sandboxPost, waitFor } from './tasksSupport';

const nonce = randomBytes(4).toString('hex');
const HEAD = `agent/rounds-${nonce}`;
const TASK = `rounds-${nonce}`;
const NEXT = `rounds-next-${nonce}`;
const FIRST_NAME = `Tidy the countdown ${nonce}`;

type Api = Awaited<ReturnType<typeof freshStart>>;
type Started = { ok: boolean; task: { id: string; name: string } };
type Row = vscode.QuickPickItem & { taskId?: string };

/** Writes a comment on a line of the head side, then sends the feedback the way the draft's Send to Agent does. */
async function feedbackRound(api: Api, head: vscode.Uri, line: number, text: string): Promise<[string, Started]> {
  const thread = api.review.emptyThread(head, new vscode.Range(line, 0, line, 0));
  const made = await vscode.commands.executeCommand<{ id: string }>(COMMANDS.addComment, { thread, text });
  assert.ok(made?.id, 'the comment is kept');
  const opened = await vscode.commands.executeCommand<{ draft: string }>(COMMANDS.sendFeedback, {
    task: { id: TASK, state: 'completed' },
  });
  const doc = await until(
    () => vscode.workspace.textDocuments.find(d => d.uri.toString() === opened.draft),
    'the feedback draft',
  );
  const prompt = doc.getText();
  const started = await vscode.commands.executeCommand<Started>(COMMANDS.sendFeedbackDraft, doc.uri);
  assert.equal(started?.ok, true, JSON.stringify(started));
  return [prompt, started];
}

const labelOf = (api: Api, id: string) => {
  const item = api.taskNode('repoTasks', id)?.getTreeItem();
  return typeof item?.label === 'string' ? item.label : item?.label?.label;
};
const descriptionOf = (api: Api, id: string) => {
  const d = api.taskNode('repoTasks', id)?.getTreeItem().description;
  return typeof d === 'string' ? d : '';
};

describe('rounds of one work: names that differ, and the round shown', () => {
  let api: Api;
  const rounds: Started[] = [];

  before(async function () {
    this.timeout(240_000);
    api = await freshStart(reviewWorld(TASK, NEXT, HEAD, nonce));
    await ready(api, TASK);
    await api.expandTask('repoTasks', TASK);
  });

  after(async () => {
    api.answer(undefined);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it('two feedback rounds start with their round and first comment, so the service names them apart', async function () {
    this.timeout(240_000);
    // Send on the list that shows what goes (Enter on its first row).
    api.answer({ confirm: true, pick: items => items[0] });
    const head = (await openHead(TASK, 'src/countdown.ts')).document.uri;
    const [first, second] = [
      await feedbackRound(api, head, 2, 'Use a loop.\nKeep it.'),
      await feedbackRound(api, head, 4, 'Name the end of the function.'),
    ];
    const [line2, instruction] = first[0].split('\n');
    assert.equal(line2, `Round 2 of “${FIRST_NAME}”: Use a loop. Keep it.`);
    assert.equal(
      instruction,
      `Review comments on your changes on branch ${HEAD}. Address each of them on the same branch.`,
    );
    assert.match(first[0], /\n\n1\. src\/countdown\.ts, line 3:\n```\n/, 'the items as before');
    assert.equal(second[0].split('\n')[0], `Round 3 of “${FIRST_NAME}”: Name the end of the function.`);
    rounds.push(first[1], second[1]);
    // The service's names, made from those lines, differ.
    assert.equal(first[1].task.name, line2);
    assert.notEqual(first[1].task.name, second[1].task.name);
  });

  it('Continue Task with the first prompt again gets a first line that tells the round apart', async function () {
    this.timeout(120_000);
    const n = rounds.length + 2;
    const lists: (readonly vscode.QuickPickItem[])[] = [];
    api.answer({ confirm: true, pick: items => (lists.push([...items]), items[0]) });
    const started = await vscode.commands.executeCommand<Started>(COMMANDS.continueTask, {
      task: { id: TASK, state: 'completed' },
      prompt: `${FIRST_NAME}\nOnce more, please.`,
    });
    assert.equal(started?.ok, true, JSON.stringify(started));
    assert.equal(started.task.name, `Round ${n} of “${FIRST_NAME}”: ${FIRST_NAME}`);
    rounds.push(started);
    // The confirmation showed the prompt as it was sent, the round's line first.
    const shown = lists[0]?.find(i => i.label.replace(/^\$\([\w-]+\) /, '') === 'Prompt')?.detail ?? '';
    assert.ok(shown.startsWith(`Round ${n} of “${FIRST_NAME}”: ${FIRST_NAME} / ${FIRST_NAME} / Once more`), shown);
    assert.ok(
      api.said().some(s => s.text.startsWith(`Task “Round ${n} of “${FIRST_NAME}”`)),
      'the start says the name the line gave',
    );
  });

  it('the tree shows each round with its number, the first task too', async function () {
    this.timeout(60_000);
    const ids = [TASK, ...rounds.map(r => r.task.id)];
    const of = ids.length;
    await until(
      () => ids.every(id => new RegExp(` · round \\d of ${of}`).test(descriptionOf(api, id))),
      'every round numbered',
    );
    assert.deepEqual(
      ids.map(id => /round \d of \d/.exec(descriptionOf(api, id))?.[0]),
      ids.map((_, i) => `round ${i + 1} of ${of}`),
    );
    const labels = ids.map(id => labelOf(api, id));
    assert.equal(new Set(labels).size, labels.length, labels.join(' | '));
    const second = byId(await api.treeItems('repoTasks'), ids[1]);
    assert.match(second?.tooltip ?? '', new RegExp(`Round 2 of ${of} of “${FIRST_NAME}”`), 'and its tooltip');
  });

  it('Go to Task shows the rounds apart, with their numbers', async function () {
    this.timeout(120_000);
    const done = Promise.resolve(vscode.commands.executeCommand(COMMANDS.goToTask));
    try {
      await waitFor(() => api.quickPick()?.activeItems.length, 'Go to Task to be shown', 30_000);
      const qp = api.quickPick()!;
      qp.value = nonce;
      const ids = rounds.map(r => r.task.id);
      const rows = await until(() => {
        const shown = (qp.items as readonly Row[]).filter(r => r.taskId && ids.includes(r.taskId));
        return qp.value === nonce && shown.length === ids.length ? shown : undefined;
      }, 'the rounds in Go to Task');
      const byId = new Map(rows.map(r => [r.taskId, r]));
      assert.deepEqual(
        ids.map(id => /round \d of \d/.exec(byId.get(id)?.description ?? '')?.[0]),
        ids.map((_, i) => `round ${i + 2} of ${ids.length + 1}`),
      );
      assert.equal(new Set(rows.map(r => r.label)).size, rows.length, rows.map(r => r.label).join(' | '));
    } finally {
      api.quickPick()?.hide();
      await done;
    }
  });

  it('the task page says the round in its header and title', async function () {
    this.timeout(60_000);
    const id = rounds[0].task.id;
    await vscode.commands.executeCommand(COMMANDS.showTaskDetails, { task: { id, state: 'x' } });
    const html = await until(() => api.taskPages.html(id), 'the page drawn');
    const of = rounds.length + 1;
    assert.match(html, new RegExp(`<p class="round" dir="auto">Round 2 of ${of} of “${FIRST_NAME}”</p>`));
    assert.match(html, new RegExp(`<title>Round 2 of “[^<]* · round 2 of ${of}</title>`));
  });

  it('the notification that a round finished says which round it is', async function () {
    this.timeout(60_000);
    const name = rounds[0].task.name;
    const told = await until(async () => {
      await sandboxPost('/_sandbox/advance');
      await api.refresh();
      return api.said().find(s => s.text.startsWith(`Task “${name}” (round 2 of `));
    }, 'the notification of round 2');
    assert.equal(told.text, `Task “${name}” (round 2 of ${rounds.length + 1}) finished.`);
  });
});
