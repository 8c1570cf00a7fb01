import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { COMMANDS } from '../../src/ids';
import type { AgentTasksTestApi } from '../../src/testing/testApi';
import { byId, freshStart, waitFor } from './tasksSupport';

const taskIds = async (api: AgentTasksTestApi, view: 'repoTasks' | 'myTasks') =>
  (await api.treeItems(view))
    .filter(i => i.kind === 'task')
    .map(i => i.id!.split('/').pop())
    .sort();

describe('task view filters', () => {
  let api: AgentTasksTestApi;
  before(async function () {
    this.timeout(90_000);
    api = await freshStart();
  });

  afterEach(async () => {
    await vscode.commands.executeCommand(COMMANDS.clearFilters);
  });

  it('an active filter is named in the title bar and on top of the list, and a click on it clears it', async () => {
    await vscode.commands.executeCommand(COMMANDS.filterStates, ['failed', 'timed_out']);
    assert.match(api.viewDescription('repoTasks') ?? '', /^acme\/rocket · filtered: Failed, Timed out$/);
    const [first] = await api.treeItems('repoTasks');
    assert.equal(first.kind, 'message');
    assert.match(first.label, /^Filtered: Failed, Timed out/);
    assert.deepEqual(await taskIds(api, 'repoTasks'), ['demo-rocket-05', 'demo-rocket-07']);
    // What a click on the line runs.
    assert.equal(first.command?.command, COMMANDS.clearFilters);
    await vscode.commands.executeCommand(first.command.command, ...(first.command.arguments ?? []));
    assert.equal(api.viewDescription('repoTasks'), 'acme/rocket');
    const after = await api.treeItems('repoTasks');
    assert.ok(!after.some(i => i.kind === 'message' && /Filtered/.test(i.label)), 'the line is gone');
    assert.ok(byId(after, 'demo-rocket-01') && byId(after, 'demo-rocket-05'), 'every task is back');
    assert.equal(api.context()['agentTasks.filtered'], false, 'the filter icon is the empty one again');
  });

  it('"only mine" is named too, and cleared with the states', async () => {
    await vscode.commands.executeCommand(COMMANDS.toggleOnlyMine);
    await api.refresh();
    assert.match(api.viewDescription('repoTasks') ?? '', /filtered: only mine$/);
    const [first] = await api.treeItems('repoTasks');
    assert.match(first.label, /^Filtered: only mine/);
    await vscode.commands.executeCommand(first.command!.command, ...(first.command!.arguments ?? []));
    assert.equal(api.context()['agentTasks.onlyMine'], false);
    assert.ok(byId(await api.treeItems('repoTasks'), 'demo-rocket-05'), "lee's task is shown again");
  });

  it('the Repository filter does not filter My Tasks, nor the other way round', async () => {
    const mineBefore = await taskIds(api, 'myTasks');
    const repoBefore = await taskIds(api, 'repoTasks');
    assert.ok(mineBefore.includes('demo-rocket-01') && mineBefore.includes('demo-dotfiles-02'));
    await vscode.commands.executeCommand(COMMANDS.filterStates, ['failed']);
    assert.deepEqual(await taskIds(api, 'repoTasks'), ['demo-rocket-05']);
    assert.deepEqual(await taskIds(api, 'myTasks'), mineBefore, 'My Tasks shows what it showed');
    assert.equal(api.viewDescription('myTasks'), undefined, 'and says no filter');
    assert.ok(!(await api.treeItems('myTasks')).some(i => i.kind === 'message'), 'no filter line in My Tasks');
    assert.equal(api.context()['agentTasks.myFiltered'], false);

    await vscode.commands.executeCommand(COMMANDS.filterStates, []);
    await vscode.commands.executeCommand(COMMANDS.filterMyStates, ['in_progress']);
    await waitFor(
      async () => (await taskIds(api, 'myTasks')).join() === 'demo-dotfiles-02,demo-rocket-03',
      'My Tasks filtered to what runs',
    );
    assert.match(api.viewDescription('myTasks') ?? '', /filtered: Running$/);
    assert.deepEqual(await taskIds(api, 'repoTasks'), repoBefore, 'Repository shows what it showed');
    assert.equal(api.context()['agentTasks.filtered'], false);
    assert.equal(api.context()['agentTasks.myFiltered'], true);
  });

  it('the showArchived setting is where a view starts, and a change of it shows at once', async () => {
    // My Tasks, whose own switch no suite before this one used (Repository's was, in the tasks view's suite; the test
    // below uses both): until it is, the setting decides.
    const has = async () => (await taskIds(api, 'myTasks')).includes('demo-rocket-10');
    const settings = vscode.workspace.getConfiguration('agentTasks');
    try {
      assert.equal(await has(), false, 'the archived task is hidden at first');
      await settings.update('showArchived', true, vscode.ConfigurationTarget.Global);
      await api.refresh();
      await waitFor(has, 'the archived task in My Tasks');
      await settings.update('showArchived', false, vscode.ConfigurationTarget.Global);
      await api.refresh();
      await waitFor(async () => !(await has()), 'the archived task hidden again');
    } finally {
      await settings.update('showArchived', undefined, vscode.ConfigurationTarget.Global);
    }
  });

  it("each view's archived switch is its own", async () => {
    const has = async (view: 'repoTasks' | 'myTasks') => (await taskIds(api, view)).includes('demo-rocket-10');
    try {
      assert.equal(await has('repoTasks'), false, 'the archived task is hidden at first');
      await vscode.commands.executeCommand(COMMANDS.toggleArchived);
      await api.refresh();
      await waitFor(() => has('repoTasks'), 'the archived task in Repository');
      assert.equal(await has('myTasks'), false, 'My Tasks still hides it');
      assert.equal(api.context()['agentTasks.myShowArchived'], false, "My Tasks' button still offers to show");

      await vscode.commands.executeCommand(COMMANDS.toggleMyArchived);
      await api.refresh();
      await waitFor(() => has('myTasks'), 'the archived task in My Tasks');
      await vscode.commands.executeCommand(COMMANDS.toggleArchivedOn);
      await api.refresh();
      await waitFor(async () => !(await has('repoTasks')), 'Repository hides it again');
      assert.equal(await has('myTasks'), true, 'My Tasks keeps showing it');
    } finally {
      await vscode.commands.executeCommand(COMMANDS.toggleArchivedOn);
      await vscode.commands.executeCommand(COMMANDS.toggleMyArchivedOn);
    }
  });
});
