// The last task lists a workspace saw: a window that opens (here the extension activated again on the same storage)
// shows them at once, before any request, marked as being refreshed; the answers replace them in place; sign-out and
// another address drop them; the stored data never holds a token. The service sits behind the fault proxy, so the
// test sees each request as it arrives, in this very process.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { COMMANDS } from '../../src/ids';
import { LAST_LISTS_KEY } from '../../src/model/lastLists';
import type { TestTreeItem } from '../../src/testing/testApi';
import { faultRig, healthy, LIST, type FaultRig } from './faultsSupport';
import { DEMO_TOKENS, SANDBOX, sandboxPost, waitFor } from './tasksSupport';

const tasks = (items: TestTreeItem[]) => items.filter(i => i.kind === 'task');
const shown = (items: TestTreeItem[]) => tasks(items).map(i => `${i.id} ${i.label}`);
/** The service address the kept lists were read from, if any are kept (from the workspace's state). */
function keptFor(rig: FaultRig): string | undefined {
  const [, workspace] = JSON.parse(rig.api.storedState()) as Record<string, unknown>[];
  const text = workspace[LAST_LISTS_KEY];
  return typeof text === 'string'
    ? (JSON.parse(text.split('\n').slice(2).join('\n')) as { service: string }).service
    : undefined;
}

describe('the last lists seen', function () {
  this.timeout(90_000);
  let rig: FaultRig;

  before(async function () {
    this.timeout(90_000);
    rig = await faultRig();
    await waitFor(() => rig.api.storedState().includes(LAST_LISTS_KEY), 'the lists kept after a poll');
  });
  after(async () => {
    await rig?.restore();
    await rig?.api.reactivate();
  });

  it('are kept with no token in them', () => {
    const state = rig.api.storedState();
    assert.ok(state.includes(LAST_LISTS_KEY));
    for (const [kind, token] of Object.entries(DEMO_TOKENS)) assert.ok(!state.includes(token), `${kind} token kept`);
  });

  it('are shown at activation before any request, marked as being refreshed, then replaced in place', async () => {
    const before = await rig.api.treeItems('repoTasks');
    assert.ok(tasks(before).length > 0);
    assert.ok(!rig.api.showsLast('repoTasks'), 'rows read from the service are not the last ones seen');
    // The service moves on (queued → running, running → finished) and answers slowly: the kept rows are not current.
    await sandboxPost('/_sandbox/advance');
    rig.proxy.setDefault({ kind: 'slow', ms: 1_500 });
    let drawnAtFirstRequest: boolean | undefined;
    rig.proxy.setScript(req => {
      if (LIST.test(req.path) && drawnAtFirstRequest === undefined)
        drawnAtFirstRequest = rig.api.firstTasksDrawn('repoTasks') !== undefined;
      return undefined;
    });
    const sinceRequest = rig.proxy.requests.length;
    await rig.api.reactivate();
    const first = await rig.api.treeItems('repoTasks');
    assert.equal(rig.api.showsLast('repoTasks'), true, 'the rows are the last ones seen');
    assert.deepEqual(shown(first), shown(before), 'the same rows as the window before');
    assert.equal(
      rig.api.responses().filter(r => LIST.test(r.path)).length,
      0,
      'no answer to a task list had come when the rows were shown',
    );
    const running = tasks(first).filter(i => /^running/i.test(i.description ?? ''));
    assert.ok(running.length > 0, `a running task is shown: ${first.map(i => i.description).join(' | ')}`);
    for (const r of running) assert.match(r.description ?? '', /last seen/, 'a running row says when it was seen');
    // The answers replace them: the same items (ids, order), their states as the service has them now.
    await waitFor(() => !rig.api.showsLast('repoTasks'), 'the answers to replace the last lists seen', 20_000);
    assert.equal(drawnAtFirstRequest, true, 'the rows were drawn before the first task list was asked for');
    assert.ok(rig.proxy.requests.slice(sinceRequest).some(r => LIST.test(r.path)));
    const fresh = await rig.api.treeItems('repoTasks');
    assert.deepEqual(
      tasks(fresh).map(i => i.id),
      tasks(before).map(i => i.id),
    );
    assert.ok(tasks(fresh).every(i => !/last seen/.test(i.description ?? '')));
    // Seen moving on while the window was closed: not news (the notifications say what happens while it is open).
    assert.deepEqual(
      rig.api.said().map(m => m.text),
      [],
    );
    assert.notDeepEqual(
      tasks(fresh).map(i => i.description),
      tasks(first).map(i => i.description),
      'the states moved on',
    );
    rig.proxy.clearFaults();
  });

  it('are dropped on sign-out, and not shown by the next window', async () => {
    await waitFor(() => rig.api.storedState().includes(LAST_LISTS_KEY), 'the lists kept again');
    await vscode.commands.executeCommand(COMMANDS.signOut, 'fine_grained');
    await waitFor(() => !rig.api.storedState().includes(LAST_LISTS_KEY), 'the kept lists dropped on sign-out');
    await rig.api.reactivate();
    assert.equal(tasks(await rig.api.treeItems('repoTasks')).length, 0);
    assert.equal(rig.api.showsLast('repoTasks'), false);
    await vscode.commands.executeCommand(COMMANDS.setToken, 'fine_grained', DEMO_TOKENS.fineGrained);
    await waitFor(async () => healthy(rig.api), 'tasks again', 20_000);
  });

  it('are dropped on a change of address', async () => {
    await waitFor(() => keptFor(rig)?.endsWith(rig.proxy.url), 'the lists kept again');
    await vscode.workspace
      .getConfiguration('agentTasks')
      .update('serviceUrl', SANDBOX, vscode.ConfigurationTarget.Global);
    // Signed in at the other address or not, nothing kept is of the proxy's any more.
    await waitFor(() => !keptFor(rig)?.endsWith(rig.proxy.url), 'the kept lists dropped on another address');
    const now = keptFor(rig);
    assert.ok(now === undefined || now.endsWith(SANDBOX), `kept for ${now}`);
  });
});
