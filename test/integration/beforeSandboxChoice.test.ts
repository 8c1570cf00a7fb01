// Runs before builtinSandbox.test (files run in name order): once a window has chosen the built-in sandbox, nothing
// un-chooses it, and clearing the service address then falls back to the sandbox instead of to no service at all.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { CHAT_TOOLS } from '../../src/ids';
import { invokeText } from './chatSupport';
import { freshStart, SANDBOX, waitFor } from './tasksSupport';

describe('chat tools: refusals with no service', () => {
  after(async () => {
    await vscode.workspace
      .getConfiguration('agentTasks')
      .update('serviceUrl', SANDBOX, vscode.ConfigurationTarget.Global);
  });

  it('no service: each tool says how to set one, and the start asks nothing', async function () {
    this.timeout(90_000);
    const api = await freshStart();
    await vscode.workspace.getConfiguration('agentTasks').update('serviceUrl', '', vscode.ConfigurationTarget.Global);
    await waitFor(() => api.context()['agentTasks.service'] !== 'remote', 'the address to be cleared');
    assert.equal(api.context()['agentTasks.service'], 'none', 'no built-in sandbox chosen before this test');
    const answers = [
      await invokeText(CHAT_TOOLS.listTasks, {}),
      await invokeText(CHAT_TOOLS.getTask, { taskId: 'demo-rocket-01' }),
      await invokeText(CHAT_TOOLS.startTask, { prompt: 'Should not start' }),
    ];
    assert.equal(api.preparedToolCalls().at(-1)?.confirmation, undefined, 'nothing to confirm');
    for (const text of answers)
      assert.match(text, /^No service address is set for Agent Tasks\. Run “Agent Tasks: Set Service Address…”/);
  });
});
