import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { COMMANDS, STATE_KEYS } from '../../src/ids';
import type { AgentTasksTestApi } from '../../src/testing/testApi';
import { freshStart, SANDBOX, waitFor } from './tasksSupport';

const lastPart = (id?: string) => id?.split('/').pop();

/** `label (description): task ids` for each root of My Tasks. */
async function groups(api: AgentTasksTestApi): Promise<string[]> {
  return (await api.treeItems('myTasks', 1)).map(
    g => `${g.label} (${g.description}): ${(g.children ?? []).map(c => lastPart(c.id)).join(',')}`,
  );
}

const grouped = (api: AgentTasksTestApi) =>
  (JSON.parse(api.storedState()) as Record<string, unknown>[]).find(m => STATE_KEYS.myGroupedByRepo in m)?.[
    STATE_KEYS.myGroupedByRepo
  ];

describe('My Tasks by repository', () => {
  let api: AgentTasksTestApi;
  before(async function () {
    this.timeout(90_000);
    api = await freshStart();
  });

  after(() => vscode.commands.executeCommand(COMMANDS.groupMyTasksByRepoOn));

  it('groups My Tasks under each repository with its count and running count, and remembers it', async function () {
    this.timeout(60_000);
    assert.ok(
      (await api.treeItems('myTasks')).every(i => i.kind === 'task'),
      'one list at first',
    );
    assert.equal(api.context()['agentTasks.myGroupedByRepo'], false);
    const rocketRow = (await api.treeItems('myTasks')).find(i => lastPart(i.id) === 'demo-rocket-01');
    assert.match(rocketRow?.description ?? '', / · acme\/rocket/, 'in one list, a row names its repository');
    await vscode.commands.executeCommand(COMMANDS.groupMyTasksByRepo);
    assert.equal(api.context()['agentTasks.myGroupedByRepo'], true, 'the switch shows its other face');
    assert.equal(grouped(api), true, 'remembered in the workspace state');
    assert.deepEqual(await groups(api), [
      'acme/rocket (11 tasks · 1 running): demo-rocket-04,demo-rocket-03,demo-rocket-06,demo-rocket-15,demo-rocket-14,demo-rocket-13,demo-rocket-09,demo-rocket-12,demo-rocket-11,demo-rocket-01,demo-rocket-08',
      'mona/dotfiles (2 tasks · 1 running): demo-dotfiles-02,demo-dotfiles-01',
    ]);
    const [first] = await api.treeItems('myTasks', 1);
    assert.equal(first.kind, 'repoGroup');
    // Under its repository's row, a task row does not name the repository again (its tooltip still may).
    const named = (first.children ?? []).filter(c => /acme\/rocket/.test(c.description ?? ''));
    assert.deepEqual(
      named.map(c => `${c.label} (${c.description})`),
      [],
      'no row under acme/rocket repeats its name',
    );
    assert.equal(first.icon, 'repo');
    assert.ok(
      (await api.treeItems('repoTasks')).some(i => i.kind === 'task'),
      'the Repository view is not grouped',
    );
  });

  it('a task that stops running is counted so, and revealing a task finds it under its repository', async function () {
    this.timeout(60_000);
    const from = api.said().length;
    const r = await fetch(`${SANDBOX}/_sandbox/tasks/demo-dotfiles-02`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ state: 'completed' }),
    });
    assert.ok(r.ok, `the sandbox took the change (${r.status})`);
    await api.refresh();
    await waitFor(
      async () => (await groups(api)).includes('mona/dotfiles (2 tasks): demo-dotfiles-02,demo-dotfiles-01'),
      'the running count to go',
    );
    await vscode.commands.executeCommand(COMMANDS.revealTask, { id: 'demo-dotfiles-01', state: 'completed' });
    const errors = api
      .said()
      .slice(from)
      .filter(m => m.level === 'error');
    assert.deepEqual(errors, [], 'revealed without a complaint');
  });

  it('switched off, My Tasks is one list again, and that is remembered too', async () => {
    await vscode.commands.executeCommand(COMMANDS.groupMyTasksByRepoOn);
    assert.equal(api.context()['agentTasks.myGroupedByRepo'], false);
    assert.equal(grouped(api), false);
    const roots = await api.treeItems('myTasks');
    assert.ok(roots.length >= 8 && roots.every(i => i.kind === 'task'), 'tasks at the top again');
  });
});
