// Compare Attempts in the real VS Code against the sandbox's git: a set of three attempts (and a fourth whose branch
// holds a tree git refuses) compared — which files each changed, where they agree — a two-attempt
// diff opened with the right sides, two files picked from two attempts applied and undone byte for byte.
import * as assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { promisify } from 'node:util';
import * as vscode from 'vscode';
import { COMMANDS } from '../../src/ids';
import type { Compared } from '../../src/changes/attempts/attemptCommands';
import type { AttemptNode } from '../../src/changes/attempts/attemptsView';
import { git, workspace } from './changesSupport';
import { DEMO_TOKENS, demoWorld, freshStart, waitFor, type WorldFile } from './tasksSupport';

const run = promisify(execFile);

/** Pushes to the sandbox, as the fourth attempt's branch, main's tree with one name listed twice (fsck refuses it). */
async function pushHostile(branch: string): Promise<void> {
  const maker = fs.mkdtempSync(path.join(os.tmpdir(), 'attempts-maker-'));
  const env = {
    ...process.env,
    GIT_TERMINAL_PROMPT: '0',
    PUSH_TOKEN: DEMO_TOKENS.fineGrained,
    ...{ GIT_AUTHOR_NAME: 'A', GIT_AUTHOR_EMAIL: 'a@example.invalid' },
    ...{ GIT_COMMITTER_NAME: 'A', GIT_COMMITTER_EMAIL: 'a@example.invalid' },
  };
  const make = async (args: string[], input?: string) => {
    const child = run('git', args, { cwd: maker, env });
    if (input !== undefined) child.child.stdin?.end(input);
    return (await child).stdout.trim();
  };
  try {
    await make(['init', '-q']);
    fs.writeFileSync(path.join(maker, '.git/objects/info/alternates'), `${path.join(workspace(), '.git/objects')}\n`);
    const main = (await git(workspace(), ['rev-parse', 'origin/main'])).trim();
    const entries = (await git(workspace(), ['ls-tree', '-z', main])).split('\0').filter(Boolean);
    const blob = await make(['hash-object', '-w', '--stdin'], 'twice\n');
    const twice = [`100644 blob ${blob}\ttwice.md`, `100644 blob ${blob}\ttwice.md`];
    const tree = await make(['mktree', '-z', '--missing'], [...entries, ...twice].map(l => `${l}\0`).join(''));
    const commit = await make(['commit-tree', '-p', main, '-m', 'hostile', tree]);
    const url = (await git(workspace(), ['remote', 'get-url', 'origin'])).trim();
    const helper = 'credential.helper=!f() { test "$1" = get && echo username=x && echo "password=$PUSH_TOKEN"; }; f';
    await make(['-c', helper, 'push', '-q', url, `${commit}:refs/heads/${branch}`]);
  } finally {
    fs.rmSync(maker, { recursive: true, force: true });
  }
}

const nonce = randomBytes(4).toString('hex');
const IDS = [1, 2, 3, 4].map(n => `att${n}-${nonce}`);
const HEADS = IDS.map(id => `agent/${id}`);
const PROMPT = `Say lift-off ${nonce}`;
const SAME = '# rocket\n\nLift-off, agreed.\n';

function world(): WorldFile {
  const w = demoWorld();
  const now = new Date().toISOString();
  const files: Record<string, string | null>[] = [
    { 'README.md': SAME, 'notes/one.md': 'first attempt\n' },
    { 'README.md': '# rocket\n\nLift-off, says two.\n', 'CHANGELOG.md': 'two was here\n' },
    { 'README.md': SAME, 'CHANGELOG.md': 'three was here\n' },
  ];
  const task = (i: number) => ({
    id: IDS[i],
    repository: 5000,
    creator: 1001,
    prompt: PROMPT,
    state: 'completed',
    base_ref: 'main',
    head_ref: HEADS[i],
    created_at: now,
    updated_at: now,
    // The sandbox writes nothing on the fourth's branch: the test pushes a tree git's object checks refuse.
    commits: files[i] ? [{ message: `attempt ${i + 1}`, files: files[i] }] : [],
  });
  w.tasks = [...(w.tasks ?? []), ...[0, 1, 2, 3].map(task)];
  return w;
}

