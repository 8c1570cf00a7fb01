// A hostile branch and a hostile git server, in the real editor: a commit dated @9999999999999 with an icon and a
// link in its message, files named `docs/<img src=x onerror=alert(22)>.md` and with zero-width characters, pushed to
// the sandbox as an agent's branch; and a fetch refused with a 403 whose text carries an ESC sequence, a direction
// override and a command link. What the tree rows (labels, descriptions, tooltips), the task page and chat's Get Agent
// Task show is read: words only, nothing that acts or hides, and the bad date said to be unknown.
import * as assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import * as fs from 'node:fs';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import { promisify } from 'node:util';
import * as vscode from 'vscode';
import { CHAT_TOOLS, COMMANDS } from '../../src/ids';
import type { AgentTasksTestApi } from '../../src/testing/testApi';
import type { TreeNode } from '../../src/shared/treeNode';
import { invokeText } from './chatSupport';
import { userState, workspace } from './changesSupport';
import { demoWorld, freshStart, waitFor } from './tasksSupport';

const run = promisify(execFile);
const nonce = randomBytes(4).toString('hex');
const HOSTILE = 'hostile-branch';
const REFUSED = 'refused-fetch';
const HEAD = `agent/hostile-${nonce}`;
const IMG = 'docs/<img src=x onerror=alert(22)>.md';
const HIDDEN_NAME = 'src/ro\u200Bcket\uFEFF.ts';
const MESSAGE = 'Fix $(alert) [Open](command:workbench.action.reloadWindow) ro\u200Bcket';
const DENIED =
  '\u001b[31mAccess denied\u202Egnp.exe\u200B: ask [admin](command:workbench.action.reloadWindow) $(alert)';
/** Seen on no surface that cannot show them: ESC, direction overrides, zero-width characters (a joiner of ours aside). */
// eslint-disable-next-line no-control-regex -- finding these characters is the check
const UNSEEN = /[\u001b\u202A-\u202E\u2066-\u2069\u200B-\u200D\uFEFF]/;

interface Row {
  kind: string;
  label: string;
  description: string;
  tooltip: string;
  children: Row[];
}

/** A task's rows two levels down, read from its node as VS Code would draw them. */
async function rowsOf(api: AgentTasksTestApi, taskId: string): Promise<Row[]> {
  const node = api.taskNode('repoTasks', taskId);
  assert.ok(node, `task ${taskId} is shown`);
  const describe = async (n: TreeNode, depth: number): Promise<Row> => {
    const item = n.getTreeItem();
    const text = (v: unknown) => (typeof v === 'string' ? v : v instanceof vscode.MarkdownString ? v.value : '');
    return {
      kind: n.kind,
      label: typeof item.label === 'string' ? item.label : (item.label?.label ?? ''),
      description: text(item.description),
      tooltip: text(item.tooltip),
      children: depth > 0 ? await Promise.all((await n.getChildren()).map(k => describe(k, depth - 1))) : [],
    };
  };
  return Promise.all((await node.getChildren()).map(k => describe(k, 1)));
}

