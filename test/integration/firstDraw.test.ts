// A view asked for its rows while its first list is still being read answers once it is read, with the tasks, rather
// than with nothing and a redraw later: VS Code shows the view's progress bar meanwhile, and the first tree does not
// wait for another round trip through the window. A slow service behind the fault proxy makes the wait long enough
// to ask inside it.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { COMMANDS } from '../../src/ids';
import { DEMO_TOKENS, waitFor } from './tasksSupport';
import { faultRig, taskCount, type FaultRig } from './faultsSupport';

describe('the first draw of a task view', function () {
  this.timeout(60_000);
  let rig: FaultRig;

  before(async function () {
    this.timeout(90_000);
    rig = await faultRig();
  });
  after(async () => {
    await rig?.restore();
  });

  it('waits for the first read of its list, and answers with its tasks', async () => {
    assert.ok((await taskCount(rig.api)) > 0, 'tasks shown before');
    await vscode.commands.executeCommand(COMMANDS.signOut, 'fine_grained');
    await waitFor(() => rig.api.context()['agentTasks.hasToken'] === false, 'signed out');
    rig.proxy.setDefault({ kind: 'slow', ms: 1_500 });
    // Signed in again: the lists are read anew, each answer held back 1.5 s by the proxy.
    await vscode.commands.executeCommand(COMMANDS.setToken, 'fine_grained', DEMO_TOKENS.fineGrained);
    await waitFor(() => rig.api.context()['agentTasks.hasToken'] === true, 'signed in');
    const asked = Date.now();
    const items = await rig.api.treeItems('repoTasks');
    const read = rig.api.responses().find(r => r.at >= asked && /^\/agents\/repos\/acme\/rocket\/tasks\?/.test(r.path));
    assert.ok(read, 'the first read of the list was still under way when the view was asked');
    assert.ok(
      items.filter(i => i.kind === 'task').length > 0,
      `the first answer holds the tasks: ${items.map(i => `${i.kind} ${i.label}`).join(' | ')}`,
    );
  });

  it('answers with what there is once its first read fails', async () => {
    rig.proxy.clearFaults();
    await vscode.commands.executeCommand(COMMANDS.signOut, 'fine_grained');
    await waitFor(() => rig.api.context()['agentTasks.hasToken'] === false, 'signed out');
    rig.proxy.setDefault({ kind: 'status', status: 400, message: 'not today' });
    await vscode.commands.executeCommand(COMMANDS.setToken, 'fine_grained', DEMO_TOKENS.fineGrained);
    await waitFor(() => rig.api.context()['agentTasks.hasToken'] === true, 'signed in');
    const items = await rig.api.treeItems('repoTasks');
    assert.ok(
      items.some(i => i.kind === 'message' && /could not read the request/.test(i.label)),
      `the first answer says what went wrong: ${items.map(i => `${i.kind} ${i.label}`).join(' | ')}`,
    );
    rig.proxy.clearFaults();
    await rig.api.refresh();
  });
});
