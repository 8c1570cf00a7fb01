import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { COMMANDS } from '../../src/ids';
import { byId, demoWorld, freshStart, sandboxStats } from './tasksSupport';

describe('task views', () => {
  // The first start of a window (git scan, views) can be slow; later ones are not.
  before(async function () {
    this.timeout(90_000);
    await freshStart();
  });

  it("show the repository's tasks in every state, each with its own icon, archived hidden", async () => {
    const api = await freshStart();
    const items = await api.treeItems('repoTasks');
    const tasks = items.filter(i => i.kind === 'task');
    assert.equal(tasks.length, 14, `tasks: ${tasks.map(t => t.label).join(' | ')}`);
    const expected: Record<string, [string, string]> = {
      'demo-rocket-03': ['sync~spin', 'Running'],
      'demo-rocket-04': ['clock', 'Queued'],
      'demo-rocket-01': ['pass-filled', 'Completed'],
      'demo-rocket-05': ['error', 'Failed'],
      'demo-rocket-06': ['bell-dot', 'Waiting for you'],
      'demo-rocket-07': ['watch', 'Timed out'],
      'demo-rocket-08': ['circle-slash', 'Cancelled'],
      'demo-rocket-09': ['debug-pause', 'Idle'],
    };
    for (const [id, [icon, label]] of Object.entries(expected)) {
      const t = byId(tasks, id);
      assert.ok(t, `task ${id} missing`);
      assert.equal(t.icon, icon, `${id} icon`);
      assert.match(t.description ?? '', new RegExp(label), `${id} description`);
      assert.match(t.description ?? '', /ago|just now|yesterday/, `${id} says when it changed`);
      assert.match(t.contextValue ?? '', /^agentTask\b/);
    }
    assert.equal(new Set(Object.values(expected).map(([icon]) => icon)).size, 8, 'one icon per state');
    assert.equal(byId(tasks, 'demo-rocket-10'), undefined, 'the archived task is hidden');
    assert.ok(
      tasks.every(t => !/dotfiles/.test(t.id ?? '')),
      'only this repository',
    );
    // Newest first, by creation, so tasks keep their place as they update.
    assert.equal(tasks[0].id?.endsWith('demo-rocket-04'), true);
    assert.equal(tasks[tasks.length - 1].id?.endsWith('demo-rocket-07'), true);
  });

  it('expand a task into its sessions and artifacts', async () => {
    const api = await freshStart();
    // demo-rocket-01 is completed with a pull request: one session and the pull request's artifact.
    const [withKids] = (await api.treeItems('repoTasks', 1)).filter(i => i.id?.endsWith('/demo-rocket-01'));
    assert.match(withKids.contextValue ?? '', /\bpull\b/, 'the task says it has a pull request');
    const kinds = (withKids.children ?? []).map(c => c.kind);
    assert.ok(kinds.includes('session'), `children: ${JSON.stringify(withKids.children)}`);
    const session = withKids.children!.find(c => c.kind === 'session')!;
    assert.match(session.tooltip ?? '', /telemetry uploader/, 'the prompt is in the tooltip');
    const artifact = withKids.children!.find(c => c.kind === 'artifact');
    assert.ok(artifact, `a pull request shows as an artifact: ${JSON.stringify(withKids.children)}`);
    assert.match(artifact.label, /^Pull request #\d+$/);
  });

  it('show archived tasks when asked, and filter by state and by creator', async () => {
    const api = await freshStart();
    try {
      await vscode.commands.executeCommand(COMMANDS.toggleArchived);
      await api.refresh();
      assert.ok(byId(await api.treeItems('repoTasks'), 'demo-rocket-10'), 'archived task shown');
      await vscode.commands.executeCommand(COMMANDS.toggleArchivedOn);
      await vscode.commands.executeCommand(COMMANDS.filterStates, ['failed', 'timed_out']);
      const filtered = (await api.treeItems('repoTasks')).filter(i => i.kind === 'task');
      assert.deepEqual(filtered.map(t => t.id?.split('/').pop()).sort(), ['demo-rocket-05', 'demo-rocket-07']);
      await vscode.commands.executeCommand(COMMANDS.filterStates, []);
      await vscode.commands.executeCommand(COMMANDS.toggleOnlyMine);
      await api.refresh();
      const mine = (await api.treeItems('repoTasks')).filter(i => i.kind === 'task');
      assert.ok(mine.length > 0);
      assert.ok(!byId(mine, 'demo-rocket-02') && !byId(mine, 'demo-rocket-05'), "lee's tasks are hidden");
    } finally {
      await vscode.commands.executeCommand(COMMANDS.toggleOnlyMineOn);
      await vscode.commands.executeCommand(COMMANDS.filterStates, []);
      await vscode.commands.executeCommand(COMMANDS.toggleArchivedOn);
    }
  });

  it("list the user's own tasks across repositories in My Tasks", async () => {
    const api = await freshStart();
    const mine = (await api.treeItems('myTasks')).filter(i => i.kind === 'task');
    assert.ok(byId(mine, 'demo-dotfiles-02'), 'a task of another repository');
    assert.ok(!byId(mine, 'demo-rocket-02'), "not another user's task");
  });

  it('poll an unchanged list with conditional requests only', async () => {
    const api = await freshStart();
    const start = api.responses().length;
    await api.refresh();
    // What the extension read in a refresh of this world before the unchanged polls; a read it makes for the first
    // time meanwhile (a row VS Code draws and expands whenever the window gets to it) has nothing to be conditional
    // on, and is not a poll.
    const mark = api.responses().length;
    const read = new Set(
      api
        .responses()
        .slice(start, mark)
        .map(r => `${r.method} ${r.path}`),
    );
    const before = await sandboxStats();
    await api.refresh();
    await api.refresh();
    const after = await sandboxStats();
    const again = api
      .responses()
      .slice(mark)
      .filter(r => read.has(`${r.method} ${r.path}`));
    assert.ok(
      again.some(r => /\/tasks\?/.test(r.path)),
      `the task lists were polled again: ${again.map(r => r.path).join(', ')}`,
    );
    assert.deepEqual(
      again.filter(r => r.status !== 304).map(r => `${r.status} ${r.method} ${r.path}`),
      [],
      'every request read before is a 304 when nothing changed',
    );
    // The service's side agrees: it answered as many 304s as the extension heard.
    assert.ok(after.not_modified - before.not_modified >= again.length, 'the sandbox counted those 304s');
  });

  it('redraw only the task that changed', async () => {
    const api = await freshStart();
    await api.treeItems('repoTasks');
    const before = api.treeStats().repoTasks;
    const r = await fetch(`${process.env.AGENT_TASKS_SANDBOX_URL}/_sandbox/tasks/demo-rocket-09`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ state: 'completed' }),
    });
    assert.ok(r.ok);
    await api.refresh();
    const after = api.treeStats().repoTasks;
    assert.ok(after.nodeRefreshes > before.nodeRefreshes, 'the changed node was redrawn');
    assert.equal(after.rootRefreshes, before.rootRefreshes, 'the rest of the tree was not');
    const item = byId(await api.treeItems('repoTasks'), 'demo-rocket-09');
    assert.equal(item?.icon, 'pass-filled');
  });

  it('draw the list again whole when many of its rows change at once, not row by row', async function () {
    this.timeout(120_000);
    // VS Code redraws one row by scanning all its siblings: rows redrawn one by one cost rows × siblings.
    const w = demoWorld();
    const at = '2026-01-01T00:00:00Z';
    const ids = Array.from({ length: 60 }, (_, i) => `batch-${i}`);
    for (const id of ids)
      w.tasks!.push({
        id,
        repository: 5000,
        creator: 1002,
        state: 'completed',
        prompt: id,
        created_at: at,
        updated_at: at,
      });
    await vscode.commands.executeCommand(COMMANDS.signOut, 'fine_grained');
    const api = await freshStart(w);
    assert.ok(byId(await api.treeItems('repoTasks'), 'batch-0'), 'the batch is shown');
    for (const id of ids) {
      const r = await fetch(`${process.env.AGENT_TASKS_SANDBOX_URL}/_sandbox/tasks/${id}`, {
        method: 'PATCH',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ state: 'failed' }),
      });
      assert.ok(r.ok);
    }
    const before = api.treeStats().repoTasks;
    await api.refresh();
    const after = api.treeStats().repoTasks;
    assert.equal(after.nodeRefreshes, before.nodeRefreshes, 'no row was redrawn alone');
    assert.ok(after.rootRefreshes > before.rootRefreshes, 'the list was drawn again');
    const items = await api.treeItems('repoTasks');
    for (const id of ids) assert.equal(byId(items, id)?.icon, 'error', `${id} shows its new state`);
    await vscode.commands.executeCommand(COMMANDS.signOut, 'fine_grained');
    await freshStart();
  });

  it('say when a list is longer than what was read, and read the rest when asked', async function () {
    this.timeout(90_000);
    // 2,050 more tasks of lee's in acme/rocket: more than the 20 pages of 100 read at once.
    const w = demoWorld();
    const base = Date.parse('2026-01-01T00:00:00Z');
    for (let i = 0; i < 2_050; i++) {
      const at = new Date(base + i * 60_000).toISOString().replace('.000Z', 'Z');
      w.tasks!.push({
        id: `bulk-${i}`,
        repository: 5000,
        creator: 1002,
        state: 'completed',
        prompt: `Bulk task ${i}`,
        created_at: at,
        updated_at: at,
      });
    }
    // Signed out first, so that the list is read afresh rather than merged into what the last test left.
    await vscode.commands.executeCommand(COMMANDS.signOut, 'fine_grained');
    const api = await freshStart(w);
    const items = await api.treeItems('repoTasks');
    assert.equal(items.filter(i => i.kind === 'task').length, 2_000, 'the first 20 pages');
    const more = items.at(-1)!;
    assert.match(more.label, /Load more…$/, 'the last line says the list was cut');
    assert.ok(more.command, 'and reads further when clicked');
    await vscode.commands.executeCommand(more.command.command, ...(more.command.arguments ?? []));
    const all = await api.treeItems('repoTasks');
    assert.equal(all.filter(i => i.kind === 'task').length, 2_064, 'every unarchived task of acme/rocket: 14 and 2,050');
    assert.ok(!all.some(i => /Load more/.test(i.label)), 'nothing left to load');
  });
});
