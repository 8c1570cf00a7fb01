import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { COMMANDS } from '../../src/ids';
import { demoWorld, freshStart, sandboxPost, waitFor } from './tasksSupport';

describe('status bar', () => {
  // The first start of a window (git scan, views) can be slow; later ones are not.
  before(async function () {
    this.timeout(90_000);
    await freshStart();
  });

  it('counts running tasks as they advance, with a spinner while any runs', async () => {
    const api = await freshStart();
    // Queued 04, running 03 in acme/rocket, running dotfiles-02 in My Tasks.
    await waitFor(() => /3 tasks running/.test(api.statusBar().text), 'three running tasks', 5000).catch(() => undefined);
    let text = api.statusBar().text;
    assert.match(text, /\$\(sync~spin\) \d+ tasks? running/);
    const first = Number(/(\d+) tasks? running/.exec(text)![1]);
    assert.ok(first >= 2, text);
    await sandboxPost('/_sandbox/advance'); // queued → running, running → finished
    await api.refresh();
    text = api.statusBar().text;
    const second = Number(/(\d+) tasks? running/.exec(text)?.[1] ?? 0);
    assert.ok(second < first, `${first} then ${second}: ${text}`);
    await sandboxPost('/_sandbox/advance');
    await api.refresh();
    assert.match(api.statusBar().text, /No tasks running/);
    assert.doesNotMatch(api.statusBar().text, /sync~spin/);
    assert.match(api.statusBar().tooltip, /No task is queued or running/);
    // mona's tasks that finished were announced; lee's were not, and nothing while merely running.
    const told = api.notifications().join('\n');
    assert.match(told, /Fix the flaky countdown test|countdown/);
    assert.doesNotMatch(told, /toolchain/);
  });

  it('shows a new task at once and names it in the tooltip', async () => {
    const w = demoWorld();
    w.tasks = (w.tasks ?? []).filter(t => t.state !== 'queued' && t.state !== 'in_progress');
    const api = await freshStart(w);
    assert.match(api.statusBar().text, /No tasks running/);
    const result = (await vscode.commands.executeCommand(COMMANDS.startTask, { prompt: 'Tidy the README', interactive: false })) as { ok: boolean };
    assert.equal(result?.ok, true);
    assert.match(api.statusBar().text, /1 task running/);
    assert.match(api.statusBar().tooltip, /Tidy the README|Queued/);
  });

  it('follows a running task by itself, at the quick pace, without a manual refresh', async function () {
    this.timeout(30_000);
    const config = vscode.workspace.getConfiguration('agentTasks');
    await config.update('poll.activeIntervalSeconds', 2, vscode.ConfigurationTarget.Global);
    try {
      const w = demoWorld();
      w.tasks = (w.tasks ?? []).filter(t => t.state !== 'queued' && t.state !== 'in_progress');
      const api = await freshStart(w);
      await vscode.commands.executeCommand(COMMANDS.startTask, { prompt: 'Watch me finish', interactive: false });
      assert.match(api.statusBar().text, /1 task running/);
      await waitFor(() => api.pollMode() === 'quick', 'the quick pace');
      await sandboxPost('/_sandbox/advance');
      await sandboxPost('/_sandbox/advance');
      await waitFor(() => /No tasks running/.test(api.statusBar().text), 'the poller to see the task finish', 15_000);
      await waitFor(() => api.notifications().some(n => /Watch me finish/.test(n)), 'the finish notification', 5_000);
      await waitFor(() => api.pollMode() === 'slow', 'the slow pace once all finished');
    } finally {
      await config.update('poll.activeIntervalSeconds', undefined, vscode.ConfigurationTarget.Global);
    }
  });
});
