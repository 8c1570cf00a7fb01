// Compare with My Working Tree in the real VS Code against the sandbox: the files a task changed, as its branch holds
// them, against the user's own files (as they are, unsaved edits to disk included), in the multi-file diff editor; a
// file on one side only has no other side. Nothing of the user's repository changes.
import * as assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { COMMANDS } from '../../src/ids';
import type { ReviewOpened } from '../../src/changes/multiDiff';
import { git, userState, workspace, worldWithTask } from './changesSupport';
import { ready, rowOf, rowsOf, until } from './reviewSupport';
import { freshStart } from './tasksSupport';

const nonce = randomBytes(4).toString('hex');
const TASK = `compare-${nonce}`;
const HEAD = `agent/compare-${nonce}`;
const ADDED = `src/added-${nonce}.ts`;
const README = '# rocket\n\nWhat the task wrote.\n';

type Multi = { textDiffs: Array<{ original?: vscode.Uri; modified?: vscode.Uri }> };

describe('Compare with My Working Tree', () => {
  let api: Awaited<ReturnType<typeof freshStart>>;

  before(async function () {
    this.timeout(240_000);
    api = await freshStart(
      worldWithTask({
        id: TASK,
        prompt: `Compare me ${nonce}`,
        head_ref: HEAD,
        commits: [
          {
            message: 'Rewrite the readme, add a file, rename the countdown',
            files: {
              'README.md': README,
              [ADDED]: 'export const added = 1;\n',
              'src/count down.ts': { from: 'src/countdown.ts' },
            },
          },
        ],
      }),
    );
    await ready(api, TASK);
    await api.expandTask('repoTasks', TASK);
  });

  after(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await git(workspace(), ['checkout', '-q', '--', 'README.md']);
  });

  it("opens the task's files against the working copy's, each missing side left out, and changes nothing", async function () {
    this.timeout(180_000);
    const ws = workspace();
    // The user's own edit, not committed: the working copy is what is compared, not their HEAD.
    const mine = `${fs.readFileSync(path.join(ws, 'README.md'), 'utf8')}My own line ${nonce}\n`;
    fs.writeFileSync(path.join(ws, 'README.md'), mine);
    const state = await userState();
    const changes = rowOf(await rowsOf(api, TASK), 'changes');
    const opened = await vscode.commands.executeCommand<ReviewOpened>(COMMANDS.compareWithWorkingTree, changes.node);
    const byPath = new Map(opened.resources.map(([label, left, right]) => [label.path, { left, right }]));
    const file = (p: string) => vscode.Uri.file(path.join(ws, p)).path;
    // Sorted by path; the renamed file's old path is the working copy's only, the new one the task's only.
    assert.deepEqual(
      [...byPath.keys()],
      [file('README.md'), `/${ADDED}`, '/src/count down.ts', file('src/countdown.ts')],
    );
    const readme = byPath.get(file('README.md'))!;
    assert.equal(readme.right?.toString(), vscode.Uri.file(path.join(ws, 'README.md')).toString(), 'the user’s file');
    assert.equal((await vscode.workspace.openTextDocument(readme.left!)).getText(), README, 'the task’s version');
    assert.equal((await vscode.workspace.openTextDocument(readme.right)).getText(), mine);
    assert.equal(byPath.get(file('src/countdown.ts'))?.left, undefined, 'gone on the task’s side');
    assert.equal(byPath.get(`/${ADDED}`)?.right, undefined, 'not in the working copy');
    assert.equal(
      (await vscode.workspace.openTextDocument(byPath.get(`/${ADDED}`)!.left!)).getText(),
      'export const added = 1;\n',
    );
    // The editor shows them: its tab's pairs are the task's file and the working tree's.
    const input = await until(() => {
      const i = vscode.window.tabGroups.activeTabGroup.activeTab?.input as Partial<Multi> | undefined;
      return i && Array.isArray(i.textDiffs) ? (i as Multi) : undefined;
    }, 'a multi-file diff editor');
    const pair = input.textDiffs.find(d => d.modified?.scheme === 'file');
    assert.ok(pair, JSON.stringify(input.textDiffs));
    assert.equal(pair.modified?.fsPath, path.join(ws, 'README.md'));
    assert.equal(pair.original?.scheme, 'agent-tasks-change');
    assert.equal(pair.original?.toString(), readme.left?.toString());
    const tab = vscode.window.tabGroups.activeTabGroup.activeTab?.label ?? '';
    assert.match(tab, /Compare me .* ↔ your working tree/);
    // From a commit row (beside Compare with Base): the branch as of that commit, its sha in the title.
    const [commit] = rowOf(await rowsOf(api, TASK), 'commits').children;
    const asOf = await vscode.commands.executeCommand<ReviewOpened>(COMMANDS.compareWithWorkingTree, commit.node);
    assert.deepEqual(
      asOf.resources.map(([label]) => label.path),
      [...byPath.keys()],
    );
    const sha = JSON.parse(asOf.resources[1][1]!.query) as { rev: string };
    const title = await until(() => {
      const label = vscode.window.tabGroups.activeTabGroup.activeTab?.label ?? '';
      return label.includes(` at ${sha.rev.slice(0, 7)} ↔`) ? label : undefined;
    }, 'the commit’s comparison');
    assert.match(title, /Compare me/);
    assert.deepEqual(await userState(), state, 'the user’s repository is as it was');
  });
});
