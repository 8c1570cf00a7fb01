// Landing the agent's work, in the real VS Code against the sandbox's git: Apply Changes into a clean tree (files
// equal the head's; branch and index unmoved; the tool files asked about once; the count the tree's; Undo Last Apply
// puts them back), into a tree with an overlapping edit (refused, nothing written), with a conflict (markers, the file
// named); from a Review Changes editor (that editor's task, of two named alike); Check Out in New Worktree made with
// its upstream there, reused, then taken back with Remove Worktree.
import * as assert from 'node:assert/strict';
import { createHash, randomBytes } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { sideUri } from '../../src/changes/changeUris';
import { COMMANDS } from '../../src/ids';
import { git, workspace } from './changesSupport';
import { demoWorld, freshStart, waitFor, type WorldFile } from './tasksSupport';

const nonce = randomBytes(4).toString('hex');
const TASK = `land-${nonce}`;
const HEAD = `agent/land-${nonce}`;
/** Two tasks named alike, on two branches. */
const TWINS = [`twin-a-${nonce}`, `twin-b-${nonce}`];
const TWIN_HEADS = [`agent/t-branch-${nonce}`, `agent/t-twin-${nonce}`];

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
          message: 'Say lift-off in the README, add a checklist, drop the prompt file, rename ignite, add a workflow',
          files: {
            'README.md': '# rocket\n\nLift-off.\n',
            'docs/check list é.md': '- fuel\n- go\n',
            '.github/prompts/add-tests.prompt.md': null,
            'src/launch.ts': { from: 'src/ignite.ts' },
            '.github/workflows/launch.yml': 'on: push\n',
          },
        },
      ],
    },
    ...TWINS.map((id, i) => ({
      id,
      repository: 5000,
      creator: 1001,
      prompt: `Tidy the changelog ${nonce}`,
      state: 'completed',
      base_ref: 'main',
      head_ref: TWIN_HEADS[i],
      created_at: now,
      updated_at: now,
      commits: [{ message: 'Tidy', files: { 'CHANGELOG.md': `tidied on ${TWIN_HEADS[i]}\n` } }],
    })),
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
    assert.equal(v?.kind === 'ready' ? v.files.length : -1, 5);
    for (const id of TWINS)
      await waitFor(async () => (await api.changes(id, true))?.kind === 'ready', `the changes of ${id}`, 60_000);
  });

  // The workspace goes back to how it was: its branch at its commit, no edits, no extra branch or worktree.
  afterEach(async () => {
    api.answer(undefined);
    const root = workspace();
    await git(root, ['reset', '-q', '--hard', start]);
    await git(root, ['clean', '-q', '-fd']);
    await git(root, ['worktree', 'prune']);
  });

  it('applies into a clean tree, counting as the tree counts, asking once about tool files; Undo Last Apply puts them back', async function () {
    this.timeout(60_000);
    api.answer({});
    const before = await desk();
    const head = `refs/agent-tasks/${TASK}/head`;
    const saidBefore = api.said().length;
    const askedBefore = api.asked().length;
    await api.expandTask('repoTasks', TASK);
    const changesRow = (await api.taskNode('repoTasks', TASK)!.getChildren()).find(n => n.kind === 'changes');
    const rowSays = String(changesRow?.getTreeItem().description ?? '');
    assert.match(rowSays, /^5 files · /, 'the tree counts the rename once');
    await vscode.commands.executeCommand(COMMANDS.applyChanges, { task: { id: TASK, state: 'completed' } });
    assert.equal(await desk(), before, 'branch, HEAD and index are as they were');
    assert.equal(read('README.md'), await fileAt(head, 'README.md'));
    assert.equal(read('docs/check list é.md'), await fileAt(head, 'docs/check list é.md'));
    assert.equal(read('src/launch.ts'), await fileAt(head, 'src/launch.ts'));
    assert.equal(fs.existsSync(path.join(workspace(), 'src/ignite.ts')), false);
    assert.equal(fs.existsSync(path.join(workspace(), '.github/prompts/add-tests.prompt.md')), false);
    const asked = api
      .asked()
      .slice(askedBefore)
      .filter(a => a.kind === 'confirm');
    assert.equal(asked.length, 1, JSON.stringify(asked));
    assert.match(
      asked[0].text,
      /^Write files that configure tools\? .*\.github\/workflows\/launch\.yml\W{1,2}\(a CI workflow\)/,
    );
    const said = api.said().slice(saidBefore);
    const line = said.find(s => s.text.startsWith('Applied'));
    assert.ok(line, JSON.stringify(said));
    assert.match(
      line.text,
      new RegExp(`^Applied the changes of “Land this \\w+” \\(${HEAD}\\) as uncommitted changes: 5 files\\.$`),
    );
    assert.deepEqual(line.actions, ['Undo']);
    assert.notEqual(await status(), '');
    // Undo, once the message is gone: a command for as long as it can be done.
    assert.equal(api.context()['agentTasks.canUndoApply'], true);
    await vscode.commands.executeCommand(COMMANDS.undoLastApply);
    assert.equal(await status(), '', 'every file is back');
    assert.equal(api.context()['agentTasks.canUndoApply'], false);
    assert.match(
      api.said().at(-1)?.text ?? '',
      /^Put back the files of “Land this \w+” \(agent\/land-\w+\) as they were\.$/,
    );
    await vscode.commands.executeCommand(COMMANDS.undoLastApply);
    assert.match(api.said().at(-1)?.text ?? '', /^Nothing to undo/);
  });

  it('Review Changes names the tool files; Apply from its editor applies that editor’s task, of two named alike', async function () {
    this.timeout(90_000);
    api.answer({});
    const saidBefore = api.said().length;
    await vscode.commands.executeCommand(COMMANDS.reviewChanges, { task: { id: TASK, state: 'completed' } });
    assert.ok(
      api
        .said()
        .slice(saidBefore)
        .some(s => s.level === 'warning' && /configure tools.*\.github\/workflows\/launch\.yml/.test(s.text)),
      JSON.stringify(api.said().slice(saidBefore)),
    );
    for (const [i, id] of TWINS.entries()) {
      await vscode.commands.executeCommand(COMMANDS.reviewChanges, { task: { id, state: 'completed' } });
      // The user presses Apply in the editor's title bar once it is open.
      await waitFor(
        () => vscode.window.tabGroups.activeTabGroup.activeTab?.label.includes(TWIN_HEADS[i]),
        'the Review Changes editor to be active',
      );
      const at = api.said().length;
      await vscode.commands.executeCommand(COMMANDS.applyChanges);
      assert.equal(read('CHANGELOG.md'), `tidied on ${TWIN_HEADS[i]}\n`, `the changes of ${id}, the editor's task`);
      const line = api
        .said()
        .slice(at)
        .find(s => s.text.startsWith('Applied'));
      assert.ok(line?.text.includes(`(${TWIN_HEADS[i]})`), `the message names the branch: ${line?.text}`);
      await vscode.commands.executeCommand(COMMANDS.undoLastApply);
    }
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

  it('a file name from the branch never makes a diff document of another scheme or place', () => {
    const side = { root: workspace(), rev: 'x', blob: 'a'.repeat(40), task: TASK };
    for (const name of ['a?b#c.md', '../../etc/passwd', '//evil/x', 'file:///etc/passwd', 'x/./y', '%2e%2e/z']) {
      const uri = sideUri(name, side);
      const again = vscode.Uri.parse(uri.toString());
      assert.equal(again.scheme, 'agent-tasks-change', name);
      assert.equal(again.authority, '', name);
      assert.equal(again.path, uri.path, name);
      assert.deepEqual(JSON.parse(again.query), side, name);
      assert.ok(!again.path.split('/').some(p => p === '..' || p === '.'), name);
    }
  });

  it('checks the branch out in a new worktree with its upstream there, reuses it, and Remove Worktree takes it back', async function () {
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
      // The upstream is on the remote, and git knows it: not "gone", nothing to publish.
      const first = (await git(where, ['status', '-sb'])).split('\n')[0];
      assert.equal(first, `## ${HEAD}...origin/${HEAD}`);
      assert.ok(api.opened().includes(`file://${where}`), 'its folder is opened in a new window');
      const again = await vscode.commands.executeCommand<{ path: string; reused: boolean }>(COMMANDS.checkOutWorktree, {
        task: { id: TASK, state: 'completed' },
      });
      assert.equal(again?.reused, true);
      assert.equal(fs.realpathSync(again.path), fs.realpathSync(where));
      assert.equal(await desk(HEAD), before, 'the other branches, HEAD and the index are as they were');
      assert.equal((await git(root, ['rev-parse', 'HEAD'])).trim(), start, 'the workspace stays on its commit');
      assert.equal(await status(), '', 'the workspace has no edit');
      assert.equal(api.context()['agentTasks.canRemoveWorktree'], true);
      await vscode.commands.executeCommand(COMMANDS.removeWorktree);
      assert.equal(fs.existsSync(where), false, 'Remove Worktree removed it');
      assert.equal((await git(root, ['branch', '--list', HEAD])).trim(), '', 'and the branch made for it');
      assert.equal((await git(root, ['for-each-ref', `refs/remotes/origin/${HEAD}`])).trim(), '');
      assert.equal(api.context()['agentTasks.canRemoveWorktree'], false);
    } finally {
      await git(root, ['worktree', 'remove', '--force', where]).catch(() => '');
      await git(root, ['branch', '-q', '-D', HEAD]).catch(() => '');
      await git(root, ['update-ref', '-d', `refs/remotes/origin/${HEAD}`]).catch(() => '');
    }
  });
});
