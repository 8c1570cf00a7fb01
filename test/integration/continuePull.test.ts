// Continuing a task whose pull request is open: the specification says the agent then commits to that pull request,
// so the continuation's artifact, as the Repository view shows it and as Open Pull Request opens it, is the same
// pull request, not a second one.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { COMMANDS } from '../../src/ids';
import type { AgentTasksTestApi } from '../../src/testing/testApi';
import { byId, DEMO_TOKENS, freshStart, SANDBOX, sandboxPost, SEND, waitFor } from './tasksSupport';

type Pull = { type: string; data: { id: number } };

async function artifactsOf(taskId: string): Promise<{ state: string; artifacts: Pull[] }> {
  const r = await fetch(`${SANDBOX}/agents/repos/acme/rocket/tasks/${taskId}`, {
    headers: { authorization: `Bearer ${DEMO_TOKENS.fineGrained}` },
  });
  assert.equal(r.status, 200, `reading ${taskId}`);
  return (await r.json()) as { state: string; artifacts: Pull[] };
}

describe('continuing a task with an open pull request', () => {
  let api: AgentTasksTestApi;
  afterEach(() => api?.answer(undefined));

  it('the continuation shows the same pull request, and Open Pull Request opens it', async function () {
    this.timeout(60_000);
    api = await freshStart();
    const pull = (await artifactsOf('demo-rocket-01')).artifacts.find(a => a.type === 'pull');
    assert.ok(pull, 'the demo task has a pull request');
    const node = await waitFor(() => api.taskNode('repoTasks', 'demo-rocket-01'), 'the task in Repository');
    api.answer({ input: 'Also retry on 503', pick: SEND });
    const result = await vscode.commands.executeCommand<{ ok: boolean; task?: { id: string } }>(
      COMMANDS.continueTask,
      node,
    );
    assert.equal(result.ok, true, JSON.stringify(result));
    const id = result.task!.id;
    await waitFor(async () => {
      await sandboxPost('/_sandbox/advance');
      return (await artifactsOf(id)).state === 'completed';
    }, 'the continuation to complete');
    assert.deepEqual((await artifactsOf(id)).artifacts, [pull], 'on the service: the same pull request');
    await api.refresh();
    const item = await waitFor(async () => {
      const it = byId(await api.treeItems('repoTasks', 1), id);
      return it?.children?.some(c => c.label.startsWith('Pull request')) && it;
    }, "the continuation's pull request in the tree");
    const pulls = (item ? (item.children ?? []) : []).filter(c => c.label.startsWith('Pull request')).map(c => c.label);
    assert.deepEqual(pulls, [`Pull request #${pull.data.id}`]);
    const before = api.opened().length;
    await vscode.commands.executeCommand(COMMANDS.openPullRequest, api.taskNode('repoTasks', id));
    const opened = await waitFor(() => api.opened()[before], 'an address opened');
    assert.equal(new URL(String(opened)).pathname, `/acme/rocket/pull/${pull.data.id}`);
  });
});
