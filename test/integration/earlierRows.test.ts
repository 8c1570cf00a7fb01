// A task view drawn again whole: VS Code's extension host keeps its nodes of the draw before (each holding the item
// the view gave it) until the view's next change event. The view lets go of them once VS Code has the new rows
// (src/views/earlierRows.ts): here a row that left the view is no longer held by anyone once VS Code drew the view.
import * as assert from 'node:assert/strict';
import * as v8 from 'node:v8';
import * as vm from 'node:vm';
import * as vscode from 'vscode';
import { COMMANDS, VIEWS } from '../../src/ids';
import type { AgentTasksTestApi } from '../../src/testing/testApi';
import { freshStart, waitFor } from './tasksSupport';

v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => void;

/** The item the task's row gave VS Code, held weakly (nothing of this test holds it). */
async function drawnItem(api: AgentTasksTestApi, taskId: string): Promise<WeakRef<vscode.TreeItem>> {
  const node = await waitFor(() => api.taskNode('repoTasks', taskId), `${taskId} in Repository`);
  assert.ok(node);
  const item = node.getTreeItem();
  assert.equal(node.getTreeItem(), item, 'the row keeps the item it gave VS Code');
  return new WeakRef(item);
}

describe('a task view drawn again whole', () => {
  it('lets VS Code drop the rows of the draw before once it has the new ones', async function () {
    this.timeout(60_000);
    const api = await freshStart();
    await vscode.commands.executeCommand(`${VIEWS.repoTasks}.focus`);
    const drawn = await drawnItem(api, 'demo-rocket-09');
    // Only queued tasks: the idle task's row leaves the view, which is drawn again whole.
    await vscode.commands.executeCommand(COMMANDS.filterStates, ['queued']);
    try {
      await waitFor(() => api.taskNode('repoTasks', 'demo-rocket-09') === undefined, 'the idle task off the view');
      await waitFor(
        () => {
          gc();
          return drawn.deref() === undefined;
        },
        'the row of the draw before to be let go of',
        15_000,
      );
    } finally {
      await vscode.commands.executeCommand(COMMANDS.clearFilters, 'repo');
    }
  });
});
