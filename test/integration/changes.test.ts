// Timeouts are generous: opening editors starts language servers, and the test machine may be shared and loaded.
// A task's changes, read through the workspace's own git from the sandbox's repository: the files and commits of its
// branch against its base, one file's diff and all of them in the multi-file diff editor, a running task's next
// commit, and the failures said as rows. The user's branches, files, index and stash are the same afterwards.
import * as assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import * as vscode from 'vscode';
import type { ReviewOpened } from '../../src/changes/changesCommands';
import { COMMANDS } from '../../src/ids';
import type { ChangesView } from '../../src/model/changesView';
import type { TreeNode } from '../../src/shared/treeNode';
import { git, userState, workspace } from './changesSupport';
import { byId, demoWorld, freshStart, waitFor, type WorldFile } from './tasksSupport';

type Ready = Extract<ChangesView, { kind: 'ready' }>;
const nonce = randomBytes(4).toString('hex');
const HEAD = `agent/changes-${nonce}`;
const QUEUED = 'changes-queued';
const RUNNING = 'changes-running';
/** A task whose commits the sandbox's agent makes up (one at its start, a last one when it completes). */
const WORKING = 'changes-working';
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 1, 2, 3]).toString('base64');

const COMMITS: NonNullable<WorldFile['tasks']>[number]['commits'] = [
  {
    message: 'Abort the countdown on a sensor fault\n\nAnd say why.',
    files: {
      'src/ignite.ts': [
        "import { countdown } from './countdown';",
        '',
        'export function ignite(seconds: number, fault = false): string {',
        "  if (fault) return 'aborted';",
        "  return countdown(seconds).join(', ') + ', lift-off';",
        '}',
        '',
      ].join('\n'),
      'test/launch plan.test.ts': "import { ignite } from '../src/ignite';\nignite(3);\n",
      'README.md':
        '# rocket\n\nA small launch-sequence library, used to try Agent Tasks against the local sandbox.\n\nAborts.\n',
    },
  },
  {
    message: 'Rename the countdown, drop the prompt file, add the logo',
    files: {
      'src/count down.ts': { from: 'src/countdown.ts' },
      '.github/prompts/add-tests.prompt.md': null,
      'media/logo.png': { base64: PNG },
      'docs/über.md': '# Über\n',
    },
  },
];

function world(): WorldFile {
  const w = demoWorld();
  const now = new Date().toISOString();
  const base = { repository: 5000, creator: 1001, base_ref: 'main', created_at: now, updated_at: now };
  w.tasks = [
    ...(w.tasks ?? []),
    {
      ...base,
      id: RUNNING,
      prompt: `Abort on a sensor fault ${nonce}`,
      state: 'in_progress',
      head_ref: HEAD,
      commits: COMMITS,
    },
    { ...base, id: WORKING, prompt: 'Add a launch window check', state: 'in_progress' },
    { ...base, id: QUEUED, prompt: 'Wait in the queue', state: 'queued' },
  ];
  return w;
}

interface Row {
  kind: string;
  label: string;
  description?: string;
  children: Row[];
}

/** One task's rows in the Repository view, two levels down, read from its node alone (the others stay closed). */
async function rowsOf(api: Awaited<ReturnType<typeof freshStart>>, taskId: string): Promise<Row[]> {
  const node = api.taskNode('repoTasks', taskId);
  assert.ok(node, `task ${taskId} is shown`);
  const describe = async (n: TreeNode, depth: number): Promise<Row> => {
    const item = n.getTreeItem();
    const label = typeof item.label === 'string' ? item.label : (item.label?.label ?? '');
    const kids = depth > 0 ? await n.getChildren() : [];
    return {
      kind: n.kind,
      label,
      description: typeof item.description === 'string' ? item.description : undefined,
      children: await Promise.all(kids.map(k => describe(k, depth - 1))),
    };
  };
  return Promise.all((await node.getChildren()).map(k => describe(k, 1)));
}

async function ready(api: Awaited<ReturnType<typeof freshStart>>, id: string): Promise<Ready> {
  const v = await api.changes(id, true);
  assert.equal(v?.kind, 'ready', JSON.stringify(v));
  return v;
}

