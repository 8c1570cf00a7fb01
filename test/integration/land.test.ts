// Landing the agent's work, in the real VS Code against the sandbox's git: Apply Changes into a clean tree (files
// equal the head's; branch and index unmoved; Undo puts them back), into a tree with an overlapping edit (refused,
// nothing written), with a conflict (markers, the file named); Check Out in New Worktree made, then reused.
import * as assert from 'node:assert/strict';
import { createHash, randomBytes } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { COMMANDS } from '../../src/ids';
import { git, workspace } from './changesSupport';
import { demoWorld, freshStart, waitFor, type WorldFile } from './tasksSupport';

const nonce = randomBytes(4).toString('hex');
const TASK = `land-${nonce}`;
const HEAD = `agent/land-${nonce}`;

function world(): WorldFile {
  const w = demoWorld();
  const now = new Date().toISOString();
  w.tasks = [
    ...(w.tasks ?? []),
    {
      id: TASK,
      repository: 5000,
      creator: 1001,
      prompt: `Land this ${nonce}`,
      state: 'completed',
      base_ref: 'main',
      head_ref: HEAD,
      created_at: now,
      updated_at: now,
      commits: [
        {
          message: 'Say lift-off in the README, add a checklist, drop the prompt file',
          files: {
            'README.md': '# rocket\n\nLift-off.\n',
            'docs/check list é.md': '- fuel\n- go\n',
            '.github/prompts/add-tests.prompt.md': null,
          },
        },
      ],
    },
  ];
  return w;
}

/** What must not move: the branches (but `except`), HEAD, the index's entries. */
async function desk(except?: string): Promise<string> {
  const root = workspace();
  const [all, head, index] = await Promise.all([
    git(root, ['for-each-ref', '--format=%(refname) %(objectname)', 'refs/heads', 'refs/stash']),
    git(root, ['rev-parse', 'HEAD']),
    git(root, ['ls-files', '-s']),
  ]);
  const refs = all
    .split('\n')
    .filter(l => except === undefined || !l.startsWith(`refs/heads/${except} `))
    .join('\n');
  return createHash('sha256').update(`${refs}\n${head}\n${index}`).digest('hex');
}

const status = () => git(workspace(), ['status', '--porcelain', '--untracked-files=all']);
const fileAt = (rev: string, p: string) => git(workspace(), ['show', `${rev}:${p}`]);
const read = (p: string) => fs.readFileSync(path.join(workspace(), p), 'utf8');

