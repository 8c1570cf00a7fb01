// Helpers of the task-view integration tests: the extension's test API, the sandbox's control endpoints, waiting.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { COMMANDS, EXTENSION_ID, VIEWS } from '../../src/ids';
import type { Answers } from '../../src/testing/recordingUi';
import type { AgentTasksTestApi, TestTreeItem } from '../../src/testing/testApi';
import { DEMO_TOKENS, demoWorld, type WorldFile } from '../../src/sandbox';

export { DEMO_TOKENS, demoWorld };
export type { TestTreeItem, WorldFile };

export const SANDBOX = process.env.AGENT_TASKS_SANDBOX_URL ?? '';

export async function extensionApi(): Promise<AgentTasksTestApi> {
  const ext = vscode.extensions.getExtension<AgentTasksTestApi | undefined>(EXTENSION_ID);
  assert.ok(ext, `extension ${EXTENSION_ID} is not loaded`);
  const api = await ext.activate();
  assert.ok(api, 'the extension returns its test API in test mode');
  return api;
}

/** The row of a continuation's confirmation (Continue Task, Send to Agent) that sends: Enter on it. */
export const SEND = (items: readonly vscode.QuickPickItem[]) => items.find(i => i.label === '$(send) Send');

/**
 * A user's answers to a start: the prompt box accepted as it opens, then "Start task" on the options list (or Send,
 * on a continuation's).
 */
export const AS_GIVEN: Answers = {
  input: box => box.value ?? '',
  pick: items => items.find(i => /Start task/.test(i.label)) ?? SEND(items),
};

/**
 * Runs a command with its prompts answered as a user who presses Enter at each (`AS_GIVEN`), then hands the
 * questions back to the window (or to `after`).
 */
export async function startAsGiven<T = unknown>(command: string, args?: unknown, after?: Answers): Promise<T> {
  const api = await extensionApi();
  api.answer(AS_GIVEN);
  try {
    return await vscode.commands.executeCommand<T>(command, args);
  } finally {
    api.answer(after);
  }
}

/** The messages shown from now on, as the test API records them. */
export function messagesFrom(api: AgentTasksTestApi): () => string[] {
  const start = api.said().length;
  return () =>
    api
      .said()
      .slice(start)
      .map(s => s.text);
}

export async function sandboxPost(path: string, body?: unknown): Promise<unknown> {
  const r = await fetch(`${SANDBOX}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  const text = await r.text();
  assert.ok(r.status < 300, `${path}: ${r.status} ${text}`);
  return text ? JSON.parse(text) : undefined;
}

export async function sandboxStats(): Promise<{
  total: number;
  not_modified: number;
  by_route: Record<string, number>;
  by_status: Record<string, number>;
}> {
  return (await fetch(`${SANDBOX}/_sandbox/stats`)).json() as never;
}

/** The sandbox with the demo world (or another), the extension on it with mona's token, both task views open. */
export async function freshStart(world?: WorldFile): Promise<AgentTasksTestApi> {
  assert.ok(SANDBOX, 'AGENT_TASKS_SANDBOX_URL is not set');
  await sandboxPost('/_sandbox/reset', world ?? demoWorld());
  const config = vscode.workspace.getConfiguration('agentTasks');
  if (config.get<string>('serviceUrl') !== SANDBOX)
    await config.update('serviceUrl', SANDBOX, vscode.ConfigurationTarget.Global);
  const api = await extensionApi();
  await vscode.commands.executeCommand(COMMANDS.setToken, 'fine_grained', DEMO_TOKENS.fineGrained);
  await vscode.commands.executeCommand(`${VIEWS.repoTasks}.focus`);
  await vscode.commands.executeCommand(`${VIEWS.myTasks}.focus`);
  await waitFor(() => api.repository() === 'acme/rocket', 'the demo repository to be detected from the git remote');
  await sandboxPost('/_sandbox/stats/reset');
  await api.refresh();
  return api;
}

export async function waitFor<T>(probe: () => T | Promise<T>, what: string, timeoutMs = 10_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  let last: T | undefined;
  while (Date.now() < end) {
    last = await probe();
    if (last) return last;
    await new Promise(r => setTimeout(r, 50));
  }
  assert.fail(`timed out waiting for ${what} (last: ${JSON.stringify(last)})`);
}

export function byId(items: TestTreeItem[], taskId: string): TestTreeItem | undefined {
  return items.find(i => i.kind === 'task' && i.id?.endsWith(`/${taskId}`));
}
