// The review loop in the real VS Code against the sandbox: comments on the head side of a task's diff (kept in
// workspace state, edited, deleted), files ticked as viewed, the branch moving under them (comments follow their
// lines, a changed one says so; a changed file loses its tick; Refresh reads it; a row behind the remote says so),
// Send Feedback to Agent… continuing the task on its branch with the file, lines, quote and comment, and the original
// task following its continuation's commits without any action.
import * as assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import * as vscode from 'vscode';
import type { ReviewOpened } from '../../src/changes/multiDiff';
import { COMMANDS } from '../../src/ids';
import { git, workspace } from './changesSupport';
import { LOOP, moveTask, openHead, ready, reviewWorld, rowOf, rowsOf, until, type Ready } from './reviewSupport';
import { freshStart, SANDBOX, sandboxPost, sandboxStats } from './tasksSupport';
import { DEMO_TOKENS } from './tasksSupport';

const nonce = randomBytes(4).toString('hex');
const HEAD = `agent/review-${nonce}`;
const TASK = `review-${nonce}`;
const NEXT = `review-next-${nonce}`;

type Api = Awaited<ReturnType<typeof freshStart>>;

async function sessionsOf(
  id: string,
): Promise<{ prompt: string; head_ref: string; base_ref: string; model?: string }[]> {
  const r = await fetch(`${SANDBOX}/agents/repos/acme/rocket/tasks/${id}`, {
    headers: { authorization: `Bearer ${DEMO_TOKENS.fineGrained}` },
  });
  return ((await r.json()) as { sessions?: [] }).sessions ?? [];
}

/** Writes a comment as the editor does: an empty thread on the lines, then Add Comment with the text typed. */
async function comment(api: Api, uri: vscode.Uri, line: number, text: string): Promise<{ id: string }> {
  const thread = api.review.emptyThread(uri, new vscode.Range(line, 0, line, 0));
  const made = await vscode.commands.executeCommand<{ id: string }>(COMMANDS.addComment, { thread, text });
  assert.ok(made?.id, 'the comment is kept');
  return made;
}

