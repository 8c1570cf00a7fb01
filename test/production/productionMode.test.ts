// Runs in a real VS Code beside the packaged extension installed as a user installs it (from the .vsix, not under
// development), so VS Code runs it in Production mode: there activate() must export nothing and build no test
// surface, while every command works as in the other modes.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';

const EXTENSION_ID = 'agent-tasks.agent-tasks';

interface Manifest {
  contributes?: { commands?: { command: string }[] };
}

describe('the installed extension in Production mode', () => {
  let ext: vscode.Extension<unknown>;
  let exported: unknown;

  before(async () => {
    const found = vscode.extensions.getExtension(EXTENSION_ID);
    assert.ok(found, `extension ${EXTENSION_ID} is not installed`);
    ext = found;
    exported = await ext.activate();
  });

  it('is the copy installed from the package, not one under development', () => {
    const dir = process.env.AGENT_TASKS_EXTENSIONS_DIR;
    assert.ok(dir, 'the runner names the extensions folder the package was installed into');
    assert.equal(path.dirname(ext.extensionPath), path.resolve(dir));
  });

  it('activates and exports nothing: activate() returns undefined', () => {
    assert.equal(ext.isActive, true);
    assert.equal(exported, undefined);
    assert.equal(ext.exports, undefined);
  });

  it('registers every command the manifest contributes', async () => {
    const contributed = ((ext.packageJSON as Manifest).contributes?.commands ?? []).map(c => c.command);
    assert.ok(contributed.length > 0, 'the manifest contributes commands');
    const registered = new Set(await vscode.commands.getCommands(true));
    const missing = contributed.filter(c => !registered.has(c));
    assert.deepEqual(missing, [], `contributed but not registered: ${missing.join(', ')}`);
  });

  it('loads none of the bundles meant for first use at activation', () => {
    const onFirstUse = ['commands', 'chat', 'taskPage', 'changes', 'installations', 'api', 'sandbox'];
    const loaded = onFirstUse.filter(n =>
      Object.keys(require.cache).includes(path.join(ext.extensionPath, 'dist', `${n}.js`)),
    );
    assert.deepEqual(loaded, [], 'loaded at activation');
    for (const n of onFirstUse)
      assert.ok(fs.existsSync(path.join(ext.extensionPath, 'dist', `${n}.js`)), `${n}.js ships`);
  });

  it('runs a command of the bundle loaded on first use (dist/commands.js ships and loads)', async () => {
    const file = path.join(ext.extensionPath, 'dist', 'commands.js');
    assert.ok(!Object.keys(require.cache).includes(file), 'not loaded before its first command');
    // My Tasks grouped by repository and back: a command that asks nothing and changes only the view's grouping.
    await vscode.commands.executeCommand('agentTasks.myTasks.groupByRepository');
    await vscode.commands.executeCommand('agentTasks.myTasks.groupByRepository.on');
    assert.ok(Object.keys(require.cache).includes(file), 'loaded by its first command');
  });
});
