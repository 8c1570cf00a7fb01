import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { COMMANDS } from '../../src/ids';
import { demoWorld, freshStart, messagesFrom, sandboxPost, waitFor, startAsGiven } from './tasksSupport';

/** The demo world without running tasks, so that a started one is the only one. */
function quietWorld() {
  const w = demoWorld();
  w.tasks = (w.tasks ?? []).filter(t => t.state !== 'queued' && t.state !== 'in_progress');
  return w;
}

describe('status bar', () => {
  // The first start of a window (git scan, views) can be slow; later ones are not.
  before(async function () {
    this.timeout(90_000);
    await freshStart();
  });

  it("counts queued and running tasks apart as they advance, with a spinner while any runs, and announces only the user's", async () => {
    // Running: mona's 03 and dotfiles-02, and lee's 05, which will fail; queued: mona's 04.
    const w = demoWorld();
    w.tasks!.find(t => t.id === 'demo-rocket-05')!.state = 'in_progress';
    const api = await freshStart(w);
    const told = messagesFrom(api);
    await waitFor(() => api.statusBar().text === '$(sync~spin) 1 queued · 3 running', 'one queued, three running');
    assert.match(api.statusBar().tooltip, /- Queued: Bump the protobuf dependency and regenerate stubs\n/);
    assert.match(api.statusBar().tooltip, /- Running: Fix the flaky countdown test\n/);
    await sandboxPost('/_sandbox/advance'); // queued → running, running → finished
    await api.refresh();
    assert.equal(api.statusBar().text, '$(sync~spin) 1 running');
    await sandboxPost('/_sandbox/advance');
    await api.refresh();
    assert.equal(api.statusBar().text, '$(checklist) No tasks running');
    assert.match(api.statusBar().tooltip, /No task is queued or running/);
    const shown = told();
    for (const name of [
      'Fix the flaky countdown test',
      'Move the vim config to lua',
      'Bump the protobuf dependency and regenerate stubs',
    ]) {
      assert.ok(shown.includes(`Task “${name}” finished.`), `“${name}” announced: ${JSON.stringify(shown)}`);
    }
    assert.ok(!shown.some(t => /toolchain/.test(t)), `lee's failed task is not announced: ${JSON.stringify(shown)}`);
  });

  it('badges the views so that the container, which adds them up, counts each running task once', async () => {
    // Running: mona's 03 (acme/rocket) and dotfiles-02 (hers elsewhere), lee's 05 (acme/rocket); queued: her 04.
    // 03 is in both views: VS Code adds the views' number badges up for the Agent Tasks activity-bar badge.
    const w = demoWorld();
    w.tasks!.find(t => t.id === 'demo-rocket-05')!.state = 'in_progress';
    const api = await freshStart(w);
    await waitFor(() => api.badges().repoTasks === 2, 'the Repository badge');
    assert.deepEqual(api.badges(), { repoTasks: 2, myTasks: 1 }, 'My Tasks counts only what Repository does not');
    const total = () => (api.badges().repoTasks ?? 0) + (api.badges().myTasks ?? 0);
    assert.equal(api.statusBar().text, '$(sync~spin) 1 queued · 3 running');
    assert.equal(total(), 3, 'the sum is the number running, as the status bar says');
    await sandboxPost('/_sandbox/advance'); // 04 starts running; the others finish
    await api.refresh();
    assert.equal(api.statusBar().text, '$(sync~spin) 1 running');
    assert.deepEqual(api.badges(), { repoTasks: 1, myTasks: undefined }, 'a task in both views counted once');
    await sandboxPost('/_sandbox/advance');
    await api.refresh();
    assert.deepEqual(api.badges(), { repoTasks: undefined, myTasks: undefined });
  });

  it('shows a new task at once as queued and names it in the tooltip', async () => {
    const api = await freshStart(quietWorld());
    assert.equal(api.statusBar().text, '$(checklist) No tasks running');
    const result = await startAsGiven<{ ok: boolean }>(COMMANDS.startTask, {
      prompt: 'Tidy the README',
    });
    assert.equal(result?.ok, true);
    assert.equal(api.statusBar().text, '$(clock) 1 queued');
    assert.match(api.statusBar().tooltip, /- Queued: Tidy the README\n/);
  });

  it('follows a running task by itself, at the quick pace, without a manual refresh', async function () {
    this.timeout(30_000);
    const config = vscode.workspace.getConfiguration('agentTasks');
    await config.update('poll.activeIntervalSeconds', 2, vscode.ConfigurationTarget.Global);
    try {
      const api = await freshStart(quietWorld());
      const told = messagesFrom(api);
      await startAsGiven(COMMANDS.startTask, { prompt: 'Watch me finish' });
      assert.equal(api.statusBar().text, '$(clock) 1 queued');
      await waitFor(() => ['brisk', 'quick'].includes(api.pollMode()), 'the brisk or quick pace');
      await sandboxPost('/_sandbox/advance');
      await sandboxPost('/_sandbox/advance');
      await waitFor(
        () => api.statusBar().text === '$(checklist) No tasks running',
        'the poller to see the task finish',
        15_000,
      );
      await waitFor(() => told().includes('Task “Watch me finish” finished.'), 'the finish notification', 5_000);
      await waitFor(() => api.pollMode() === 'slow', 'the slow pace once all finished');
    } finally {
      await config.update('poll.activeIntervalSeconds', undefined, vscode.ConfigurationTarget.Global);
    }
  });
});
