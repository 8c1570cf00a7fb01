// Two rounds on one branch, in the real VS Code against the sandbox: a task, then a task that continued it on the same
// branch. Apply Changes on the first says the later round (its name, state and file count) before writing anything,
// offers the branch as it is or up to the first task's round, and, chosen, writes exactly that round's files; Review
// Changes asks the same and opens that round's files; the Changes row says whose work it shows.
import * as assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { ReviewOpened } from '../../src/changes/multiDiff';
import { COMMANDS } from '../../src/ids';
import { git, workspace } from './changesSupport';
import { openHead } from './reviewSupport';
import { demoWorld, freshStart, waitFor, type WorldFile } from './tasksSupport';

const nonce = randomBytes(4).toString('hex');
const HEAD = `agent/rounds-${nonce}`;
const FIRST = `round-one-${nonce}`;
const SECOND = `round-two-${nonce}`;
const ONE = `src/one-${nonce}.ts`;
const NOTE = `docs/one-${nonce}.md`;
const TWO = `src/two-${nonce}.ts`;
const ROUND = "Up to this task's round";
const BRANCH = 'The branch as it is';

/** The first round twenty minutes ago, the second (on the same branch) ten: the commits are dated by their rounds. */
function world(): WorldFile {
  const w = demoWorld();
  const ago = (min: number) => new Date(Date.now() - min * 60_000).toISOString().replace(/\.\d+Z$/, 'Z');
  const base = { repository: 5000, creator: 1001, base_ref: 'main', head_ref: HEAD, state: 'completed' };
  w.tasks = [
    ...(w.tasks ?? []),
    {
      ...base,
      id: FIRST,
      prompt: `Count down from one ${nonce}`,
      created_at: ago(20),
      updated_at: ago(19),
      commits: [{ message: 'Count down from one', files: { [ONE]: 'export const one = 1;\n', [NOTE]: 'One.\n' } }],
    },
    {
      ...base,
      id: SECOND,
      prompt: `Also count two ${nonce}`,
      created_at: ago(10),
      updated_at: ago(9),
      commits: [
        {
          message: 'Count two as well',
          files: { [ONE]: 'export const one = 1; // and two\n', [TWO]: 'export const two = 2;\n' },
        },
      ],
    },
  ];
  return w;
}

const read = (p: string): string | undefined => {
  const abs = path.join(workspace(), p);
  return fs.existsSync(abs) ? fs.readFileSync(abs, 'utf8') : undefined;
};

