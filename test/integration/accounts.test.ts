import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { serviceKey } from '../../src/auth/tokenStore';
import { AUTH_PROVIDER, COMMANDS } from '../../src/ids';
import { enterpriseFront } from './accountsSupport';
import { DEMO_TOKENS, freshStart, SANDBOX, waitFor } from './tasksSupport';

const accountsNow = () => vscode.authentication.getAccounts(AUTH_PROVIDER.id);

describe('accounts', () => {
  before(async function () {
    this.timeout(90_000);
    await freshStart();
  });

  it("shows the person signed in to the service in VS Code's Accounts menu, never the token", async () => {
    await freshStart();
    const host = new URL(SANDBOX).host;
    const accounts = await waitFor(async () => {
      const now = await accountsNow();
      return now.some(a => a.id === serviceKey(SANDBOX)) ? now : undefined;
    }, 'the service in the Accounts menu');
    const mine = accounts!.find(a => a.id === serviceKey(SANDBOX));
    // The demo token is the sandbox user mona's.
    assert.equal(mine?.label, `mona · ${host}`);
    for (const value of Object.values(DEMO_TOKENS))
      assert.ok(!JSON.stringify(accounts).includes(value), 'no token in the accounts');
  });

  it('Sign Out there removes the tokens of that service, as Sign Out does', async () => {
    const api = await freshStart();
    await vscode.commands.executeCommand(COMMANDS.setToken, 'classic', DEMO_TOKENS.classic);
    const account = await waitFor(
      async () => (await accountsNow()).find(a => a.id === serviceKey(SANDBOX)),
      'the service in the Accounts menu',
    );
    assert.ok(account);
    // What the Accounts menu's Sign Out runs (its confirmation is answered yes in the test host).
    await vscode.commands.executeCommand('_signOutOfAccount', {
      providerId: AUTH_PROVIDER.id,
      accountLabel: account.label,
    });
    await waitFor(
      async () => !(await accountsNow()).some(a => a.id === serviceKey(SANDBOX)),
      'the service gone from the Accounts menu',
    );
    await waitFor(() => api.context()['agentTasks.hasToken'] === false, 'the extension to see no token');
    await waitFor(async () => (await api.treeItems('repoTasks')).length === 0, 'the view to empty (welcome content)');
    // Both kinds went: Set Token… asks which kind and says neither is set.
    api.answer({ pick: () => undefined });
    await vscode.commands.executeCommand(COMMANDS.setToken);
    api.answer(undefined);
    const asked = api.asked().at(-1);
    assert.ok(asked?.kind === 'pick');
    await vscode.commands.executeCommand(COMMANDS.setToken, 'fine_grained', DEMO_TOKENS.fineGrained);
    await waitFor(
      async () => (await api.treeItems('repoTasks')).some(i => i.kind === 'task'),
      'tasks again once a token is set',
    );
    await waitFor(
      async () => (await accountsNow()).some(a => a.id === serviceKey(SANDBOX)),
      'the service back in the Accounts menu',
    );
  });

  // Choosing it (VS Code's consent dialog, then the check and the saved token) is run in the real window by
  // scripts/vscode/ui-accounts.mjs: the test host refuses every dialog that asks for a choice.
  describe('the GitHub account VS Code has', () => {
    let front: Awaited<ReturnType<typeof enterpriseFront>>;
    const enterprise = () => `${front.origin}/api/v3`;

    before(async () => {
      front = await enterpriseFront();
    });

    after(async () => {
      await front.close();
      await vscode.workspace
        .getConfiguration('github-enterprise')
        .update('uri', undefined, vscode.ConfigurationTarget.Global);
      await vscode.workspace
        .getConfiguration('agentTasks')
        .update('serviceUrl', SANDBOX, vscode.ConfigurationTarget.Global);
    });

    it("is offered for an enterprise address on the server VS Code's GitHub Enterprise sign-in is set to", async () => {
      const api = await freshStart();
      const offers = async () => {
        let labels: string[] = [];
        api.answer({ pick: items => ((labels = items.map(i => i.label)), undefined) });
        await vscode.commands.executeCommand(COMMANDS.setToken, 'fine_grained');
        api.answer(undefined);
        return labels;
      };
      await vscode.workspace
        .getConfiguration('agentTasks')
        .update('serviceUrl', enterprise(), vscode.ConfigurationTarget.Global);
      // Not set to this server: its sessions would be another server's.
      assert.ok(!(await offers()).some(l => /GitHub/.test(l)));
      await vscode.workspace
        .getConfiguration('github-enterprise')
        .update('uri', front.origin, vscode.ConfigurationTarget.Global);
      assert.deepEqual(await offers(), [
        '$(github) Use the GitHub Enterprise account VS Code has',
        '$(key) Enter a token…',
      ]);
    });

    it('is not offered where the service is not GitHub', async () => {
      const api = await freshStart();
      let labels: string[] = [];
      api.answer({ pick: items => ((labels = items.map(i => i.label)), undefined) });
      await vscode.commands.executeCommand(COMMANDS.setToken, 'fine_grained');
      api.answer(undefined);
      assert.ok(!labels.some(l => /GitHub/.test(l)), labels.join(' | '));
    });
  });
});
