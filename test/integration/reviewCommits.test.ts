// The rest of the review loop in the real VS Code against the sandbox: a commit row opens that commit's own changes
// (its tooltip has its whole message and local time), Compare with Base and Review Changes Since Last Review; Apply
// This Change writes only the hunk selected (Undo puts it back; an edited file is refused); the start's base picker
// lists the remote's branches and a base the remote lacks is refused before anything is sent; the chat start tool
// sends a task's review comments too.
import * as assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { ReviewOpened } from '../../src/changes/multiDiff';
import { CHAT_TOOLS, COMMANDS } from '../../src/ids';
import { invokeText } from './chatSupport';
import { git, workspace } from './changesSupport';
import { moveTask, openHead, ready, reviewWorld, rowOf, rowsOf, until, type Ready } from './reviewSupport';
import { AS_GIVEN, DEMO_TOKENS, freshStart, SANDBOX, sandboxPost, sandboxStats, startAsGiven } from './tasksSupport';
import { forMarkdown } from '../../src/safety/serviceText';

const nonce = randomBytes(4).toString('hex');
const HEAD = `agent/commits-${nonce}`;
const TASK = `commits-${nonce}`;
const NEXT = `commits-next-${nonce}`;
const FILE = 'src/countdown.ts';

type Api = Awaited<ReturnType<typeof freshStart>>;
const paths = (o: ReviewOpened) => o.resources.map(([label]) => label.path.slice(1)).sort();
const read = () => fs.readFileSync(path.join(workspace(), FILE), 'utf8');
const posts = async () => (await sandboxStats()).by_route['POST /agents/repos/{owner}/{repo}/tasks'] ?? 0;