describe('rounds on one branch: Apply and Review on the first round', () => {
  let api: Awaited<ReturnType<typeof freshStart>>;
  let start = '';
  before(async function () {
    this.timeout(120_000);
    api = await freshStart(world());
    start = (await git(workspace(), ['rev-parse', 'HEAD'])).trim();
    await waitFor(async () => (await api.changes(FIRST, true))?.kind === 'ready', 'the first round’s changes', 60_000);
  });

  afterEach(async () => {
    api.answer(undefined);
    const root = workspace();
    await git(root, ['reset', '-q', '--hard', start]);
    await git(root, ['clean', '-q', '-fd']);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it('Apply says the later round, offers both, and writes exactly the first round’s files when asked', async function () {
    this.timeout(90_000);
    const asked = api.asked().length;
    api.answer({ pick: items => items.find(i => i.label === ROUND) });
    await vscode.commands.executeCommand(COMMANDS.applyChanges, { task: { id: FIRST, state: 'completed' } });
    const question = api
      .asked()
      .slice(asked)
      .find(a => a.kind === 'pick');
    assert.ok(question && question.kind === 'pick', 'a question was asked');
    assert.deepEqual(question.labels, [ROUND, BRANCH]);
    const second = api.model.picture(SECOND)?.task;
    assert.ok(second, 'the second round is known');
    assert.ok(
      question.placeHolder.includes(`A later round moved ${HEAD}: “${second.name}” (Completed, 2 files).`),
      question.placeHolder,
    );
    assert.equal(read(ONE), 'export const one = 1;\n', 'the first round’s version of the file both rounds wrote');
    assert.equal(read(NOTE), 'One.\n');
    assert.equal(read(TWO), undefined, 'nothing of the second round');
    const said = api.said().find(s => s.text.includes("up to this task's round (commit"));
    assert.match(said?.text ?? '', /as uncommitted changes: 2 files\./, JSON.stringify(api.said().slice(-3)));
    // The Changes row says whose work it shows.
    await api.expandTask('repoTasks', FIRST);
    const row = (await api.taskNode('repoTasks', FIRST)!.getChildren()).find(n => n.kind === 'changes');
    const item = row!.getTreeItem();
    assert.match(String(item.description), /the branch now, 1 later round included/);
    assert.match(
      typeof item.tooltip === 'string' ? item.tooltip : '',
      /This task's round ends at commit [0-9a-f]{7} \(2 files up to it\)/,
    );
  });

  it('Apply This Change on the first round’s diff says the diff is the branch as it is, later rounds included', async function () {
    this.timeout(120_000);
    const said = api.said().length;
    api.answer({});
    const editor = await openHead(FIRST, TWO);
    editor.selection = new vscode.Selection(0, 3, 0, 3);
    await vscode.commands.executeCommand(COMMANDS.applyHunk, editor.document.uri);
    assert.equal(read(TWO), 'export const two = 2;\n');
    const text = api
      .said()
      .slice(said)
      .map(s => s.text)
      .find(t => t.startsWith('Applied 1 change of'));
    assert.equal(
      text,
      `Applied 1 change of ${TWO} (the branch as it is, later rounds included) as uncommitted changes: 1 file.`,
    );
  });

  it('Apply of the branch as it is, chosen, writes the later round’s work too, said so', async function () {
    this.timeout(90_000);
    api.answer({ pick: items => items.find(i => i.label === BRANCH) });
    await vscode.commands.executeCommand(COMMANDS.applyChanges, { task: { id: FIRST, state: 'completed' } });
    assert.equal(read(ONE), 'export const one = 1; // and two\n');
    assert.equal(read(TWO), 'export const two = 2;\n');
    assert.ok(api.said().some(s => s.text.includes('the branch as it is, later rounds included')));
  });

  it('Apply with the question dismissed writes nothing', async function () {
    this.timeout(60_000);
    api.answer({ pick: () => undefined });
    await vscode.commands.executeCommand(COMMANDS.applyChanges, { task: { id: FIRST, state: 'completed' } });
    assert.equal(read(ONE), undefined);
    assert.equal((await git(workspace(), ['status', '--porcelain', '--untracked-files=all'])).trim(), '');
  });

  it('Review asks the same, and opens the first round’s files only when asked', async function () {
    this.timeout(60_000);
    api.answer({ pick: items => items.find(i => i.label === ROUND) });
    const opened = await vscode.commands.executeCommand<ReviewOpened>(COMMANDS.reviewChanges, {
      task: { id: FIRST, state: 'completed' },
    });
    assert.equal(opened?.files, 2);
    api.answer({ pick: items => items.find(i => i.label === BRANCH) });
    const all = await vscode.commands.executeCommand<ReviewOpened>(COMMANDS.reviewChanges, {
      task: { id: FIRST, state: 'completed' },
    });
    assert.equal(all?.files, 3);
  });

  it('the second round, the last on the branch, is applied without a question', async function () {
    this.timeout(60_000);
    await waitFor(
      async () => (await api.changes(SECOND, true))?.kind === 'ready',
      'the second round’s changes',
      60_000,
    );
    const asked = api.asked().length;
    api.answer({});
    await vscode.commands.executeCommand(COMMANDS.applyChanges, { task: { id: SECOND, state: 'completed' } });
    assert.equal(
      api
        .asked()
        .slice(asked)
        .filter(a => a.kind === 'pick').length,
      0,
    );
    assert.equal(read(TWO), 'export const two = 2;\n');
  });
});
