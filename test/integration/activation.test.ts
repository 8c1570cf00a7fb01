import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';

const EXTENSION_ID = 'agent-tasks.agent-tasks';
const PREFIX = 'agentTasks.';
const VIEW_COMMANDS = ['focus', 'open', 'removeView', 'resetViewLocation', 'toggleVisibility'];

interface Manifest {
  contributes?: {
    commands?: { command: string }[];
    views?: Record<string, { id: string }[]>;
    menus?: Record<string, { command?: string }[]>;
  };
}

describe('activation', () => {
  let ext: vscode.Extension<unknown>;
  let manifest: Manifest;

  before(async () => {
    const found = vscode.extensions.getExtension(EXTENSION_ID);
    assert.ok(found, `extension ${EXTENSION_ID} is not loaded`);
    ext = found;
    await ext.activate();
    // Read from disk rather than ext.packageJSON so the check sees exactly the file that ships.
    manifest = JSON.parse(fs.readFileSync(path.join(ext.extensionPath, 'package.json'), 'utf8')) as Manifest;
  });

  it('reads the service address the runner wrote into the user settings', () => {
    // code-server's extension host is a remote one; user settings must still reach it.
    const url = vscode.workspace.getConfiguration('agentTasks').get<string>('serviceUrl');
    assert.equal(url, process.env.AGENT_TASKS_SANDBOX_URL);
  });

  it('activates', () => {
    assert.equal(ext.isActive, true);
  });

  it('registers every command package.json contributes, and no other', async () => {
    const contributed = (manifest.contributes?.commands ?? []).map(c => c.command).sort();
    // VS Code itself registers these for every contributed view; they are not ours to declare.
    const viewIds = Object.values(manifest.contributes?.views ?? {})
      .flat()
      .map(v => v.id);
    const generated = new Set(viewIds.flatMap(v => VIEW_COMMANDS.map(suffix => `${v}.${suffix}`)));
    const ours = (c: string) => c.startsWith(PREFIX) && !generated.has(c);
    const registered = (await vscode.commands.getCommands(true)).filter(ours).sort();
    const missing = contributed.filter(c => !registered.includes(c));
    const undeclared = registered.filter(c => !contributed.includes(c));
    assert.ok(missing.length === 0, `contributed in package.json but not registered: ${missing.join(', ')}`);
    assert.ok(undeclared.length === 0, `registered but not in package.json: ${undeclared.join(', ')}`);
  });

  // The stubs are made from the manifest's list, so the check above cannot see a handler missing: this one can.
  it("the commands' handlers are the manifest's commands, but for the status bar's own", async () => {
    const api = ext.exports as { commandHandlerIds(): Promise<string[]> };
    const handled = (await api.commandHandlerIds()).sort();
    const expected = (manifest.contributes?.commands ?? [])
      .map(c => c.command)
      .filter(c => c !== 'agentTasks.serviceProblem')
      .sort();
    assert.ok(handled.length > 40, `${handled.length} handlers`);
    assert.deepEqual(handled, expected);
  });

  it('menus name only contributed commands', () => {
    const contributed = new Set((manifest.contributes?.commands ?? []).map(c => c.command));
    const dangling = Object.entries(manifest.contributes?.menus ?? {}).flatMap(([menu, items]) =>
      items.filter(i => i.command && !contributed.has(i.command)).map(i => `${menu}: ${i.command}`),
    );
    assert.ok(
      dangling.length === 0,
      `menu items naming commands package.json does not contribute: ${dangling.join(', ')}`,
    );
  });
});
