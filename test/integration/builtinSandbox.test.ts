import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { COMMANDS, VIEWS } from '../../src/ids';
import { extensionApi, SANDBOX, waitFor } from './tasksSupport';

describe('built-in sandbox', () => {
  after(async () => {
    await vscode.workspace
      .getConfiguration('agentTasks')
      .update('serviceUrl', SANDBOX, vscode.ConfigurationTarget.Global);
  });

  it('with no address set, is offered, starts on loopback with its demo world and says so', async function () {
    this.timeout(60_000);
    const api = await extensionApi();
    // A run starts with fresh state: nobody has chosen the sandbox yet, so clearing the address leaves no service.
    await vscode.workspace
      .getConfiguration('agentTasks')
      .update('serviceUrl', undefined, vscode.ConfigurationTarget.Global);
    await waitFor(() => api.context()['agentTasks.service'] === 'none', 'no service once the address is cleared');
    await waitFor(() => !api.statusBar().visible, 'the status bar to hide when nothing is configured');
    assert.deepEqual(await api.treeItems('repoTasks'), [], 'welcome content instead of tasks');
    await vscode.commands.executeCommand(COMMANDS.useSandbox);
    await vscode.commands.executeCommand(`${VIEWS.repoTasks}.focus`);
    await waitFor(() => /Sandbox/.test(api.statusBar().text), 'the status bar to name the sandbox');
    assert.equal(api.context()['agentTasks.service'], 'sandbox');
    const address = /built-in sandbox at http:\/\/127\.0\.0\.1:\d+/;
    // The tooltip is Markdown source in which the address is escaped text (not a link): read it as it shows.
    const shown = () => api.statusBar().tooltip.replace(/\\([\s\S])/g, '$1');
    await waitFor(() => address.test(shown()), 'the tooltip to give its address once it runs');
    // The workspace's remote is a loopback address, so it matches the loopback sandbox whatever its port.
    await waitFor(() => api.repository() === 'acme/rocket', 'the repository');
    await api.refresh();
    const tasks = (await waitFor(async () => {
      const items = (await api.treeItems('repoTasks')).filter(i => i.kind === 'task');
      return items.length ? items : undefined;
    }, 'demo tasks from the built-in sandbox'))!;
    assert.ok(
      tasks.some(t => t.id?.endsWith('/demo-rocket-01')),
      "the demo world's tasks",
    );
    assert.ok(!tasks[0].id?.includes(SANDBOX), 'ids are task ids, not addresses');
  });
});