describe('changes of a task', () => {
  let userBefore: Record<string, string>;
  let api: Awaited<ReturnType<typeof freshStart>>;

  before(async function () {
    this.timeout(240_000);
    userBefore = await userState();
    api = await freshStart(world());
  });

  after(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it('lists exactly the files the commits changed, with their kinds and counts, and the commits', async function () {
    this.timeout(180_000);
    const v = await ready(api, RUNNING);
    const files = Object.fromEntries(v.files.map(f => [f.path, f]));
    assert.deepEqual(
      Object.keys(files).sort(),
      [
        '.github/prompts/add-tests.prompt.md',
        'docs/über.md',
        'media/logo.png',
        'README.md',
        'src/count down.ts',
        'src/ignite.ts',
        'test/launch plan.test.ts',
      ].sort(),
    );
    assert.deepEqual(
      {
        kind: files['src/ignite.ts'].kind,
        added: files['src/ignite.ts'].added,
        removed: files['src/ignite.ts'].removed,
      },
      { kind: 'modified', added: 2, removed: 2 },
    );
    assert.deepEqual([files['test/launch plan.test.ts'].kind, files['test/launch plan.test.ts'].added], ['added', 2]);
    assert.deepEqual(
      [files['src/count down.ts'].kind, files['src/count down.ts'].from, files['src/count down.ts'].added],
      ['renamed', 'src/countdown.ts', 0],
    );
    assert.deepEqual(
      [files['.github/prompts/add-tests.prompt.md'].kind, files['.github/prompts/add-tests.prompt.md'].removed],
      ['deleted', 4],
    );
    assert.deepEqual([files['media/logo.png'].kind, files['media/logo.png'].binary], ['added', true]);
    assert.equal(files['docs/über.md'].added, 1);
    assert.deepEqual(v.commits.map(c => c.subject).slice(0, 2), [
      'Rename the countdown, drop the prompt file, add the logo',
      'Abort the countdown on a sensor fault',
    ]);
    assert.equal(v.head, HEAD);
    assert.equal((await git(workspace(), ['rev-parse', `refs/agent-tasks/${RUNNING}/head`])).trim(), v.headSha);

    // The tree says the same: a Changes row with its totals, each file with where it is, its kind and counts.
    await api.expandTask('repoTasks', RUNNING);
    const rows = await rowsOf(api, RUNNING);
    const changes = rows.find(r => r.kind === 'changes');
    assert.ok(changes, JSON.stringify(rows.map(c => c.label)));
    assert.match(changes.description ?? '', /^7 files · \+\d+ −\d+ · 7 to view$/);
    const shown = Object.fromEntries(changes.children.map(c => [c.label, c.description]));
    assert.equal(shown['count down.ts'], 'src · renamed from src/countdown.ts · +0 −0');
    assert.equal(shown['logo.png'], 'media · added · binary');
    assert.equal(shown['add-tests.prompt.md'], '.github/prompts · deleted · +0 −4');
    assert.equal(shown['ignite.ts'], 'src · +2 −2');
    assert.equal(shown['README.md'], '+2 −0');
    const commits = rows.find(r => r.kind === 'commits');
    assert.equal(commits?.description, '2 commits');
    assert.match(commits?.children[0]?.description ?? '', /^[0-9a-f]{7} · /);
  });

  it("opens one file's diff: the merge base's text on the left, the head's on the right, both read-only", async function () {
    this.timeout(240_000);
    const v = await ready(api, RUNNING);
    const file = v.files.find(f => f.path === 'README.md')!;
    await vscode.commands.executeCommand(COMMANDS.openChange, RUNNING, file.path);
    const input = (await waitFor(
      () => {
        const i = vscode.window.tabGroups.activeTabGroup.activeTab?.input;
        return i instanceof vscode.TabInputTextDiff ? i : undefined;
      },
      'a diff editor',
      180_000,
    ))!;
    assert.equal(input.original.scheme, 'agent-tasks-change');
    assert.equal(input.modified.path, '/README.md');
    const left = await vscode.workspace.openTextDocument(input.original);
    const right = await vscode.workspace.openTextDocument(input.modified);
    assert.equal(left.getText(), await git(workspace(), ['show', `${v.baseSha}:README.md`]));
    assert.equal(right.getText(), await git(workspace(), ['show', `${v.headSha}:README.md`]));
    assert.match(right.getText(), /Aborts\./);
    // A content provider's documents cannot be saved over: what is shown is git's, never a file.
    assert.equal(right.isUntitled, false);
    assert.equal(vscode.workspace.fs.isWritableFileSystem('agent-tasks-change'), undefined);
  });

  it('Review Changes opens every file in the multi-file diff editor, added and deleted against nothing', async function () {
    this.timeout(240_000);
    const v = await ready(api, RUNNING);
    const opened = await vscode.commands.executeCommand<ReviewOpened>(COMMANDS.reviewChanges, {
      task: { id: RUNNING, state: 'in_progress' },
    });
    assert.equal(opened.files, v.files.length);
    const sent = new Map(opened.resources.map(([label, left, right]) => [label.path.slice(1), { left, right }]));
    assert.deepEqual([...sent.keys()].sort(), v.files.map(f => f.path).sort());
    assert.equal(sent.get('media/logo.png')?.left, undefined, 'an added file has no left side');
    assert.equal(sent.get('.github/prompts/add-tests.prompt.md')?.right, undefined, 'a deleted one no right side');
    assert.equal(sent.get('src/count down.ts')?.left?.path, '/src/countdown.ts', 'a rename is read at its old path');
    const logo = await vscode.workspace.openTextDocument(sent.get('media/logo.png')!.right!);
    assert.match(logo.getText(), /^Binary file, 15 bytes/);
    // The editor shows them: its tab lists the files changed on both sides with the same pairs.
    type Multi = { textDiffs: Array<{ original?: vscode.Uri; modified?: vscode.Uri }> };
    const input = (await waitFor(
      () => {
        const i = vscode.window.tabGroups.activeTabGroup.activeTab?.input as Partial<Multi> | undefined;
        return i && Array.isArray(i.textDiffs) ? (i as Multi) : undefined;
      },
      'a multi-file diff editor',
      180_000,
    ))!;
    const both = opened.resources.filter(([, l, r]) => l && r).map(([, l, r]) => `${l!.toString()} ${r!.toString()}`);
    const shown = input.textDiffs.map(d => `${d.original?.toString()} ${d.modified?.toString()}`);
    assert.deepEqual(shown.sort(), both.sort());
    assert.equal(both.length, 3, 'README.md, src/ignite.ts and the renamed file');
  });

  it("follows a running task's branch: its next commit shows once a poll sees the task move", async function () {
    this.timeout(240_000);
    assert.ok(vscode.window.state.focused, 'the window is focused (changes are not fetched while it is not)');
    const first = await ready(api, WORKING);
    assert.ok(first.commits.length >= 1, 'the agent committed when its session started');
    await api.expandTask('repoTasks', WORKING);
    const processes = api.gitProcesses();
    await api.refresh(); // a poll in which the task did not move: no git
    assert.equal(api.gitProcesses(), processes, 'no git process for a poll in which nothing moved');
    // The task completes: the agent's last commit lands on its branch, and the poll sees the task change.
    const r = await fetch(`${process.env.AGENT_TASKS_SANDBOX_URL}/_sandbox/tasks/${WORKING}`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ state: 'completed' }),
    });
    assert.equal(r.status, 200);
    await api.refresh();
    const next = (await waitFor(
      async () => {
        const v = await api.changes(WORKING);
        return v?.kind === 'ready' && v.headSha !== first.headSha ? v : undefined;
      },
      'the new commit to show',
      180_000,
    ))!;
    assert.equal(next.commits.length, first.commits.length + 1);
    assert.equal(next.commits[1].sha, first.commits[0].sha, 'the new commit sits on top of the old');
  });

  it('a queued task says it has no branch yet', async function () {
    this.timeout(120_000);
    await api.expandTask('repoTasks', QUEUED);
    const changes = (await waitFor(
      async () => {
        const c = (await rowsOf(api, QUEUED)).find(r => r.kind === 'changes');
        return c?.description?.startsWith('no branch') ? c : undefined;
      },
      'the queued task to say it has no branch',
      60_000,
    ))!;
    assert.equal(changes.description, 'no branch yet: the task is queued');
    assert.equal(byId(await api.treeItems('repoTasks'), QUEUED)?.kind, 'task');
  });

  it('a task of a repository with no clone in the workspace says so, and what to do', async function () {
    this.timeout(120_000);
    const v = (await waitFor(async () => {
      const c = await api.changes('demo-dotfiles-02', true);
      return c?.kind === 'problem' ? c : undefined;
    }, 'a problem'))!;
    assert.equal(v.why, 'no clone of mona/dotfiles is open in this workspace');
  });

  it("leaves the user's branches, remote-tracking branches, files, index and stash as they were", async () => {
    assert.deepEqual(await userState(), userBefore);
    const ours = await git(workspace(), ['for-each-ref', '--format=%(refname)', 'refs/agent-tasks']);
    assert.match(ours, new RegExp(`refs/agent-tasks/${RUNNING}/head`));
  });
});