const items = async (tree: vscode.TreeDataProvider<AttemptNode>, node?: AttemptNode) =>
  Promise.all(((await tree.getChildren(node)) ?? []).map(async n => ({ node: n, item: await tree.getTreeItem(n) })));
const label = (i: vscode.TreeItem) => (typeof i.label === 'string' ? i.label : (i.label?.label ?? ''));

describe('Compare Attempts', () => {
  let api: Awaited<ReturnType<typeof freshStart>>;
  let start = '';
  let setId = '';
  before(async function () {
    this.timeout(120_000);
    api = await freshStart(world());
    start = (await git(workspace(), ['rev-parse', 'HEAD'])).trim();
    await pushHostile(HEADS[3]);
    const sets = api.attemptSets;
    assert.ok(sets, 'the test surface holds the sets');
    const set = await sets.create(
      {
        repo: 'acme/rocket',
        prompt: PROMPT,
        base_ref: 'main',
        head_ref: '',
        create_pull_request: false,
        custom_agent: '',
      },
      ['m-one', 'm-two', 'm-three', 'm-four'],
    );
    setId = set.id;
    for (const [i, id] of IDS.entries()) await sets.noteStarted(set.id, i, id);
    for (const id of IDS.slice(0, 3))
      await waitFor(async () => (await api.changes(id, true))?.kind === 'ready', `the changes of ${id}`, 60_000);
  });

  afterEach(async () => {
    api.answer(undefined);
    await git(workspace(), ['reset', '-q', '--hard', start]);
    await git(workspace(), ['clean', '-q', '-fd']);
  });

  it('lists each file any attempt changed, which attempts changed it, where they agree; a refused attempt does not block', async function () {
    this.timeout(60_000);
    const shown = await vscode.commands.executeCommand<Compared>('agentTasks.compareAttempts', setId);
    const c = shown.comparison;
    assert.deepEqual(
      c.attempts.map(a => a.kind),
      ['ready', 'ready', 'ready', 'problem'],
    );
    const refused = c.attempts[3];
    assert.ok(refused.kind === 'problem' && /object checks refused/.test(refused.why), JSON.stringify(refused));
    assert.deepEqual(
      c.files.map(f => ({ path: f.path, by: [...f.changes.keys()].map(i => i + 1), agree: f.agree })),
      [
        { path: 'CHANGELOG.md', by: [2, 3], agree: [] },
        { path: 'README.md', by: [1, 2, 3], agree: [[0, 2]] },
        { path: 'notes/one.md', by: [1], agree: [] },
      ],
    );
    // What the view shows: the attempts first (the refused one says why), then the files.
    const rows = await items(shown.tree);
    assert.deepEqual(
      rows.map(r => label(r.item)),
      [
        'Attempt 1 of 4 (m-one)',
        'Attempt 2 of 4 (m-two)',
        'Attempt 3 of 4 (m-three)',
        'Attempt 4 of 4 (m-four)',
        'CHANGELOG.md',
        'README.md',
        'notes/one.md',
      ],
    );
    assert.match(String(rows[3].item.description), /object checks refused/);
    const readme = rows.find(r => label(r.item) === 'README.md')!;
    assert.match(String(readme.item.description), /attempts 1 and 3 agree/);
    assert.match(String(readme.item.description), /keeps the base/);
    const versions = await items(shown.tree, readme.node);
    assert.deepEqual(
      versions.map(v => [label(v.item), v.item.description]),
      [
        ['Attempt 1 of 4 (m-one)', '+1 −1 · same as attempt 3'],
        ['Attempt 2 of 4 (m-two)', '+1 −1'],
        ['Attempt 3 of 4 (m-three)', '+1 −1 · same as attempt 1'],
      ],
    );
  });

  it('a file’s click opens two attempts side by side: the first on the left, the second on the right', async function () {
    this.timeout(60_000);
    const shown = await vscode.commands.executeCommand<Compared>('agentTasks.compareAttempts', setId);
    const rows = await items(shown.tree);
    const changelog = rows.find(r => label(r.item) === 'CHANGELOG.md')!;
    const cmd = changelog.item.command!;
    await vscode.commands.executeCommand(cmd.command, ...(cmd.arguments ?? []));
    const input = await waitFor(() => {
      const i = vscode.window.tabGroups.activeTabGroup.activeTab?.input;
      return i instanceof vscode.TabInputTextDiff && i.modified.path.endsWith('CHANGELOG.md') ? i : undefined;
    }, 'the diff of two attempts');
    assert.ok(input);
    const blobOf = (u: vscode.Uri) => (JSON.parse(u.query) as { blob?: string }).blob;
    const head = (n: number) => `refs/agent-tasks/${IDS[n]}/head`;
    const blob = async (n: number) => (await git(workspace(), ['rev-parse', `${head(n)}:CHANGELOG.md`])).trim();
    assert.equal(blobOf(input.original), await blob(1), 'attempt 2 on the left');
    assert.equal(blobOf(input.modified), await blob(2), 'attempt 3 on the right');
    assert.equal(vscode.window.tabGroups.activeTabGroup.activeTab?.label, `CHANGELOG.md (attempt 2 ↔ attempt 3)`);
    await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
  });

  it('an attempt’s row opens its change against the base; the title bar, every file of two attempts', async function () {
    this.timeout(60_000);
    const shown = await vscode.commands.executeCommand<Compared>('agentTasks.compareAttempts', setId);
    const readme = (await items(shown.tree)).find(r => label(r.item) === 'README.md')!;
    const second = (await items(shown.tree, readme.node))[1];
    const cmd = second.item.command!;
    await vscode.commands.executeCommand(cmd.command, ...(cmd.arguments ?? []));
    const head = `refs/agent-tasks/${IDS[1]}/head`;
    const input = await waitFor(() => {
      const i = vscode.window.tabGroups.activeTabGroup.activeTab?.input;
      return i instanceof vscode.TabInputTextDiff && i.modified.path.endsWith('README.md') ? i : undefined;
    }, 'the change of attempt 2 against the base');
    assert.ok(input);
    const side = (u: vscode.Uri) => JSON.parse(u.query) as { blob?: string; task?: string; side?: string };
    assert.equal(side(input.modified).blob, (await git(workspace(), ['rev-parse', `${head}:README.md`])).trim());
    // The attempt's own head side: Apply This Change and review comments work there as on its Changes.
    assert.deepEqual([side(input.modified).task, side(input.modified).side], [IDS[1], 'head']);
    assert.equal(side(input.original).blob, (await git(workspace(), ['rev-parse', `main:README.md`])).trim());
    await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
    // Three attempts make three pairs: the question is answered with attempts 1 and 2.
    api.answer({ pick: rows => rows.find(r => /^Attempt 1 of 4 .* ↔ Attempt 2 of 4/.test(r.label)) });
    const resources = await vscode.commands.executeCommand<[vscode.Uri, vscode.Uri?, vscode.Uri?][]>(
      'agentTasks.attempts.multiDiff',
    );
    const byPath = Object.fromEntries(
      resources.map(([, l, r]) => [(l ?? r)!.path.slice(1), [l && side(l).blob, r && side(r).blob]]),
    );
    const blob = async (n: number, p: string) =>
      (await git(workspace(), ['rev-parse', `refs/agent-tasks/${IDS[n]}/head:${p}`]).catch(() => '')).trim() ||
      undefined;
    assert.deepEqual(Object.keys(byPath).sort(), ['CHANGELOG.md', 'README.md', 'notes/one.md']);
    assert.deepEqual(byPath['README.md'], [await blob(0, 'README.md'), await blob(1, 'README.md')]);
    assert.deepEqual(byPath['notes/one.md'], [await blob(0, 'notes/one.md'), undefined]);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it('two files picked from two attempts are applied at once, and undone byte for byte; picks survive a refresh', async function () {
    this.timeout(60_000);
    api.answer({});
    const root = workspace();
    const read = (p: string) => (fs.existsSync(path.join(root, p)) ? fs.readFileSync(path.join(root, p)) : undefined);
    const before = { readme: read('README.md'), changelog: read('CHANGELOG.md'), notes: read('notes/one.md') };
    const shown = await vscode.commands.executeCommand<Compared>('agentTasks.compareAttempts', setId);
    const rows = await items(shown.tree);
    const file = (p: string) => rows.find(r => label(r.item) === p)!.node;
    await vscode.commands.executeCommand('agentTasks.attempts.pick', file('README.md'), 1);
    await vscode.commands.executeCommand('agentTasks.attempts.pick', file('CHANGELOG.md'), 2);
    const again = await vscode.commands.executeCommand<Compared>('agentTasks.attempts.refresh');
    const after = await items(again.tree);
    assert.match(String(after.find(r => label(r.item) === 'README.md')!.item.description), /keeps attempt 2/);
    const applied = await vscode.commands.executeCommand<{ files: number }>('agentTasks.attempts.apply');
    assert.equal(applied?.files, 2);
    const show = async (n: number, p: string) => git(root, ['show', `refs/agent-tasks/${IDS[n]}/head:${p}`]);
    assert.equal(read('README.md')?.toString(), await show(1, 'README.md'));
    assert.equal(read('CHANGELOG.md')?.toString(), await show(2, 'CHANGELOG.md'));
    assert.equal(read('notes/one.md'), undefined, 'a file no one picked is not written');
    assert.equal((await git(root, ['rev-parse', 'HEAD'])).trim(), start, 'the branch did not move');
    assert.equal(await git(root, ['diff', '--cached', '--name-only']), '', 'the index holds nothing new');
    await vscode.commands.executeCommand(COMMANDS.undoLastApply);
    assert.deepEqual(
      { readme: read('README.md'), changelog: read('CHANGELOG.md'), notes: read('notes/one.md') },
      before,
    );
    assert.equal(await git(root, ['status', '--porcelain', '--untracked-files=all']), '');
  });

  it('a set whose every attempt the service no longer has is said once, for the set', async function () {
    this.timeout(60_000);
    const prompt = `Gone everywhere ${randomBytes(3).toString('hex')}`;
    const sets = api.attemptSets!;
    const start = { repo: 'acme/rocket', prompt, base_ref: 'main', head_ref: '', create_pull_request: false };
    const set = await sets.create({ ...start, custom_agent: '' }, ['m-one', 'm-two', 'm-three']);
    await sets.noteStarted(set.id, 0, `gone-a-${set.id}`);
    await sets.noteStarted(set.id, 1, `gone-b-${set.id}`);
    await sets.noteFailed(set.id, 2, 'refused');
    const from = api.said().length;
    const shown = await vscode.commands.executeCommand<Compared>('agentTasks.compareAttempts', set.id);
    assert.deepEqual(
      shown.comparison.attempts.map(a => a.kind),
      ['gone', 'gone', 'notStarted'],
    );
    assert.equal(shown.message, 'The service no longer has any attempt of this set.');
    const errors = api
      .said()
      .slice(from)
      .filter(m => m.level === 'error');
    assert.deepEqual(
      errors.map(m => m.text),
      [
        `The service no longer has any attempt of “${prompt}”: there is nothing to compare. Set Aside hides the set here.`,
      ],
    );
    await vscode.commands.executeCommand('agentTasks.attempts.close');
  });
});
