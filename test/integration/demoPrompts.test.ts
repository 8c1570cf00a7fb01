// The demo world steers its tasks' end states through its world file, not through markers in their prompts: what a
// user reads of the demo's tasks (the tree, each task's page with its prompt) carries no `[sandbox:…]`.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { COMMANDS } from '../../src/ids';
import { freshStart, waitFor } from './tasksSupport';

describe("the demo's tasks as a user reads them", () => {
  it('show no steering marker in the tree or on their pages, whatever state they ended in', async function () {
    this.timeout(60_000);
    const api = await freshStart();
    const items = await waitFor(async () => {
      const all = await api.treeItems('repoTasks', 1);
      return all.some(i => /Migrate the build/.test(i.label)) && all;
    }, "the demo's tasks in the tree");
    const text = JSON.stringify(items);
    assert.doesNotMatch(text, /\[sandbox:/);
    for (const id of ['demo-rocket-05', 'demo-rocket-06', 'demo-rocket-07', 'demo-rocket-08', 'demo-rocket-09']) {
      await vscode.commands.executeCommand(COMMANDS.showTaskDetails, { task: { id, state: 'x' } });
      const html = (await waitFor(() => api.taskPages.html(id)?.includes('prompt') && api.taskPages.html(id), id))!;
      assert.doesNotMatch(String(html), /\[sandbox:/, id);
    }
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });
});
