// A task's running state is seen by the extension's own polls at its default settings (every 10 s while tasks run;
// every couple of seconds right after a start and while a task is queued), with no Refresh. The sandbox's agent is
// held (step 0) and moved on only once the status bar has shown the state before: each state is seen, whatever the
// machine's pace, where a service moving by its own clock could pass a state between two polls on a loaded machine.
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

  it('shows a started task queued, then running, then finished, each seen by its own polls', async function () {
    this.timeout(90_000);
    const w = demoWorld();
    for (const r of w.repositories ?? []) delete r.git;
    for (const t of w.tasks ?? []) delete t.commits; // spelled commits need a repository served with git
    // Nothing else moves: the started task is the only one queued or running.
    w.tasks = (w.tasks ?? []).filter(t => t.state !== 'queued' && t.state !== 'in_progress');
    moving = await startSandbox({ world: w, stepMs: 0 });
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
    const moveOn = async () => {
      const r = await fetch(`${moving!.url}/_sandbox/advance`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
      });
      assert.equal(r.status, 200, 'the sandbox moved its tasks on');
    };
    const started = await startAsGiven<{ ok: boolean }>(COMMANDS.startTask, {
      prompt: 'Show me running',
    });
    assert.equal(started?.ok, true);
    await waitFor(() => note() === '$(clock) 1 queued', 'the started task queued', 30_000);
    await moveOn();
    await waitFor(() => note() === '$(sync~spin) 1 running', 'the task running, seen by a poll', 30_000);
    await moveOn();
    await waitFor(() => note() === '$(checklist) No tasks running', 'the task to finish, seen by a poll', 30_000);
    assert.deepEqual(seen, ['$(clock) 1 queued', '$(sync~spin) 1 running', '$(checklist) No tasks running']);
  });
});
