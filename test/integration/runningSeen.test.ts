// A task's running state is seen: the service moves a task every 4 s by itself (as the demo does) and the extension
// polls at its default settings (every 10 s while tasks run). Right after a start and while a task is queued it
// looks every couple of seconds, so the status bar shows the task running before it shows it finished.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { COMMANDS } from '../../src/ids';
import { startSandbox, type Sandbox } from '../../src/sandbox';
import { DEMO_TOKENS, demoWorld, extensionApi, freshStart, SANDBOX, waitFor, startAsGiven } from './tasksSupport';

const G = vscode.ConfigurationTarget.Global;

describe('states seen as they are', () => {
  let moving: Sandbox | undefined;

  before(async function () {
    this.timeout(90_000);
    await freshStart();
  });

  after(async () => {
    await vscode.workspace.getConfiguration('agentTasks').update('serviceUrl', SANDBOX, G);
    await vscode.commands.executeCommand(COMMANDS.setToken, 'fine_grained', DEMO_TOKENS.fineGrained);
    await moving?.close();
  });

  it('shows a started task queued, then running, then finished, with the service moving it every 4 s', async function () {
    this.timeout(60_000);
    const w = demoWorld();
    for (const r of w.repositories ?? []) delete r.git;
    for (const t of w.tasks ?? []) delete t.commits; // spelled commits need a repository served with git
    // Nothing else moves: the started task is the only one queued or running.
    w.tasks = (w.tasks ?? []).filter(t => t.state !== 'queued' && t.state !== 'in_progress');
    moving = await startSandbox({ world: w, stepMs: 4_000 });
    const config = vscode.workspace.getConfiguration('agentTasks');
    assert.equal(config.get('poll.activeIntervalSeconds'), 10, 'the default pace while tasks run');
    await config.update('serviceUrl', moving.url, G);
    const api = await extensionApi();
    await vscode.commands.executeCommand(COMMANDS.setToken, 'fine_grained', DEMO_TOKENS.fineGrained);
    await waitFor(() => api.repository() === 'acme/rocket', 'the demo repository', 20_000);
    await waitFor(() => api.statusBar().text === '$(checklist) No tasks running', 'the first answer', 20_000);
    const seen: string[] = [];
    const note = () => {
      const t = api.statusBar().text;
      if (seen.at(-1) !== t) seen.push(t);
      return t;
    };
    const started = await startAsGiven<{ ok: boolean }>(COMMANDS.startTask, {
      prompt: 'Show me running',
    });
    assert.equal(started?.ok, true);
    await waitFor(() => note() === '$(checklist) No tasks running', 'the task to finish', 45_000);
    assert.deepEqual(seen, ['$(clock) 1 queued', '$(sync~spin) 1 running', '$(checklist) No tasks running']);
  });
});
