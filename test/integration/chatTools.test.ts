// The chat tools called the way chat calls them, through vscode.lm.invokeTool, against the sandbox.
//
// The confirmation: outside a chat request VS Code asks through its DialogService after `prepareInvocation`, and in an
// extension test host that service does not show the dialog but answers "confirmed" itself (it skips dialogs when
// tests run). So these tests read the question our tool put to VS Code (recorded by the test API as VS Code received
// it) and check what was shown before the start went out; the real dialog, answered with a click, is in the UI run.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { CHAT_TOOLS, COMMANDS, EXTENSION_ID } from '../../src/ids';
import { forMarkdown } from '../../src/safety/serviceText';
import { invokeText } from './chatSupport';
import {
  byId,
  DEMO_TOKENS,
  freshStart,
  messagesFrom,
  SANDBOX,
  sandboxPost,
  sandboxStats,
  waitFor,
} from './tasksSupport';

const POST_TASKS = 'POST /agents/repos/{owner}/{repo}/tasks';
const posts = async () => (await sandboxStats()).by_route[POST_TASKS] ?? 0;

type SandboxSession = { prompt: string; head_ref: string; base_ref: string };
async function fromSandbox(
  id: string,
): Promise<{ sessions: SandboxSession[]; artifacts: Array<{ data: { id: number } }> }> {
  const r = await fetch(`${SANDBOX}/agents/tasks/${id}`, {
    headers: { authorization: `Bearer ${DEMO_TOKENS.fineGrained}` },
  });
  return (await r.json()) as never;
}