describe('review: commits, one hunk, branches, chat', () => {
  let api: Api;
  let first: Ready;
  let moved: Ready;
  let base = '';

  before(async function () {
    this.timeout(240_000);
    api = await freshStart(reviewWorld(TASK, NEXT, HEAD, nonce));
    first = await ready(api, TASK);
    await api.expandTask('repoTasks', TASK);
    // Reviewed at the first head; then the second task's commit moves the branch.
    await vscode.commands.executeCommand(COMMANDS.reviewChanges, { task: { id: TASK, state: 'completed' } });
    await moveTask(NEXT, 'in_progress');
    await vscode.commands.executeCommand(COMMANDS.refresh);
    moved = await ready(api, TASK, first.headSha);
    base = await git(workspace(), ['show', `${moved.baseSha}:${FILE}`]);
  });

  afterEach(async () => {
    api.answer(undefined);
    await git(workspace(), ['checkout', '-q', '--', FILE]);
    await vscode.commands.executeCommand(COMMANDS.discardDraft);
  });

  after(() => vscode.commands.executeCommand('workbench.action.closeAllEditors'));

  it("a commit row opens that commit's changes; Compare with Base and Since Last Review are a click away", async function () {
    this.timeout(120_000);
    const commits = rowOf(await rowsOf(api, TASK), 'commits');
    assert.deepEqual(
      commits.children.map(c => c.label),
      ['Say what the countdown does', 'Make the countdown read-only'],
    );
    const [newest, oldest] = commits.children;
    const sha = moved.commits[1].sha;
    const tooltip = oldest.item.tooltip as string;
    const local = new Intl.DateTimeFormat(vscode.env.language, { dateStyle: 'medium', timeStyle: 'short' });
    assert.ok(tooltip.includes('Callers must not change the list they get.'), tooltip);
    assert.ok(tooltip.includes(sha) && tooltip.includes(local.format(moved.commits[1].time)), tooltip);
    // A click runs the row's command: the newest commit changed one file, against its parent (the oldest).
    const click = newest.item.command!;
    const own = await vscode.commands.executeCommand<ReviewOpened>(click.command, ...(click.arguments ?? []));
    assert.deepEqual(paths(own), [FILE]);
    const [, left, right] = own.resources[0];
    assert.equal(
      (await vscode.workspace.openTextDocument(left!)).getText(),
      await git(workspace(), ['show', `${sha}:${FILE}`]),
    );
    assert.match((await vscode.workspace.openTextDocument(right!)).getText(), /^\/\/ Counts down\./);
    const tab = await until(() => vscode.window.tabGroups.activeTabGroup.activeTab?.label, 'a tab');
    assert.match(tab, /^Commit [0-9a-f]{7}: Say what the countdown does/);
    // The oldest commit against the base: both its files, as the branch was then.
    const withBase = await vscode.commands.executeCommand<ReviewOpened>(COMMANDS.compareCommitWithBase, oldest.node);
    assert.deepEqual(paths(withBase), ['docs/notes.md', FILE]);
    // Since the head reviewed before the branch moved: only what the second commit changed.
    const since = await vscode.commands.executeCommand<ReviewOpened>(COMMANDS.reviewSinceLastReview, commits.node);
    assert.deepEqual(paths(since), [FILE]);
    assert.equal(since.resources[0][1]?.query.includes(first.headSha), true, 'from the head reviewed');
  });

  it('Apply This Change writes only the hunk under the cursor, then the next; Undo takes back each; an edited file is refused', async function () {
    this.timeout(180_000);
    const said = api.said().length;
    api.answer({});
    const editor = await openHead(TASK, FILE);
    const headText = editor.document.getText();
    editor.selection = new vscode.Selection(1, 3, 1, 3);
    await vscode.commands.executeCommand(COMMANDS.applyHunk, editor.document.uri);
    const lines = base.split('\n');
    const oneHunk = [
      '// Counts down.',
      'export function countdown(from: number): readonly number[] {',
      ...lines.slice(1),
    ].join('\n');
    assert.equal(read(), oneHunk, 'the first change only; the last line is left as it was');
    assert.ok(
      api
        .said()
        .slice(said)
        .some(s => s.text === `Applied 1 change of ${FILE} as uncommitted changes: 1 file.`),
      JSON.stringify(api.said().slice(said)),
    );
    // The rest, with the file holding just what the first apply wrote: it goes on from there, to the head's file.
    editor.selection = new vscode.Selection(0, 0, editor.document.lineCount, 0);
    await vscode.commands.executeCommand(COMMANDS.applyHunk, editor.document.uri);
    assert.equal(read(), headText, "every change: the file is the head's");
    // Undo Last Apply takes back the second (the first change stays), then the first.
    await vscode.commands.executeCommand(COMMANDS.undoLastApply);
    assert.equal(read(), oneHunk);
    await vscode.commands.executeCommand(COMMANDS.undoLastApply);
    assert.equal(read(), base);
    assert.equal(await git(workspace(), ['status', '--porcelain', '--', FILE]), '', 'as committed');
    // An edit of the user's in that file: nothing is written, and the file is named.
    fs.writeFileSync(path.join(workspace(), FILE), base.replace('  return out;', '  return out; // mine'));
    const before = read();
    editor.selection = new vscode.Selection(1, 3, 1, 3);
    await vscode.commands.executeCommand(COMMANDS.applyHunk, editor.document.uri);
    assert.equal(read(), before);
    assert.ok(
      api.said().some(s => s.level === 'warning' && s.text.includes(FILE) && /nothing was written/i.test(s.text)),
    );
    await git(workspace(), ['checkout', '-q', '--', FILE]);
  });

  it('the base picker lists the remote’s branches, default first; a base the remote lacks starts nothing', async function () {
    this.timeout(120_000);
    let listed: readonly vscode.QuickPickItem[] = [];
    let step = 0;
    api.answer({
      ...AS_GIVEN,
      pick: items => {
        if (items.some(i => i.label.includes('Another branch'))) {
          listed = items;
          return items.find(i => i.label === 'main');
        }
        // The options: Base ref once, then dismissed (nothing is started).
        return step++ === 0 ? items.find(i => i.label.includes('Base ref')) : undefined;
      },
    });
    await vscode.commands.executeCommand(COMMANDS.startTask, { prompt: `Picked ${nonce}` });
    assert.equal(listed[0]?.label, 'main');
    assert.equal(listed[0]?.description, 'default branch');
    assert.ok(
      listed.some(i => i.label === HEAD),
      'the agent branches too',
    );
    const sent = await posts();
    api.answer(AS_GIVEN);
    const r = await vscode.commands.executeCommand<{ ok: boolean; problem?: string }>(COMMANDS.startTask, {
      prompt: `Nowhere ${nonce}`,
      options: { base_ref: `no-such-${nonce}` },
    });
    assert.equal(r?.ok, false);
    assert.match(r.problem ?? '', new RegExp(`The base branch no-such-${nonce} is not on origin \\(acme/rocket\\)`));
    assert.equal(await posts(), sent, 'nothing reached the service');
  });

  it('the chat start tool sends the task’s unsent review comments with its prompt', async function () {
    this.timeout(120_000);
    const editor = await openHead(TASK, FILE);
    const thread = api.review.emptyThread(editor.document.uri, new vscode.Range(0, 0, 0, 0));
    await vscode.commands.executeCommand(COMMANDS.addComment, { thread, text: `Drop this comment line ${nonce}` });
    // A model chosen on the last start from the palette is the chat's too, and said so.
    const model = 'family-b-5.3-codex';
    const last = await startAsGiven<{ ok: boolean }>(COMMANDS.startTask, {
      prompt: `Remember ${nonce}`,
      options: { model },
    });
    assert.equal(last?.ok, true);
    const text = await invokeText(CHAT_TOOLS.startTask, {
      prompt: 'Address the review.',
      continueTaskId: TASK,
      sendReviewComments: true,
    });
    assert.match(text, /^Started task /);
    const message = api.preparedToolCalls().at(-1)?.confirmation?.message ?? '';
    assert.ok(message.includes('**Review comments:** 1 not sent yet'), message);
    assert.ok(message.includes(`Drop this comment line ${nonce}`), message);
    assert.ok(message.includes(`**Files commented:** ${forMarkdown(FILE)}`), message);
    assert.ok(message.includes(`**Model:** ${forMarkdown(`${model} (remembered from your last start)`)}`), message);
    const id = /id (\S+), state/.exec(text)![1];
    await sandboxPost('/_sandbox/advance');
    const r = await fetch(`${SANDBOX}/agents/repos/acme/rocket/tasks/${id}`, {
      headers: { authorization: `Bearer ${DEMO_TOKENS.fineGrained}` },
    });
    assert.equal(((await r.json()) as { sessions: { model?: string }[] }).sessions[0]?.model, model, 'sent with it');
    await until(() => api.review.threads(TASK).some(t => t.label?.startsWith('Sent to the agent')), 'marked sent');
    const again = await invokeText(CHAT_TOOLS.startTask, {
      prompt: 'Again.',
      continueTaskId: TASK,
      sendReviewComments: true,
    });
    assert.equal(again, `Nothing was started: task ${TASK} has no review comments waiting to be sent.`);
    assert.ok(id);
  });
});
