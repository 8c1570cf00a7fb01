// Remove Worktree against a real git worktree of the sandbox's repository: a clean one goes without a question; one
// with the user's work in it (files not committed, commits on no remote) is removed only once a modal question that
// names that work is answered, and its commits stay on their branch.
import * as assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { COMMANDS } from '../../src/ids';
import { git, workspace, worldWithTask } from './changesSupport';
import { freshStart, waitFor, type WorldFile } from './tasksSupport';

const nonce = randomBytes(4).toString('hex');
const TASK = `wt-${nonce}`;
const HEAD = `agent/wt-${nonce}`;

function world(): WorldFile {
  return worldWithTask({
    id: TASK,
    prompt: `Worktree ${nonce}`,
    head_ref: HEAD,
    commits: [{ message: 'Say lift-off', files: { 'README.md': '# rocket\n\nLift-off.\n' } }],
  });
}

describe('Remove Worktree', () => {
  let api: Awaited<ReturnType<typeof freshStart>>;
  const where = () => path.join(path.dirname(workspace()), `wt-removal-${nonce}`);

  before(async function () {
    this.timeout(120_000);
    api = await freshStart(world());
    await waitFor(async () => (await api.changes(TASK, true))?.kind === 'ready', 'the task’s changes', 60_000);
  });

  afterEach(async () => {
    api.answer(undefined);
    const root = workspace();
    await git(root, ['worktree', 'remove', '--force', where()]).catch(() => '');
    await git(root, ['worktree', 'prune']);
    await git(root, ['branch', '-q', '-D', HEAD]).catch(() => '');
    await git(root, ['update-ref', '-d', `refs/remotes/origin/${HEAD}`]).catch(() => '');
  });

  async function checkOut(): Promise<void> {
    api.answer({ input: where() });
    const made = await vscode.commands.executeCommand<{ path: string }>(COMMANDS.checkOutWorktree, {
      task: { id: TASK, state: 'completed' },
    });
    assert.equal(made?.path, where());
  }

  it('goes without a question when nothing of the user’s is in it', async function () {
    this.timeout(60_000);
    await checkOut();
    const asked = api.asked().length;
    await vscode.commands.executeCommand(COMMANDS.removeWorktree);
    assert.equal(fs.existsSync(where()), false, 'removed');
    assert.deepEqual(
      api
        .asked()
        .slice(asked)
        .filter(a => a.kind === 'confirm'),
      [],
    );
  });

  it('asks first, naming the files not committed and the commits on no remote; No keeps it, Yes removes it and keeps the commits', async function () {
    this.timeout(60_000);
    await checkOut();
    const w = where();
    fs.writeFileSync(path.join(w, 'mine.txt'), 'my commit\n');
    await git(w, ['add', 'mine.txt']);
    await git(w, ['-c', 'user.name=Me', '-c', 'user.email=me@example.invalid', 'commit', '-q', '-m', 'mine']);
    const tip = (await git(w, ['rev-parse', 'HEAD'])).trim();
    fs.writeFileSync(path.join(w, 'README.md'), 'edited, not committed\n');
    fs.writeFileSync(path.join(w, 'notes.txt'), 'untracked\n');

    const asked = api.asked().length;
    api.answer({ confirm: false });
    await vscode.commands.executeCommand(COMMANDS.removeWorktree);
    const question = api.asked().slice(asked);
    assert.equal(question.length, 1, JSON.stringify(question));
    assert.equal(question[0].kind, 'confirm');
    const text = question[0].kind === 'confirm' ? question[0].text : '';
    assert.ok(
      text.includes(`Remove the worktree at ${w}? It has 2 uncommitted files and 1 commit that is on no remote.`),
      text,
    );
    assert.match(text, /The uncommitted files are lost\./);
    assert.ok(text.includes(`The commits stay on the branch ${HEAD}, which is kept`), text);
    assert.equal(fs.readFileSync(path.join(w, 'notes.txt'), 'utf8'), 'untracked\n', 'No: everything is still there');
    assert.equal(api.context()['agentTasks.canRemoveWorktree'], true, 'and it can still be removed');

    api.answer({ confirm: true });
    await vscode.commands.executeCommand(COMMANDS.removeWorktree);
    assert.equal(fs.existsSync(w), false, 'Yes: the worktree is removed');
    assert.equal((await git(workspace(), ['rev-parse', `refs/heads/${HEAD}`])).trim(), tip, 'its commit is kept');
  });
});