function inert(row: Pick<Row, 'label' | 'description' | 'tooltip'>, where: string): void {
  for (const [part, text] of Object.entries({ label: row.label, description: row.description, tooltip: row.tooltip })) {
    assert.doesNotMatch(text, UNSEEN, `${where} ${part}: ${JSON.stringify(text)}`);
    assert.doesNotMatch(text, /\$\(/, `${where} ${part}: an icon can form in ${JSON.stringify(text)}`);
  }
}

/** git in the workspace with more in its environment (a temporary index), and `input` on its stdin. */
async function gitWith(env: Record<string, string>, args: string[], input?: string): Promise<string> {
  const child = run('git', args, { cwd: workspace(), env: { ...process.env, GIT_TERMINAL_PROMPT: '0', ...env } });
  if (input !== undefined) child.child.stdin?.end(input);
  return (await child).stdout.trim();
}

/**
 * A commit on top of `parent` adding the hostile files, with the hostile message, dated @9999999999999: written with
 * plumbing into the object store (a temporary index, no ref), so nothing of the user's moves.
 */
async function hostileCommit(parent: string): Promise<string> {
  const index = { GIT_INDEX_FILE: path.join(os.tmpdir(), `agent-tasks-index-${nonce}`) };
  try {
    const blob = await gitWith({}, ['hash-object', '-w', '--stdin'], '# hostile\n');
    await gitWith(index, ['read-tree', parent]);
    for (const p of [IMG, HIDDEN_NAME])
      await gitWith(index, ['update-index', '--add', '--cacheinfo', `100644,${blob},${p}`]);
    const tree = await gitWith(index, ['write-tree']);
    const when = '9999999999999 +0000';
    const commit = [`tree ${tree}`, `parent ${parent}`, `author A <a@example.invalid> ${when}`];
    commit.push(`committer A <a@example.invalid> ${when}`, '', MESSAGE, '');
    return await gitWith({}, ['hash-object', '-t', 'commit', '-w', '--stdin'], commit.join('\n'));
  } finally {
    fs.rmSync(index.GIT_INDEX_FILE, { force: true });
  }
}

/** A git server that refuses every request with a 403 and `text` (git prints it as `remote: …` lines). */
async function refusingServer(text: string): Promise<{ origin: string; close(): Promise<void> }> {
  const server = http.createServer((_req, res) => {
    res.writeHead(403, { 'content-type': 'text/plain; charset=utf-8' });
    res.end(`${text}\n`);
  });
  await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise(resolve => server.close(() => resolve())),
  };
}

function world() {
  const w = demoWorld();
  const now = new Date().toISOString();
  const base = { repository: 5000, creator: 1001, base_ref: 'main', created_at: now, updated_at: now };
  w.tasks = [
    ...(w.tasks ?? []),
    { ...base, id: HOSTILE, prompt: 'Tidy\u200B the changelog', state: 'completed', head_ref: HEAD },
    {
      ...base,
      id: REFUSED,
      prompt: 'Tidy the changelog again',
      state: 'completed',
      head_ref: `agent/refused-${nonce}`,
    },
  ];
  return w;
}

