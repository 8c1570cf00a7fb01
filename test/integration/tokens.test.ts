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
