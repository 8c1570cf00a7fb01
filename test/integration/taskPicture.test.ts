import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { COMMANDS } from '../../src/ids';
import { faultRig } from './faultsSupport';
import { freshStart, waitFor } from './tasksSupport';

// One picture of each task and one view state, in the real extension host: a filter change reaches everyone as one
// event, and a task whose read failed carries the error itself (status and all) until a surface explains it.
describe('one picture of each task', () => {
  after(() => vscode.commands.executeCommand(COMMANDS.clearFilters));

  it('one filter change is one view-state event, and the tree follows it', async () => {
    const api = await freshStart();
    await waitFor(() => api.model.picture('demo-rocket-05'), 'the picture of a listed task');
    const before = api.model.viewChanges().length;
    await vscode.commands.executeCommand(COMMANDS.filterStates, ['failed']);
    assert.deepEqual(api.model.viewChanges().slice(before), [{ kind: 'filter' }]);
    const ids = (await api.treeItems('repoTasks')).filter(i => i.kind === 'task').map(i => i.id?.split('/').pop());
    assert.deepEqual(ids, ['demo-rocket-05']);
    // Clearing one view's filters (as the line on top of its list does) is one change too.
    await vscode.commands.executeCommand(COMMANDS.clearFilters, 'repo');
    assert.deepEqual(api.model.viewChanges().slice(before), [{ kind: 'filter' }, { kind: 'filter' }]);
  });

  it('a failed read of a listed task leaves the error object in its picture, and the tree explains it', async function () {
    this.timeout(90_000);
    // Behind a proxy that refuses the read of this one task (403): the lists still hold it, so nothing races the read.
    const rig = await faultRig();
    try {
      const { api, proxy } = rig;
      const id = 'demo-rocket-01';
      const node = await waitFor(() => api.taskNode('repoTasks', id), 'the task drawn in the view');
      proxy.next(
        { kind: 'status', status: 403, message: 'Not for you' },
        { times: 50, path: /\/tasks\/demo-rocket-01(\?|$)/ },
      );
      const rows = await node!.getChildren();
      const error = api.model.picture(id)?.error;
      assert.ok(error instanceof Error, 'an error object, not display text');
      // Read as the error's own field: this suite's copy of the API (out/) is not the extension's, so no `instanceof`.
      assert.equal((error as Error & { status?: number }).status, 403);
      assert.ok(typeof error.stack === 'string', 'with its stack');
      const first = rows[0].getTreeItem();
      assert.match(typeof first.label === 'string' ? first.label : '', /^Sessions could not be read: /);
    } finally {
      await rig.restore();
    }
  });
});
