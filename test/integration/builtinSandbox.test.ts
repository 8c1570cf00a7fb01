import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { Outcome } from '../../src/installations/commands/shared';
import { COMMANDS, INSTALLATION_COMMANDS, VIEWS } from '../../src/ids';
import { extensionApi, messagesFrom, SANDBOX, waitFor, startAsGiven } from './tasksSupport';

/** No address set, then Use Sandbox: what a new user's first click does. */
async function useBuiltinSandbox(): Promise<void> {
  await vscode.workspace
    .getConfiguration('agentTasks')
    .update('serviceUrl', undefined, vscode.ConfigurationTarget.Global);
  await vscode.commands.executeCommand(COMMANDS.useSandbox);
}

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

  it("its web pages answer through the editor's port proxy, which passes on its own Host", async function () {
    this.timeout(60_000);
    const api = await extensionApi();
    await useBuiltinSandbox();
    const shown = () => api.statusBar().tooltip.replace(/\\([\s\S])/g, '$1');
    const found = await waitFor(() => /built-in sandbox at (http:\/\/127\.0\.0\.1:\d+)/.exec(shown()), 'its address');
    const inside = found![1];
    // The web editor's own answer for where a browser reaches that address: its port proxy on the editor's host.
    const outside = (await vscode.env.asExternalUri(vscode.Uri.parse(inside))).toString(true).replace(/\/?$/, '/');
    assert.notEqual(new URL(outside).host, new URL(inside).host, `the editor proxies the port: ${outside}`);
    const direct = await fetch(`${inside}/acme/rocket`);
    assert.equal(direct.status, 200, 'the page answers on loopback');
    const proxied = await fetch(`${outside}acme/rocket`);
    const body = await proxied.text();
    assert.equal(proxied.status, 200, `the page answers through ${outside}: ${body.slice(0, 200)}`);
    assert.match(body, /acme\/rocket/);
    const service = await fetch(`${outside}agents/repos/acme/rocket/tasks`);
    assert.equal(service.status, 421, 'the service itself is not answered through the proxy');
  });

  it('Reset Sandbox brings back the demo world: a started task goes, a revoked demo installation token returns', async function () {
    this.timeout(60_000);
    const api = await extensionApi();
    await useBuiltinSandbox();
    await waitFor(() => api.context()['agentTasks.service'] === 'sandbox', 'the built-in sandbox in use');
    await waitFor(() => api.repository() === 'acme/rocket', 'the repository');
    const taskNames = async () => (await api.treeItems('repoTasks')).filter(i => i.kind === 'task').map(i => i.label);
    const installationToken = async () =>
      (await api.treeItems('installations', 1)).find(i => i.label === 'Installation token');
    await startAsGiven(COMMANDS.startTask, { prompt: 'Gone after the reset' });
    await api.refresh();
    await waitFor(async () => (await taskNames()).includes('Gone after the reset'), 'the started task in the view');
    api.answer({ confirm: true });
    try {
      await vscode.commands.executeCommand(`${VIEWS.installations}.focus`);
      await vscode.commands.executeCommand(INSTALLATION_COMMANDS.refresh);
      assert.ok(await installationToken(), 'the demo installation token is set');
      const told = messagesFrom(api);
      const revoked = await vscode.commands.executeCommand<Outcome>(INSTALLATION_COMMANDS.revokeToken);
      assert.equal(revoked?.done, true, revoked?.message);
      assert.match(told().join('\n'), /Reset Sandbox brings the demo installation token back/);
      assert.equal(await installationToken(), undefined, 'revoked and removed');

      assert.equal(await vscode.commands.executeCommand(COMMANDS.resetSandbox), true);
      assert.match(told().at(-1) ?? '', /back to its demo world/);
      await api.refresh();
      await waitFor(async () => !(await taskNames()).includes('Gone after the reset'), 'the started task to go');
      assert.ok((await taskNames()).length > 0, 'the demo tasks are there');
      const token = await waitFor(async () => {
        const t = await installationToken();
        return t?.children?.length ? t : undefined;
      }, 'the demo installation token back, listing its repositories');
      assert.ok(
        token!.children!.every(c => c.kind !== 'message'),
        `its repositories, not a refusal: ${JSON.stringify(token!.children)}`,
      );
    } finally {
      api.answer(undefined);
    }
  });
});