describe('land the agent’s work', () => {
  let api: Awaited<ReturnType<typeof freshStart>>;
  let start = '';
  before(async function () {
    this.timeout(120_000);
    api = await freshStart(world());
    start = (await git(workspace(), ['rev-parse', 'HEAD'])).trim();
    const v = await waitFor(
      async () => {
        const c = await api.changes(TASK, true);
        return c?.kind === 'ready' ? c : undefined;
      },
      'the task’s changes to be fetched',
      60_000,
    );
    assert.equal(v?.kind === 'ready' ? v.files.length : -1, 3);
  });

  // The workspace goes back to how it was: its branch at its commit, no edits, no extra branch or worktree.
  afterEach(async () => {
    api.answer(undefined);
    const root = workspace();
    await git(root, ['reset', '-q', '--hard', start]);
    await git(root, ['clean', '-q', '-fd']);
    await git(root, ['worktree', 'prune']);
  });

  it('applies into a clean tree: the files are the head’s, the branch and index unmoved; Undo puts them back', async function () {
    this.timeout(60_000);
    api.answer({});
    const before = await desk();
    const head = `refs/agent-tasks/${TASK}/head`;
    const saidBefore = api.said().length;
    await vscode.commands.executeCommand(COMMANDS.applyChanges, { task: { id: TASK, state: 'completed' } });
    assert.equal(await desk(), before, 'branch, HEAD and index are as they were');
    assert.equal(read('README.md'), await fileAt(head, 'README.md'));
    assert.equal(read('docs/check list é.md'), await fileAt(head, 'docs/check list é.md'));
    assert.equal(fs.existsSync(path.join(workspace(), '.github/prompts/add-tests.prompt.md')), false);
    const said = api.said().slice(saidBefore);
    const line = said.find(s => s.text.startsWith('Applied'));
    assert.ok(line, JSON.stringify(said));
    assert.match(line.text, /Applied the changes of “Land this \w+” as uncommitted changes: 3 files\./);
    assert.deepEqual(line.actions, ['Undo']);
    assert.notEqual(await status(), '');
  });

  it('refuses when a file it touches has an edit, names it, and writes nothing', async function () {
    this.timeout(60_000);
    api.answer({});
    fs.writeFileSync(path.join(workspace(), 'README.md'), '# my own edit\n');
    const before = await status();
    const saidBefore = api.said().length;
    await vscode.commands.executeCommand(COMMANDS.applyChanges, { task: { id: TASK, state: 'completed' } });
    const said = api.said().slice(saidBefore);
    assert.ok(
      said.some(s => s.level === 'warning' && /uncommitted changes.*README\.md.*nothing was written/i.test(s.text)),
      JSON.stringify(said),
    );
    assert.equal(await status(), before);
    assert.equal(read('README.md'), '# my own edit\n');
  });

  it('marks a conflict where the branch changed the same lines, and names the file', async function () {
    this.timeout(60_000);
    api.answer({});
    const root = workspace();
    fs.writeFileSync(path.join(root, 'README.md'), '# rocket\n\nOn the pad.\n');
    const env = ['-c', 'user.name=T', '-c', 'user.email=t@example.invalid'];
    await git(root, [...env, 'commit', '-q', '-am', 'mine']);
    const saidBefore = api.said().length;
    await vscode.commands.executeCommand(COMMANDS.applyChanges, { task: { id: TASK, state: 'completed' } });
    const said = api.said().slice(saidBefore);
    assert.ok(
      said.some(s => s.level === 'warning' && /README\.md \(conflict markers\)/.test(s.text)),
      JSON.stringify(said),
    );
    assert.match(read('README.md'), /<<<<<<< yours[\s\S]*=======[\s\S]*>>>>>>> agent task/);
  });

  it('checks the branch out in a new worktree beside the repository, then reuses it', async function () {
    this.timeout(60_000);
    const root = workspace();
    const before = await desk();
    const where = path.join(path.dirname(root), `wt-${nonce}`);
    api.answer({ input: where });
    const made = await vscode.commands.executeCommand<{ path: string; reused: boolean }>(COMMANDS.checkOutWorktree, {
      task: { id: TASK, state: 'completed' },
    });
    try {
      assert.deepEqual(made, { path: where, reused: false });
      assert.equal((await git(where, ['branch', '--show-current'])).trim(), HEAD);
      assert.equal(fs.readFileSync(path.join(where, 'README.md'), 'utf8'), '# rocket\n\nLift-off.\n');
      assert.ok(api.opened().includes(`file://${where}`), 'its folder is opened in a new window');
      const again = await vscode.commands.executeCommand<{ path: string; reused: boolean }>(COMMANDS.checkOutWorktree, {
        task: { id: TASK, state: 'completed' },
      });
      assert.equal(again?.reused, true);
      assert.equal(fs.realpathSync(again.path), fs.realpathSync(where));
      assert.equal(await desk(HEAD), before, 'the other branches, HEAD and the index are as they were');
      assert.equal((await git(root, ['rev-parse', 'HEAD'])).trim(), start, 'the workspace stays on its commit');
      assert.equal(await status(), '', 'the workspace has no edit');
    } finally {
      await git(root, ['worktree', 'remove', '--force', where]).catch(() => '');
      await git(root, ['branch', '-q', '-D', HEAD]).catch(() => '');
    }
  });
});
