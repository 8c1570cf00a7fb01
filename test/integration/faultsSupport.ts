// Helpers of the fault and prompt integration tests: the extension pointed at a fault-injecting proxy in front of the
// sandbox, with a quick poll, and probes of what the user sees.
import * as vscode from 'vscode';
import { COMMANDS, VIEWS } from '../../src/ids';
import type { AgentTasksTestApi } from '../../src/testing/testApi';
import { FaultProxy } from '../support/faultProxy';
import { DEMO_TOKENS, demoWorld, extensionApi, SANDBOX, sandboxPost, waitFor } from './tasksSupport';

export const LIST = /^\/agents\/repos\/acme\/rocket\/tasks\?/;
export const STARTS = /^\/agents\/repos\/acme\/rocket\/tasks$/;

export interface FaultRig {
  api: AgentTasksTestApi;
  proxy: FaultProxy;
  restore(): Promise<void>;
}

/** The demo world, the extension on a fresh proxy with mona's token and a 2 s poll while tasks run. */
export async function faultRig(): Promise<FaultRig> {
  await sandboxPost('/_sandbox/reset', demoWorld());
  const proxy = await FaultProxy.start(SANDBOX);
  const config = vscode.workspace.getConfiguration('agentTasks');
  const G = vscode.ConfigurationTarget.Global;
  await config.update('poll.activeIntervalSeconds', 2, G);
  await config.update('poll.idleIntervalSeconds', 5, G);
  await config.update('serviceUrl', proxy.url, G);
  const api = await extensionApi();
  // Tokens are kept per service address: the proxy is a new one.
  await vscode.commands.executeCommand(COMMANDS.setToken, 'fine_grained', DEMO_TOKENS.fineGrained);
  await vscode.commands.executeCommand(`${VIEWS.repoTasks}.focus`);
  await vscode.commands.executeCommand(`${VIEWS.myTasks}.focus`);
  await waitFor(() => api.repository() === 'acme/rocket', 'the demo repository behind the proxy', 20_000);
  await api.refresh();
  await waitFor(async () => healthy(api), 'tasks through the proxy', 20_000);
  return {
    api,
    proxy,
    async restore() {
      proxy.clearFaults();
      await vscode.commands.executeCommand(COMMANDS.signOut, 'fine_grained');
      await config.update('serviceUrl', SANDBOX, G);
      await config.update('poll.activeIntervalSeconds', undefined, G);
      await config.update('poll.idleIntervalSeconds', undefined, G);
      await proxy.close();
    },
  };
}

export async function taskCount(api: AgentTasksTestApi): Promise<number> {
  return (await api.treeItems('repoTasks')).filter(i => i.kind === 'task').length;
}

/** The line a view shows when its list is not up to date, if any. */
export async function problemLine(api: AgentTasksTestApi): Promise<{ label: string; tooltip?: string } | undefined> {
  return (await api.treeItems('repoTasks')).find(i => i.kind === 'message' && /not up to date/i.test(i.label));
}

/** Tasks shown, no problem line, and the service known to be reachable. */
export async function healthy(api: AgentTasksTestApi): Promise<boolean> {
  return (
    api.context()['agentTasks.reachable'] === 'yes' &&
    (await taskCount(api)) > 0 &&
    (await problemLine(api)) === undefined
  );
}

/**
 * The polls of the repository's list answered `status` since `since`, as the client saw them: a poll starts with a
 * first attempt, and the client's retries within it follow.
 */
export function listPolls(
  api: AgentTasksTestApi,
  since: number,
  status: number,
): Array<{ start: number; end: number; attempts: number }> {
  const polls: Array<{ start: number; end: number; attempts: number }> = [];
  for (const r of api.responses().filter(x => x.at >= since && x.status === status && LIST.test(x.path))) {
    if (r.attempt === 1 || !polls.length) polls.push({ start: r.at, end: r.at, attempts: 1 });
    else Object.assign(polls[polls.length - 1], { end: r.at, attempts: polls[polls.length - 1].attempts + 1 });
  }
  return polls;
}

/**
 * The poller's waits between consecutive polls, in order: from the start of one poll to the start of the next (each
 * poll's first answer), which is what the poller's delay measures (it counts from a tick's start). The end of a poll
 * says nothing of it: a tick reads its lists and then the sessions of expanded tasks, with the client's own retries,
 * for as long as that takes.
 */
export function waitsBetween(polls: Array<{ start: number }>): number[] {
  return polls.slice(1).map((p, i) => p.start - polls[i].start);
}

/** Requests to the sandbox's start route as the sandbox counted them. */
export async function startsAtSandbox(): Promise<number> {
  const s = (await (await fetch(`${SANDBOX}/_sandbox/stats`)).json()) as { by_route: Record<string, number> };
  return s.by_route['POST /agents/repos/{owner}/{repo}/tasks'] ?? 0;
}

/** How many tasks of acme/rocket the sandbox holds whose name or session carries `prompt`. */
export async function tasksWithPrompt(prompt: string): Promise<number> {
  const auth = { authorization: `Bearer ${DEMO_TOKENS.fineGrained}` };
  const { tasks } = (await (
    await fetch(`${SANDBOX}/agents/repos/acme/rocket/tasks?per_page=100&sort=created_at`, { headers: auth })
  ).json()) as { tasks: Array<{ id: string; name: string }> };
  let n = 0;
  for (const t of tasks) {
    const full = (await (await fetch(`${SANDBOX}/agents/tasks/${t.id}`, { headers: auth })).json()) as {
      sessions?: Array<{ prompt: string }>;
    };
    if ((full.sessions ?? []).some(s => s.prompt === prompt) || t.name === prompt) n++;
  }
  return n;
}
