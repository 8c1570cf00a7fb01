import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as vscode from 'vscode';
import { COMMANDS } from '../../src/ids';
import { DEMO_TOKENS, freshStart, messagesFrom, waitFor, startAsGiven } from './tasksSupport';

describe('tokens', () => {
  // The first start of a window (git scan, views) can be slow; later ones are not.
  before(async function () {
    this.timeout(90_000);
    await freshStart();
  });

  it('live in secret storage only: never in settings or state', async () => {
    const api = await freshStart();
    await vscode.commands.executeCommand(COMMANDS.setToken, 'fine_grained', DEMO_TOKENS.fineGrained);
    const all = JSON.stringify(vscode.workspace.getConfiguration('agentTasks'));
    assert.ok(!all.includes(DEMO_TOKENS.fineGrained), 'not in settings');
    assert.ok(api.statusBar().visible);
    // A failed start keeps its prompt in state; the token must not ride along.
    await startAsGiven(COMMANDS.startTask, {
      prompt: 'Refused on purpose',
      options: { model: 'nope' },
    });
    const state = api.storedState();
    assert.match(state, /Refused on purpose/, 'the draft is in workspace state');
    for (const value of Object.values(DEMO_TOKENS))
      assert.ok(!state.includes(value), `token ${value.slice(0, 6)}… in state`);
    await vscode.commands.executeCommand(COMMANDS.discardDraft);
  });

  it('signing out empties the views and setting a token fills them again', async () => {
    const api = await freshStart();
    assert.ok((await api.treeItems('repoTasks')).length > 0);
    await vscode.commands.executeCommand(COMMANDS.signOut, 'fine_grained');
    await waitFor(async () => (await api.treeItems('repoTasks')).length === 0, 'the view to empty (welcome content)');
    await vscode.commands.executeCommand(COMMANDS.setToken, 'fine_grained', DEMO_TOKENS.fineGrained);
    await waitFor(
      async () => (await api.treeItems('repoTasks')).filter(i => i.kind === 'task').length > 0,
      'tasks again',
    );
  });

  it('the user settings file the runner wrote holds no token', async () => {
    // Every runner of this project (code-server and desktop) names the file; one that does not is a broken runner.
    const file = process.env.AGENT_TASKS_USER_SETTINGS;
    assert.ok(file, 'the runner sets AGENT_TASKS_USER_SETTINGS, the path of its user settings file');
    await freshStart();
    await vscode.commands.executeCommand(COMMANDS.setToken, 'fine_grained', DEMO_TOKENS.fineGrained);
    await vscode.workspace
      .getConfiguration('agentTasks')
      .update('notifications.enabled', false, vscode.ConfigurationTarget.Global);
    try {
      // The setting just written reached the file: it is the one this window writes to.
      const text = await waitFor(() => {
        const t = fs.readFileSync(file, 'utf8');
        return /"agentTasks\.notifications\.enabled": false/.test(t) ? t : undefined;
      }, 'the setting in the user settings file');
      assert.match(text!, /"agentTasks\.serviceUrl"/);
      for (const value of Object.values(DEMO_TOKENS))
        assert.ok(!text!.includes(value), `token ${value.slice(0, 6)}… in the settings file`);
    } finally {
      await vscode.workspace
        .getConfiguration('agentTasks')
        .update('notifications.enabled', undefined, vscode.ConfigurationTarget.Global);
    }
  });

  it('refuses an unknown kind or an empty value, says why, and keeps the old token', async () => {
    const api = await freshStart();
    const told = messagesFrom(api);
    assert.equal(await vscode.commands.executeCommand(COMMANDS.setToken, 'nonsense', 'x'), undefined);
    assert.equal(await vscode.commands.executeCommand(COMMANDS.setToken, 'fine_grained', '   '), undefined);
    assert.deepEqual(told(), ['Unknown token kind: nonsense', 'A token cannot be empty.']);
    assert.equal(api.said().at(-1)?.level, 'error');
    assert.deepEqual(api.said().at(-1)?.actions, ['Show Log'], 'the way out: the log');
    await api.refresh();
    assert.ok(
      (await api.treeItems('repoTasks')).some(i => i.kind === 'task'),
      'the old token still works',
    );
  });
});

describe('log channel', () => {
  it('records every request with method, path, status and time, and never a token', async function () {
    this.timeout(30_000);
    const api = await freshStart();
    await api.refresh();
    await startAsGiven(COMMANDS.startTask, { prompt: 'Log me' });
    const text = await waitFor(
      () => {
        const t = fs.existsSync(api.logFile) ? fs.readFileSync(api.logFile, 'utf8') : '';
        return /POST \/agents\/repos\/acme\/rocket\/tasks 201 \d+ ms/.test(t) ? t : undefined;
      },
      'the request lines in the log file',
      15_000,
    );
    assert.match(text!, /GET \/agents\/repos\/acme\/rocket\/tasks\?\S* (200|304) \d+ ms/);
    for (const value of Object.values(DEMO_TOKENS))
      assert.ok(!text!.includes(value), `token ${value.slice(0, 6)}… in the log`);
  });
});
