import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { COMMANDS } from '../../src/ids';
import { DEMO_TOKENS, freshStart, SANDBOX, waitFor } from './tasksSupport';

// Each state a user can be in has its welcome content, chosen by context keys; the tree is empty so it shows.
describe('welcome states', () => {
  before(async function () {
    this.timeout(90_000);
    await freshStart();
  });
  afterEach(async () => {
    await vscode.workspace
      .getConfiguration('agentTasks')
      .update('serviceUrl', SANDBOX, vscode.ConfigurationTarget.Global);
    await vscode.commands.executeCommand(COMMANDS.setToken, 'fine_grained', DEMO_TOKENS.fineGrained);
    await vscode.commands.executeCommand(COMMANDS.chooseRepository, null);
  });

  it('no token', async () => {
    const api = await freshStart();
    await vscode.commands.executeCommand(COMMANDS.signOut, 'fine_grained');
    await waitFor(() => api.context()['agentTasks.hasToken'] === false, 'hasToken false');
    assert.deepEqual(await api.treeItems('repoTasks'), []);
    assert.equal(api.context()['agentTasks.service'], 'remote');
  });

  it('a token without the Agent tasks permission', async () => {
    const api = await freshStart();
    await vscode.commands.executeCommand(COMMANDS.setToken, 'fine_grained', DEMO_TOKENS.appUser);
    await waitFor(() => api.context()['agentTasks.reachable'] === 'forbidden', 'reachable forbidden');
    assert.deepEqual(await api.treeItems('repoTasks'), []);
  });

  it('the service unreachable, then back', async () => {
    const api = await freshStart();
    // A loopback port nobody listens on.
    await vscode.workspace
      .getConfiguration('agentTasks')
      .update('serviceUrl', 'http://127.0.0.1:9', vscode.ConfigurationTarget.Global);
    await vscode.commands.executeCommand(COMMANDS.setToken, 'fine_grained', DEMO_TOKENS.fineGrained);
    await api.refresh();
    await waitFor(() => api.context()['agentTasks.reachable'] === 'no', 'reachable no', 20_000);
    // Which of the two (no answer, or a status) and where: a line in the view, which welcome text cannot say.
    const [line] = await api.treeItems('repoTasks');
    assert.match(line?.label ?? '', /^The service at http:\/\/127\.0\.0\.1:9 cannot be reached \(no answer: connect/);
    await vscode.workspace
      .getConfiguration('agentTasks')
      .update('serviceUrl', SANDBOX, vscode.ConfigurationTarget.Global);
    await waitFor(async () => (await api.treeItems('repoTasks')).some(i => i.kind === 'task'), 'tasks again');
    await waitFor(() => api.context()['agentTasks.reachable'] === 'yes', 'reachable yes');
  });

  it('no tasks yet, and a repository picked by hand', async () => {
    const api = await freshStart();
    await vscode.commands.executeCommand(COMMANDS.chooseRepository, 'acme/docs');
    await waitFor(() => api.repository() === 'acme/docs', 'acme/docs chosen');
    await api.refresh();
    await waitFor(
      () => api.context()['agentTasks.hasTasks'] === false && api.context()['agentTasks.reachable'] === 'yes',
      'no tasks',
    );
    assert.deepEqual(await api.treeItems('repoTasks'), []);
    await vscode.commands.executeCommand(COMMANDS.chooseRepository, 'mona/dotfiles');
    await api.refresh();
    const items = await waitFor(async () => {
      const t = (await api.treeItems('repoTasks')).filter(i => i.kind === 'task');
      return t.length ? t : undefined;
    }, 'dotfiles tasks');
    assert.ok(items!.every(i => /demo-dotfiles/.test(i.id ?? '')));
  });
});

describe('task node commands', () => {
  // Show Task Details opens the task page: test/integration/taskPage.test.ts.
  it('copy the id and URL', async function () {
    this.timeout(30_000);
    await freshStart();
    const task = { id: 'demo-rocket-01', state: 'completed' };
    await vscode.commands.executeCommand(COMMANDS.copyTaskId, task);
    assert.equal(await vscode.env.clipboard.readText(), 'demo-rocket-01');
    await vscode.commands.executeCommand(COMMANDS.copyTaskUrl, task);
    assert.match(await vscode.env.clipboard.readText(), /\/acme\/rocket\/tasks\/demo-rocket-01$/);
  });
});