describe('a hostile branch and a refusing git server: the rows, the page and chat show words only', () => {
  let api: AgentTasksTestApi;
  let userBefore: Record<string, string>;
  let remote = '';

  before(async function () {
    this.timeout(120_000);
    api = await freshStart(world());
    userBefore = await userState();
    // Pushed by its address, not by the remote's name: no remote-tracking branch of the user's is made.
    remote = await gitWith({}, ['remote', 'get-url', 'origin']);
    const tips = new Map(
      (await gitWith({}, ['ls-remote', remote, `refs/heads/${HEAD}`, 'refs/heads/main']))
        .split('\n')
        .map(l => l.split('\t').reverse() as [string, string]),
    );
    const parent = tips.get(`refs/heads/${HEAD}`) ?? tips.get('refs/heads/main');
    assert.ok(parent, `the sandbox has main: ${JSON.stringify([...tips])}`);
    // Its objects, with no ref of the user's written (not even FETCH_HEAD).
    await gitWith({}, ['fetch', '--quiet', '--no-write-fetch-head', remote, parent]);
    await gitWith({}, ['push', '--quiet', remote, `${await hostileCommit(parent)}:refs/heads/${HEAD}`]);
  });

  after(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    assert.deepEqual(await userState(), userBefore, "the user's branches, files, index and stash are as they were");
  });

  it('a commit dated @9999999999999 says "date unknown"; its message and the files’ names show as words', async function () {
    this.timeout(120_000);
    const v = await api.changes(HOSTILE, true);
    assert.equal(v?.kind, 'ready', JSON.stringify(v));
    await api.expandTask('repoTasks', HOSTILE);
    const rows = await rowsOf(api, HOSTILE);
    const files = rows.find(r => r.kind === 'changes')?.children ?? [];
    const labels = files.map(f => f.label);
    assert.ok(labels.includes('<img src=x onerror=alert(22)>.md') && labels.includes('rocket.ts'), labels.join(' | '));
    for (const f of files) inert(f, `the row of ${f.label}`);
    const commit = rows
      .find(r => r.kind === 'commits')
      ?.children.find(
        c => c.label.replace(/\u2060/g, '') === 'Fix $(alert) [Open](command:workbench.action.reloadWindow) rocket',
      );
    assert.ok(commit, JSON.stringify(rows.find(r => r.kind === 'commits')));
    assert.match(commit.description, /^[0-9a-f]{7} · date unknown$/);
    assert.match(commit.tooltip, /[0-9a-f]{40}\ndate unknown$/);
    inert(commit, 'the commit row');

    await vscode.commands.executeCommand(COMMANDS.showTaskDetails, { id: HOSTILE, state: 'completed' });
    const html = (await waitFor(
      () => (/class="commits"/.test(api.taskPages.html(HOSTILE) ?? '') ? api.taskPages.html(HOSTILE) : undefined),
      'the task page with its commits',
      60_000,
    ))!;
    assert.match(html, /<code>[0-9a-f]{7}<\/code> <span class="muted">date unknown<\/span>/);
    assert.ok(html.includes('&lt;img src=x onerror=alert(22)&gt;.md'), 'the name as text');
    assert.ok(html.includes('ro⟨U+200B⟩cket⟨U+FEFF⟩.ts'), 'hidden characters shown where there is room');
    assert.doesNotMatch(html, /<img/);

    const said = await invokeText(CHAT_TOOLS.getTask, { taskId: HOSTILE });
    const line = said.split('\n').find(l => l.startsWith('- changes: '));
    assert.ok(line?.includes('docs/‹img src=x onerror=alert（22）›.md') && line.includes('src/rocket.ts'), said);
    assert.doesNotMatch(said, /<img|\]\(/);
    assert.doesNotMatch(line ?? '', UNSEEN);
  });

  it('a fetch refused with a 403 whose text holds ESC, a direction override and a link: the rows and chat say it as words', async function () {
    this.timeout(120_000);
    const server = await refusingServer(DENIED);
    const insteadOf = `url.${server.origin}/.insteadOf`;
    // The sandbox's git, as this repository's own configuration reaches it, is the refusing server for a while.
    await gitWith({}, ['config', '--local', insteadOf, `${new URL(remote).origin}/`]);
    try {
      const v = await api.changes(REFUSED, true);
      assert.equal(v?.kind, 'problem', JSON.stringify(v));
      assert.ok(v.why.includes('\u001b[31mAccess denied\u202E'), `git's reason as it came: ${JSON.stringify(v.why)}`);
      await api.expandTask('repoTasks', REFUSED);
      const changes = (await rowsOf(api, REFUSED)).find(r => r.kind === 'changes');
      assert.ok(changes && changes.children.length === 2, JSON.stringify(changes));
      for (const row of [changes, ...changes.children]) inert(row, `the row "${row.label}"`);
      const words = 'Access deniedgnp.exe: ask [admin](command:workbench.action.reloadWindow)';
      assert.ok(changes.children[0].tooltip.includes(words), JSON.stringify(changes.children[0].tooltip));

      const said = await invokeText(CHAT_TOOLS.getTask, { taskId: REFUSED });
      const line = said.split('\n').find(l => l.startsWith('- changes: not shown ('));
      assert.ok(line?.includes('［admin］（command:workbench.action.reloadWindow）'), said);
      assert.doesNotMatch(line ?? '', UNSEEN);
      assert.doesNotMatch(said, /\]\(|</);
    } finally {
      await gitWith({}, ['config', '--local', '--unset', insteadOf]);
      await server.close();
    }
  });
});
