// Runs in a real VS Code beside the packaged extension installed as a user installs it (from the .vsix, not under
// development), so VS Code runs it in Production mode: there activate() exports the public API for other extensions
// (src/publicApi/types.ts) and nothing else, builds no test surface, while every command works as in the other modes.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import nodeModule from 'node:module';
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

  it('activates and exports the public API, version 1, and nothing of the test surface', () => {
    assert.equal(ext.isActive, true);
    assert.equal(ext.exports, exported);
    assert.ok(exported && typeof exported === 'object', 'an object');
    const api = exported as Record<string, unknown>;
    // Exactly the public API's members: any other (treeItems, said, answer, model, logFile…) is the test surface leaking.
    assert.deepEqual(Reflect.ownKeys(api).map(String).sort(), [
      'onDidChangeTaskState',
      'startTask',
      'tasks',
      'version',
    ]);
    assert.equal(Object.getPrototypeOf(api), Object.prototype);
    assert.equal(api.version, 1);
    assert.equal(typeof api.tasks, 'function');
    assert.equal(typeof api.onDidChangeTaskState, 'function');
    assert.equal(typeof api.startTask, 'function');
    assert.ok(Object.isFrozen(api), 'another extension cannot change it');
    const tasks = (api.tasks as () => unknown)();
    assert.ok(Array.isArray(tasks) && Object.isFrozen(tasks), 'tasks() is a frozen list');
    const listening = (api.onDidChangeTaskState as (l: () => void) => { dispose(): void })(() => undefined);
    assert.equal(typeof listening.dispose, 'function');
    listening.dispose();
  });

  it('registers every command the manifest contributes', async () => {
    const contributed = ((ext.packageJSON as Manifest).contributes?.commands ?? []).map(c => c.command);
    assert.ok(contributed.length > 0, 'the manifest contributes commands');
    const registered = new Set(await vscode.commands.getCommands(true));
    const missing = contributed.filter(c => !registered.has(c));
    assert.deepEqual(missing, [], `contributed but not registered: ${missing.join(', ')}`);
  });

  // The extension is ES modules (dist/extension.mjs and its chunks): what loads is heard through a module hook, which
  // sees a file the first time it is loaded only. So a chunk heard loading at its first use was not loaded before.
  it('ships the chunks meant for first use', () => {
    const chunks = fs.readdirSync(path.join(ext.extensionPath, 'dist', 'chunks'));
    for (const n of ['handlers', 'tools', 'taskPages', 'changes', 'installationsView', 'api', 'sandbox', 'nodeFetch'])
      assert.ok(
        chunks.some(f => f.startsWith(`${n}-`) && f.endsWith('.mjs')),
        `dist/chunks/${n}-….mjs ships`,
      );
  });

  it("runs a command of the handlers loaded on first use (commands/handlers.ts's chunk ships and loads then)", async () => {
    const loaded: string[] = [];
    type Next = (url: string, context: unknown) => unknown;
    const hooks = (
      nodeModule as unknown as {
        registerHooks(h: { load(url: string, context: unknown, next: Next): unknown }): { deregister(): void };
      }
    ).registerHooks({
      load: (url, context, next) => {
        loaded.push(url);
        return next(url, context);
      },
    });
    try {
      // My Tasks grouped by repository and back: a command that asks nothing and changes only the view's grouping.
      await vscode.commands.executeCommand('agentTasks.myTasks.groupByRepository');
      await vscode.commands.executeCommand('agentTasks.myTasks.groupByRepository.on');
    } finally {
      hooks.deregister();
    }
    const handlers = loaded.filter(u => /\/dist\/chunks\/handlers-[\w]+\.mjs$/.test(u));
    assert.equal(handlers.length, 1, `loaded by the first command, not before: ${loaded.join(', ')}`);
  });
});