describe('review: comments, viewed files, feedback to the agent', () => {
  let api: Api;
  let first: Ready;
  let draft = '';

  before(async function () {
    this.timeout(240_000);
    api = await freshStart(reviewWorld(TASK, NEXT, HEAD, nonce));
    first = await ready(api, TASK);
    await api.expandTask('repoTasks', TASK);
  });

  after(async () => {
    api.answer(undefined);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it('takes comments on lines of the head side only; edits and deletes them; keeps them in workspace state', async function () {
    this.timeout(180_000);
    const editor = await openHead(TASK, 'src/countdown.ts');
    const head = editor.document.uri;
    assert.deepEqual(
      (await api.review.commentingRanges(editor.document))?.map(r => [r.start.line, r.end.line]),
      [[0, 5]],
    );
    const baseSide = vscode.window.visibleTextEditors.find(e => e.document.uri.query.includes('"side":"base"'));
    assert.ok(baseSide, 'the base side is open too');
    assert.equal(await api.review.commentingRanges(baseSide.document), undefined, 'the base side takes none');
    await comment(api, head, 2, 'Use a while loop here.');
    await comment(api, head, 4, 'Name the end of the function.');
    const extra = await comment(api, head, 0, 'A passing thought.');
    const threads = await until(
      () => (api.review.threads(TASK).length === 3 ? api.review.threads(TASK) : undefined),
      'threads',
    );
    assert.deepEqual(threads.map(t => [t.start, t.label]).sort(), [
      [0, 'Not sent to the agent yet'],
      [2, 'Not sent to the agent yet'],
      [4, 'Not sent to the agent yet'],
    ]);
    // Edit: the editor hands the comment back with the text typed in its box.
    const loop = threads.find(t => t.start === 2)!;
    await vscode.commands.executeCommand(COMMANDS.saveComment, {
      taskId: TASK,
      commentId: loop.commentId,
      body: 'Use a while loop.',
    });
    await vscode.commands.executeCommand(COMMANDS.deleteComment, { taskId: TASK, commentId: extra.id });
    await until(() => api.review.threads(TASK).length === 2, 'the deleted comment gone');
    const stored = JSON.parse(api.storedState()) as Record<string, unknown>[];
    const review = (stored[1]['agentTasks.review'] as Record<string, { comments: Record<string, unknown>[] }>)[TASK];
    assert.deepEqual(
      review.comments.map(c => [c.path, c.start, c.end, c.quote, c.body, c.headSha]),
      [
        ['src/countdown.ts', 2, 2, LOOP, 'Use a while loop.', first.headSha],
        ['src/countdown.ts', 4, 4, '} // countdown', 'Name the end of the function.', first.headSha],
      ],
      'what a reloaded window reads',
    );
    const changes = rowOf(await rowsOf(api, TASK), 'changes');
    assert.match(changes.description, /· 2 comments to send$/);
    assert.equal(changes.item.contextValue, 'agentChanges ready comments');
  });

  it('ticks files as viewed; the Changes row counts those left', async function () {
    this.timeout(60_000);
    const files = rowOf(await rowsOf(api, TASK), 'changes').children;
    assert.deepEqual(
      files.map(f => [f.label, (f.item.checkboxState as { state: number }).state]),
      [
        ['notes.md', vscode.TreeItemCheckboxState.Unchecked],
        ['countdown.ts', vscode.TreeItemCheckboxState.Unchecked],
      ],
    );
    for (const f of files) api.review.tick(f.node, true);
    const changes = await until(async () => {
      const c = rowOf(await rowsOf(api, TASK), 'changes');
      return c.description.includes('all viewed') ? c : undefined;
    }, 'all files viewed');
    assert.ok(changes.children.every(f => (f.item.checkboxState as { state: number }).state === 1));
    const stored = JSON.parse(api.storedState()) as Record<string, unknown>[];
    const review = (stored[1]['agentTasks.review'] as Record<string, { viewed: Record<string, string> }>)[TASK];
    assert.deepEqual(Object.keys(review.viewed).sort(), ['docs/notes.md', 'src/countdown.ts'], 'what a reload reads');
  });

  it('the branch moves: a row behind the remote says so; Refresh reads it; comments follow their lines', async function () {
    this.timeout(180_000);
    await moveTask(NEXT, 'in_progress');
    const said = api.said().length;
    const opened = await vscode.commands.executeCommand<ReviewOpened>(COMMANDS.reviewChanges, {
      task: { id: TASK, state: 'completed' },
    });
    // Each file's right side in Review Changes takes comments too; its left side none.
    const [, left, right] = opened.resources.find(([label]) => label.path === '/src/countdown.ts')!;
    assert.ok((await api.review.commentingRanges(await vscode.workspace.openTextDocument(right!)))?.length);
    assert.equal(await api.review.commentingRanges(await vscode.workspace.openTextDocument(left!)), undefined);
    await until(
      () =>
        api
          .said()
          .slice(said)
          .some(s => /has moved on the remote since it was read/.test(s.text)),
      'Review Changes to say the remote moved on',
      60_000,
    );
    assert.match(rowOf(await rowsOf(api, TASK), 'changes').description, /behind the remote/);
    // A thread in a diff still open stays there when the branch moves (reviewOutdated.test.ts): none is open here.
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await vscode.commands.executeCommand(COMMANDS.refresh);
    const moved = await ready(api, TASK, first.headSha);
    assert.equal(moved.behind, undefined);
    const tip = (await git(workspace(), ['ls-remote', 'origin', `refs/heads/${HEAD}`])).split('\t')[0];
    assert.equal(moved.headSha, tip);
    const threads = await until(() => {
      const t = api.review.threads(TASK);
      return t.length && t.every(x => x.uri.includes(moved.headSha)) ? t : undefined;
    }, 'the threads on the new head');
    assert.deepEqual(threads.map(t => [t.start, t.label]).sort(), [
      [3, 'Not sent to the agent yet'],
      [4, 'The lines changed after you wrote this · not sent yet'],
    ]);
    const changes = rowOf(await rowsOf(api, TASK), 'changes');
    assert.match(changes.description, /· 1 to view · 2 comments to send$/);
    const countdown = changes.children.find(f => f.label === 'countdown.ts')!;
    assert.match(countdown.description, /changed since you viewed it$/);
    assert.equal((countdown.item.checkboxState as { state: number }).state, vscode.TreeItemCheckboxState.Unchecked);
    const notes = changes.children.find(f => f.label === 'notes.md')!;
    assert.equal((notes.item.checkboxState as { state: number }).state, vscode.TreeItemCheckboxState.Checked);
  });

  it('Send Feedback to Agent… shows the prompt to edit, then continues the task on its branch', async function () {
    this.timeout(180_000);
    api.answer({ confirm: true });
    const asked = api.asked().length;
    const opened = await vscode.commands.executeCommand<{ draft: string; comments: number }>(COMMANDS.sendFeedback, {
      task: { id: TASK, state: 'completed' },
    });
    assert.equal(opened.comments, 2);
    // Said without a button: Send to Agent is in the draft's title bar, and goes with it; a button on the message
    // would stay after the feedback was sent.
    const told = api.said().find(s => /^The feedback on .* is open to edit\./.test(s.text));
    assert.deepEqual(told?.actions, [], JSON.stringify(told));
    draft = opened.draft;
    const doc = await until(
      () => vscode.workspace.textDocuments.find(d => d.uri.toString() === draft),
      'the draft open',
    );
    const text = doc.getText();
    // The first line names the round (the service names the new task from it), then what the prompt is.
    const [round, what] = text.split('\n');
    assert.equal(round, `Round 2 of “Tidy the countdown ${nonce}”: Use a while loop. (+1 more comment)`);
    assert.ok(what.startsWith(`Review comments on your changes on branch ${HEAD}.`), text);
    assert.ok(text.includes(`1. src/countdown.ts, line 4:\n\`\`\`\n${LOOP}\n\`\`\`\nUse a while loop.`), text);
    assert.ok(text.includes('2. src/countdown.ts, line 5:\n```\n} // countdown\n```\nName the end of the function.'));
    assert.ok(text.includes('(The branch changed these lines after this comment was written.)'), text);
    const edit = new vscode.WorkspaceEdit();
    edit.insert(doc.uri, doc.lineAt(doc.lineCount - 1).range.end, '\nKeep the tests green.\n');
    assert.ok(await vscode.workspace.applyEdit(edit));
    // Send to Agent asks first: what goes and the options. Closed, nothing starts and the draft stays open.
    const posts = async () => (await sandboxStats()).by_route['POST /agents/repos/{owner}/{repo}/tasks'] ?? 0;
    const postsBefore = await posts();
    const lists: vscode.QuickPickItem[][] = [];
    api.answer({ confirm: true, pick: items => void lists.push([...items]) });
    const closed = await vscode.commands.executeCommand(COMMANDS.sendFeedbackDraft, doc.uri);
    assert.equal(closed, undefined);
    assert.equal(await posts(), postsBefore, 'nothing started');
    assert.ok(
      api.review.threads(TASK).every(t => !t.label?.startsWith('Sent to the agent')),
      'nothing marked sent',
    );
    assert.equal(api.draft(), undefined, 'the feedback stays in its own draft, not in the start prompt kept');
    const row = (label: string, items: readonly vscode.QuickPickItem[] = lists[0]) =>
      items.find(i => i.label.replace(/^\$\([\w-]+\) /, '') === label);
    assert.equal(lists[0]?.[0].label, '$(send) Send', 'Send first: Enter sends');
    const confirmList = [...api.asked()].reverse().find(a => a.kind === 'pick' && a.labels[0] === '$(send) Send');
    assert.equal(
      confirmList?.kind === 'pick' ? confirmList.title : undefined,
      `Send feedback on “Tidy the countdown ${nonce}” to the agent`,
    );
    assert.equal(row('2 review comments')?.description, 'on 1 file');
    assert.equal(row('2 review comments')?.detail, 'src/countdown.ts');
    assert.ok(
      row('Prompt')?.detail?.startsWith(
        `Round 2 of “Tidy the countdown ${nonce}”: Use a while loop. (+1 more comment) / Review comments on your changes`,
      ),
      row('Prompt')?.detail,
    );
    assert.equal(row('Branch')?.description, `${HEAD} onto main`);
    // Again, a model chosen, then Send: the draft is sent with it.
    const model = 'family-a-opus-4.6';
    const steps = ['Model', 'Send'];
    api.answer({
      confirm: true,
      pick: items =>
        items.some(i => i.label === 'default') ? items.find(i => i.label === model) : row(steps.shift()!, items),
    });
    const result = await vscode.commands.executeCommand<{ ok: boolean; task: { id: string } }>(
      COMMANDS.sendFeedbackDraft,
      doc.uri,
    );
    assert.equal(result?.ok, true, JSON.stringify(result));
    assert.equal(await posts(), postsBefore + 1, 'one start, once Send was picked');
    assert.ok(
      api
        .asked()
        .slice(asked)
        .some(a => a.kind === 'confirm' && /moved since 2 of these comments were written/.test(a.text)),
      'said before sending that the branch moved',
    );
    await sandboxPost('/_sandbox/advance');
    const [session] = await sessionsOf(result.task.id);
    assert.equal(session.head_ref, HEAD, 'on the same branch');
    assert.equal(session.base_ref, 'main');
    assert.equal(session.model, model, 'with the model chosen');
    for (const part of [
      'src/countdown.ts, line 4:',
      LOOP,
      'Use a while loop.',
      '} // countdown',
      'Keep the tests green.',
    ])
      assert.ok(session.prompt.includes(part), `the prompt holds ${part}`);
    const sent = await until(() => {
      const t = api.review.threads(TASK);
      return t.length && t.every(x => x.label?.startsWith('Sent to the agent: “')) ? t : undefined;
    }, 'the comments marked sent');
    assert.equal(sent.length, 2);
    // The message's Send to Agent pressed again once the draft was sent (its document may still be open): nothing twice.
    const started = async () => (await sandboxStats()).by_route['POST /agents/repos/{owner}/{repo}/tasks'] ?? 0;
    const startedBefore = await started();
    const again = await vscode.commands.executeCommand(COMMANDS.sendFeedbackDraft, doc.uri);
    assert.equal(again, undefined);
    assert.ok(api.said().some(s => s.text === 'This feedback was sent already, or closed: nothing was sent.'));
    assert.equal(await started(), startedBefore, 'no task started again');
    // A sent comment's thread links to the task it started.
    await vscode.commands.executeCommand(COMMANDS.openSentTask, { taskId: TASK, commentId: sent[0].commentId });
    await until(() => api.taskPages.openTaskIds().includes(result.task.id) || undefined, 'its task page');
    assert.equal(api.model.picture(result.task.id)?.continues?.id, TASK, 'the new task continues the reviewed one');
    assert.ok(!vscode.workspace.textDocuments.some(d => d.uri.toString() === draft && !d.isClosed && d.isDirty));
    // The original follows its continuation's commits: a poll, no action of the user.
    const before = (await api.changes(TASK))!;
    await api.refresh();
    const after = await ready(api, TASK, before.kind === 'ready' ? before.headSha : undefined);
    const tip = (await git(workspace(), ['ls-remote', 'origin', `refs/heads/${HEAD}`])).split('\t')[0];
    assert.equal(after.headSha, tip, 'the original task shows the branch as the continuation left it');
  });
});
