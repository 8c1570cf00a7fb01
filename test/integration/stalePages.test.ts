// Task pages never show a task of a world the user has left: another service address, or signed out, closes them and
// says why; a page whose task the service does not have turns its buttons off, and Check Out Head Branch says why.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { COMMANDS } from '../../src/ids';
import type { AgentTasksTestApi } from '../../src/testing/testApi';
import { DEMO_TOKENS, freshStart, messagesFrom, SANDBOX, waitFor } from './tasksSupport';

const G = vscode.ConfigurationTarget.Global;

async function openPage(api: AgentTasksTestApi, task: { id: string; state: string; name?: string }): Promise<string> {
  await vscode.commands.executeCommand(COMMANDS.showTaskDetails, task);
  return (await waitFor(() => api.taskPages.html(task.id), `the page of ${task.id}`))!;
}

const pageTabs = () =>
  vscode.window.tabGroups.all
    .flatMap(g => g.tabs)
    .filter(t => t.input instanceof vscode.TabInputWebview && t.input.viewType.endsWith('agentTasks.taskPage'));

describe('task pages of a world left behind', function () {
  this.timeout(60_000);
  before(async function () {
    this.timeout(90_000);
    await freshStart();
  });
  afterEach(async () => {
    await vscode.workspace.getConfiguration('agentTasks').update('serviceUrl', SANDBOX, G);
    await vscode.commands.executeCommand(COMMANDS.setToken, 'fine_grained', DEMO_TOKENS.fineGrained);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it('another service address closes the open pages and says why', async () => {
    const api = await freshStart();
    await openPage(api, { id: 'demo-rocket-01', state: 'completed' });
    await waitFor(() => pageTabs().length === 1, "the page's tab");
    const told = messagesFrom(api);
    await vscode.workspace.getConfiguration('agentTasks').update('serviceUrl', 'http://127.0.0.1:9', G);
    await waitFor(() => api.taskPages.openTaskIds().length === 0, 'the page closed');
    await waitFor(() => pageTabs().length === 0, 'its tab gone');
    const sandboxHost = new URL(SANDBOX).host;
    assert.ok(
      told().includes(`The task page was closed: the service is no longer ${sandboxHost}.`),
      JSON.stringify(told()),
    );
  });

  it('signing out closes them too; another token of the same service keeps them', async () => {
    const api = await freshStart();
    await openPage(api, { id: 'demo-rocket-01', state: 'completed' });
    await openPage(api, { id: 'demo-rocket-02', state: 'completed' });
    // The same service and still signed in: the pages stay, and read the task with the new token.
    await vscode.commands.executeCommand(COMMANDS.setToken, 'fine_grained', DEMO_TOKENS.fineGrainedRead);
    await api.refresh();
    assert.deepEqual(api.taskPages.openTaskIds().sort(), ['demo-rocket-01', 'demo-rocket-02']);
    const told = messagesFrom(api);
    await vscode.commands.executeCommand(COMMANDS.signOut, 'fine_grained');
    await waitFor(() => api.taskPages.openTaskIds().length === 0, 'the pages closed');
    assert.ok(
      told().includes(`2 task pages were closed: you signed out of ${new URL(SANDBOX).host}.`),
      JSON.stringify(told()),
    );
  });

  it('a task the service does not have: the buttons are off, saying why, and Check Out Head Branch says so', async () => {
    const api = await freshStart();
    const ghost = {
      id: 'no-such-task-404',
      state: 'completed',
      name: 'A task of another service',
      sessions: [{ id: 's1', head_ref: 'agent/ghost', base_ref: 'main', created_at: '2026-01-01T00:00:00Z' }],
    };
    await openPage(api, ghost);
    const gone = 'This task is no longer on the service, or your token cannot see it.';
    const html = (await waitFor(() => {
      const h = api.taskPages.html(ghost.id);
      return h?.includes(`Could not refresh: ${gone}`) ? h : undefined;
    }, 'the page to say the task is gone'))!;
    const buttons = [...html.matchAll(/<button [^>]*>/g)].map(m => m[0]);
    assert.ok(buttons.length > 0);
    for (const b of buttons) assert.match(b, new RegExp(`disabled title="${gone}"`), b);
    // The command as the page's button would run it.
    const told = messagesFrom(api);
    await vscode.commands.executeCommand(COMMANDS.checkoutHeadBranch, { task: ghost });
    assert.ok(
      told().includes(
        `“A task of another service” is not on the service at ${SANDBOX}, or your token cannot see it: ` +
          'its branch cannot be checked out from here.',
      ),
      JSON.stringify(told()),
    );
  });
});
