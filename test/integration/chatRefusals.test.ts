// What the chat tools say instead of acting: with no token, no service, no repository, or the setting off. None of
// these asks the user to confirm anything, and none sends a request.
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as vscode from 'vscode';
import { CHAT_TOOLS, COMMANDS } from '../../src/ids';
import { invokeText } from './chatSupport';
import { DEMO_TOKENS, freshStart, SANDBOX, sandboxStats, waitFor } from './tasksSupport';

/** Requests only the tools make (a start, a read by id); the poller's lists may go on meanwhile. */
const toolRequests = async () => {
  const r = (await sandboxStats()).by_route;
  return (r['POST /agents/repos/{owner}/{repo}/tasks'] ?? 0) + (r['GET /agents/tasks/{task_id}'] ?? 0);
};
const config = () => vscode.workspace.getConfiguration('agentTasks');

describe('chat tools: refusals', () => {
  before(async function () {
    this.timeout(90_000);
    await freshStart();
  });
  afterEach(async () => {
    await config().update('chat.tools.enabled', undefined, vscode.ConfigurationTarget.Global);
    await config().update('serviceUrl', SANDBOX, vscode.ConfigurationTarget.Global);
    await vscode.commands.executeCommand(COMMANDS.setToken, 'fine_grained', DEMO_TOKENS.fineGrained);
  });

  /** Each tool's answer, and whether the start asked for a confirmation. */
  async function answers(api: Awaited<ReturnType<typeof freshStart>>) {
    const list = await invokeText(CHAT_TOOLS.listTasks, {});
    const get = await invokeText(CHAT_TOOLS.getTask, { taskId: 'demo-rocket-01' });
    const start = await invokeText(CHAT_TOOLS.startTask, { prompt: 'Should not start' });
    const asked = api.preparedToolCalls().at(-1);
    assert.equal(asked?.tool, CHAT_TOOLS.startTask);
    assert.equal(asked?.confirmation, undefined, 'nothing to confirm when nothing will be sent');
    return { list, get, start };
  }

  it('no token: each tool says to run Set Token, and nothing is sent', async () => {
    const api = await freshStart();
    await vscode.commands.executeCommand(COMMANDS.signOut, 'fine_grained');
    // Signed out, the poller is still: every request counts.
    const before = (await sandboxStats()).total;
    const a = await answers(api);
    for (const text of Object.values(a)) assert.match(text, /Run “Agent Tasks: Set Token…”, then ask again\.$/);
    assert.equal((await sandboxStats()).total, before, 'no request reached the service');
  });

  it('no repository: start and a repository list say to choose one; the user can still list their own', async () => {
    const api = await freshStart();
    const folder = vscode.workspace.workspaceFolders![0].uri.fsPath;
    const remote = execFileSync('git', ['remote', 'get-url', 'origin'], { cwd: folder, encoding: 'utf8' }).trim();
    execFileSync('git', ['remote', 'set-url', 'origin', 'https://elsewhere.example/acme/rocket.git'], { cwd: folder });
    try {
      await waitFor(() => api.repository() === undefined, 'the repository to be gone', 20_000);
      const start = await invokeText(CHAT_TOOLS.startTask, { prompt: 'Should not start' });
      assert.match(start, /No repository of this service was found.* Run “Agent Tasks: Choose Repository…”/);
      const list = await invokeText(CHAT_TOOLS.listTasks, { scope: 'repository' });
      assert.match(list, /Run “Agent Tasks: Choose Repository…”.* list them with scope “mine”\.$/);
      const mine = await invokeText(CHAT_TOOLS.listTasks, {});
      assert.match(mine, /^No repository was found in the workspace, so these are your own tasks\./);
      assert.match(mine, /id demo-dotfiles-02,/);
    } finally {
      execFileSync('git', ['remote', 'set-url', 'origin', remote], { cwd: folder });
      await waitFor(() => api.repository() === 'acme/rocket', 'the repository back', 20_000);
    }
  });

  // The manifest's `when` hides them from chat's tool list; a caller that names them anyway gets this answer.
  it('the setting off: the tools answer that they are off, and act no more', async () => {
    const api = await freshStart();
    await config().update('chat.tools.enabled', false, vscode.ConfigurationTarget.Global);
    const before = await toolRequests();
    const a = await answers(api);
    for (const text of Object.values(a))
      assert.match(text, /^The Agent Tasks tools are turned off by the setting “agentTasks\.chat\.tools\.enabled”/);
    assert.equal(await toolRequests(), before, 'no start and no read reached the service');
  });
});
