import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { COMMANDS } from '../../src/ids';
import { DEMO_TOKENS, freshStart, waitFor } from './tasksSupport';

describe('tokens', () => {
  // The first start of a window (git scan, views) can be slow; later ones are not.
  before(async function () {
    this.timeout(90_000);
    await freshStart();
  });

  it('live in secret storage only: never in settings or state files', async () => {
    const api = await freshStart();
    const marker = 'sbx_fg_mona';
    await vscode.commands.executeCommand(COMMANDS.setToken, 'fine_grained', DEMO_TOKENS.fineGrained);
    const all = JSON.stringify(vscode.workspace.getConfiguration('agentTasks'));
    assert.ok(!all.includes(marker), 'not in settings');
    // The settings file of the user profile, wherever the runner put it.
    const userDir = process.env.VSCODE_USER_DATA_DIR ?? '';
    if (userDir && fs.existsSync(path.join(userDir, 'User', 'settings.json'))) {
      assert.ok(!fs.readFileSync(path.join(userDir, 'User', 'settings.json'), 'utf8').includes(marker));
    }
    assert.ok(api.statusBar().visible);
    // A failed start keeps its prompt in state; the token must not ride along.
    await vscode.commands.executeCommand(COMMANDS.startTask, { prompt: 'Refused on purpose', options: { model: 'nope' }, interactive: false });
    const state = api.storedState();
    assert.match(state, /Refused on purpose/, 'the draft is in workspace state');
    for (const value of Object.values(DEMO_TOKENS)) assert.ok(!state.includes(value), `token ${value.slice(0, 6)}… in state`);
    await vscode.commands.executeCommand(COMMANDS.discardDraft);
  });

  it('signing out empties the views and setting a token fills them again', async () => {
    const api = await freshStart();
    assert.ok((await api.treeItems('repoTasks')).length > 0);
    await vscode.commands.executeCommand(COMMANDS.signOut, 'fine_grained');
    await waitFor(async () => (await api.treeItems('repoTasks')).length === 0, 'the view to empty (welcome content)');
    await vscode.commands.executeCommand(COMMANDS.setToken, 'fine_grained', DEMO_TOKENS.fineGrained);
    await waitFor(async () => (await api.treeItems('repoTasks')).filter(i => i.kind === 'task').length > 0, 'tasks again');
  });

  it('rejects an unknown kind or an empty value and keeps the old token', async () => {
    const api = await freshStart();
    await assert.rejects(Promise.resolve(vscode.commands.executeCommand(COMMANDS.setToken, 'nonsense', 'x')));
    await assert.rejects(Promise.resolve(vscode.commands.executeCommand(COMMANDS.setToken, 'fine_grained', '   ')));
    await api.refresh();
    assert.ok((await api.treeItems('repoTasks')).some(i => i.kind === 'task'));
  });
});

describe('log channel', () => {
  it('records every request with method, path, status and time, and never a token', async function () {
    this.timeout(30_000);
    const api = await freshStart();
    await api.refresh();
    await vscode.commands.executeCommand(COMMANDS.startTask, { prompt: 'Log me', interactive: false });
    const text = await waitFor(() => {
      const t = fs.existsSync(api.logFile) ? fs.readFileSync(api.logFile, 'utf8') : '';
      return /POST \/agents\/repos\/acme\/rocket\/tasks 201 \d+ ms/.test(t) ? t : undefined;
    }, 'the request lines in the log file', 15_000);
    assert.match(text!, /GET \/agents\/repos\/acme\/rocket\/tasks\?\S* (200|304) \d+ ms/);
    for (const value of Object.values(DEMO_TOKENS)) assert.ok(!text!.includes(value), `token ${value.slice(0, 6)}… in the log`);
  });
});