describe('chat tools', () => {
  before(async function () {
    this.timeout(90_000);
    await freshStart();
  });
  afterEach(async () => {
    await vscode.commands.executeCommand(COMMANDS.discardDraft);
    await vscode.commands.executeCommand(COMMANDS.setToken, 'fine_grained', DEMO_TOKENS.fineGrained);
  });

  it('are registered and declared with their references, schemas and the setting that hides them', () => {
    const tools = vscode.lm.tools.filter(t => t.name.startsWith('agentTasks_'));
    assert.deepEqual(tools.map(t => t.name).sort(), Object.values(CHAT_TOOLS).sort());
    const start = tools.find(t => t.name === CHAT_TOOLS.startTask);
    assert.deepEqual((start?.inputSchema as { required?: string[] }).required, ['prompt']);
    const declared = (
      vscode.extensions.getExtension(EXTENSION_ID)!.packageJSON as {
        contributes: { languageModelTools: Array<Record<string, unknown>> };
      }
    ).contributes.languageModelTools;
    for (const t of declared) {
      assert.equal(t.canBeReferencedInPrompt, true, String(t.name));
      assert.match(String(t.toolReferenceName), /^[\w-]+$/);
      assert.equal(t.when, 'config.agentTasks.chat.tools.enabled');
    }
  });

  it("list: the repository's tasks, one line each, filtered by state and bounded", async () => {
    await freshStart();
    const all = await invokeText(CHAT_TOOLS.listTasks, { limit: 50 });
    assert.match(all, /^Tasks in acme\/rocket, most recently updated first\./);
    assert.match(all, /- “Fix the flaky countdown test” \[in_progress\], id demo-rocket-03, acme\/rocket, updated /);
    assert.doesNotMatch(all, /[{}]/, 'no JSON');
    const running = await invokeText(CHAT_TOOLS.listTasks, { states: ['in_progress'] });
    const ids = running
      .split('\n')
      .filter(l => l.startsWith('- '))
      .map(l => /id (\S+),/.exec(l)?.[1]);
    assert.deepEqual(ids, ['demo-rocket-03'], running);
    const two = await invokeText(CHAT_TOOLS.listTasks, { limit: 2 });
    assert.equal(two.split('\n').filter(l => l.startsWith('- ')).length, 2);
    assert.match(two, /the first 2; there may be more/);
  });

  it("list mine: the user's tasks across repositories, named owner/name", async () => {
    await freshStart();
    const mine = await invokeText(CHAT_TOOLS.listTasks, { scope: 'mine', limit: 50 });
    assert.match(mine, /^Your tasks across repositories/);
    assert.match(mine, /“Move the vim config to lua” \[in_progress\], id demo-dotfiles-02, mona\/dotfiles,/);
    assert.doesNotMatch(mine, /id demo-rocket-02,/, "lee's task is not mona's");
  });

  it('get: one task with its sessions and its pull request address', async () => {
    await freshStart();
    const text = await invokeText(CHAT_TOOLS.getTask, { taskId: 'demo-rocket-01' });
    const truth = await fromSandbox('demo-rocket-01');
    const pr = truth.artifacts[0]?.data.id;
    assert.ok(pr, 'the sandbox gave the completed task a pull request');
    assert.match(text, /^Task names, prompts/);
    assert.match(text, /- id demo-rocket-01; state completed; repository acme\/rocket/);
    assert.ok(text.includes(`Sessions (${truth.sessions.length}):`), text);
    assert.ok(text.includes(`branch ${truth.sessions[0].head_ref} onto ${truth.sessions[0].base_ref}`), text);
    assert.ok(text.includes('prompt: “Add retries with backoff to the telemetry uploader”'), text);
    assert.ok(text.includes(`pull request #${pr}: ${SANDBOX}/acme/rocket/pull/${pr}`), text);
    const missing = await invokeText(CHAT_TOOLS.getTask, { taskId: 'no-such-task' });
    assert.match(missing, /^Task no-such-task was not found/);
  });

  it('start: the confirmation shows the repository and the prompt as text, then the starter starts it', async () => {
    const api = await freshStart();
    const told = messagesFrom(api);
    const prompt = 'Add a [changelog](command:agentTasks.signOut) entry for **v2**';
    const before = await posts();
    const text = await invokeText(CHAT_TOOLS.startTask, { prompt, createPullRequest: false });
    const asked = api.preparedToolCalls().at(-1);
    assert.equal(asked?.tool, CHAT_TOOLS.startTask);
    assert.equal(asked?.confirmation?.title, 'Start a cloud agent task?');
    const message = asked?.confirmation?.message ?? '';
    assert.ok(message.includes(`**Repository:** ${forMarkdown('acme/rocket')}`), message);
    assert.ok(message.includes(forMarkdown(prompt)), 'the prompt is Markdown-escaped, so it shows as typed');
    assert.ok(!message.includes('[changelog](command:'), 'no link can form');
    assert.deepEqual(asked?.confirmation?.rendering, { trusted: false, html: false, icons: false });
    assert.match(text, /^Started task “Add a .*” on acme\/rocket: id (\S+), state queued\./);
    assert.equal((await posts()) - before, 1, 'sent once');
    const id = /id (\S+), state/.exec(text)![1];
    assert.ok(byId(await api.treeItems('repoTasks'), id), 'in the tree at once, as a start from the palette');
    assert.ok(
      told().some(t => t.startsWith('Task “') && t.endsWith('started on acme/rocket.')),
      JSON.stringify(told()),
    );
    await sandboxPost('/_sandbox/advance');
    assert.equal((await fromSandbox(id)).sessions[0]?.prompt, prompt, 'the prompt reached the service as typed');
  });

  it("start continuing a task: the agent works on that task's branch", async () => {
    const api = await freshStart();
    const earlier = (await fromSandbox('demo-rocket-01')).sessions[0];
    const text = await invokeText(CHAT_TOOLS.startTask, {
      prompt: 'Also retry on 503',
      continueTaskId: 'demo-rocket-01',
    });
    const message = api.preparedToolCalls().at(-1)?.confirmation?.message ?? '';
    assert.ok(message.includes(`**Works on branch:** ${forMarkdown(earlier.head_ref)}`), message);
    assert.ok(message.includes(`**Base branch:** ${forMarkdown(earlier.base_ref)}`), message);
    assert.match(text, /^Started task .* The agent works on branch /);
    const id = /id (\S+), state/.exec(text)![1];
    await sandboxPost('/_sandbox/advance');
    const s = (await fromSandbox(id)).sessions[0];
    assert.deepEqual([s?.head_ref, s?.base_ref], [earlier.head_ref, earlier.base_ref]);
    const shown = await waitFor(async () => byId(await api.treeItems('repoTasks'), id), 'the new task in the tree');
    assert.match(shown?.description ?? '', /continues “Add retries with backoff/, 'shown as continuing');
    const before = await posts();
    const missing = await invokeText(CHAT_TOOLS.startTask, { prompt: 'x', continueTaskId: 'no-such-task' });
    assert.equal(missing, 'Nothing was started: task no-such-task was not found in acme/rocket.');
    assert.equal(await posts(), before);
  });

  it('a refused start keeps the prompt as a draft and says why', async () => {
    const api = await freshStart();
    await vscode.commands.executeCommand(COMMANDS.setToken, 'fine_grained', DEMO_TOKENS.freePlan);
    const text = await invokeText(CHAT_TOOLS.startTask, { prompt: 'Keep me from chat' });
    assert.match(text, /^The task was not started: Starting a task was refused\..* kept as a draft/);
    assert.equal(api.draft()?.prompt, 'Keep me from chat');
  });
});
