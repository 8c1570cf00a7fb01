// Inside a real VS Code behind a proxy (scripts/vscode/network-tests.mjs sets up one configuration per window): the
// service's name resolves only inside the proxy, so anything that does not go through VS Code's network stack fails.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { COMMANDS, VIEWS } from '../../src/ids';
import { DEMO_TOKENS, extensionApi, startAsGiven, waitFor } from '../integration/tasksSupport';
import { CASE, proxySeen } from './networkCase';

const serviceHost = new URL(CASE.service).host;

async function useService(url: string): Promise<void> {
  const config = vscode.workspace.getConfiguration('agentTasks');
  if (config.get<string>('serviceUrl') !== url)
    await config.update('serviceUrl', url, vscode.ConfigurationTarget.Global);
}

describe(`network: ${CASE.name}`, () => {
  before(async function () {
    this.timeout(90_000);
    await useService(CASE.service);
    const api = await extensionApi();
    await vscode.commands.executeCommand(COMMANDS.setToken, 'fine_grained', DEMO_TOKENS.fineGrained);
    await vscode.commands.executeCommand(`${VIEWS.repoTasks}.focus`);
    await waitFor(() => api.repository() === 'acme/rocket', 'the repository to be found from the git remote', 30_000);
  });

  it('lists the tasks and starts one, through the proxy', async function () {
    this.timeout(60_000);
    const api = await extensionApi();
    await api.refresh();
    const tasks = await waitFor(
      async () => (await api.treeItems('repoTasks')).filter(i => i.kind === 'task'),
      'the tasks of acme/rocket',
      30_000,
    );
    assert.ok(tasks.length > 0);
    const doc = await vscode.workspace.openTextDocument({ content: 'const answer = 41;\n' });
    const editor = await vscode.window.showTextDocument(doc);
    editor.selection = new vscode.Selection(0, 0, 0, 18);
    const result = await startAsGiven<{ ok: boolean; task?: { id: string } }>(COMMANDS.startTaskFromSelection, {});
    assert.equal(result.ok, true, JSON.stringify(result));
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    const tunnels = proxySeen().filter(s => s.method === 'CONNECT' && s.target === serviceHost);
    assert.ok(tunnels.length > 0, `the proxy tunnelled to ${serviceHost}: ${JSON.stringify(proxySeen())}`);
    if (CASE.login)
      assert.ok(
        tunnels.some(t => t.authorized),
        'with the login',
      );
  });

  // Only the configurations that serve a second host from a root trusted nowhere ask this.
  const untrusted = CASE.untrusted;
  if (untrusted)
    it('a certificate from a root trusted nowhere is named by its issuer, with where to add the root', async function () {
      this.timeout(60_000);
      const found = await vscode.commands.executeCommand<{ kind: string; text: string }>(
        COMMANDS.configureService,
        untrusted.url,
      );
      assert.equal(found.kind, 'unreachable', found.text);
      const text = found.text;
      assert.match(text, new RegExp(`issued by “${untrusted.root}`));
      assert.match(text, /NODE_EXTRA_CA_CERTS/);
      assert.match(text, /http\.systemCertificates/);
      await useService(CASE.service);
    });

  it('the built-in sandbox on loopback works while the proxy is set, without the proxy', async function () {
    this.timeout(60_000);
    const api = await extensionApi();
    const before = proxySeen().length;
    await vscode.workspace
      .getConfiguration('agentTasks')
      .update('serviceUrl', undefined, vscode.ConfigurationTarget.Global);
    await vscode.commands.executeCommand(COMMANDS.useSandbox);
    await waitFor(() => api.context()['agentTasks.service'] === 'sandbox', 'the built-in sandbox chosen');
    await api.refresh();
    const ok = await waitFor(
      () => api.responses().some(r => r.status === 200 && /\/agents\//.test(r.path)),
      'an answer of the built-in sandbox',
      30_000,
    );
    assert.ok(ok);
    const viaProxy = proxySeen()
      .slice(before)
      .filter(s => /127\.0\.0\.1|localhost/.test(s.target));
    assert.deepEqual(viaProxy, [], 'nothing for loopback went to the proxy');
    await useService(CASE.service);
  });
});
