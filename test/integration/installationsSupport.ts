// Helpers of the Installations integration tests: the sandbox over HTTP (the truth, checked independently of the
// extension), tokens through the extension's own command, and a prompt that answers the commands' questions.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { Outcome } from '../../src/installations/commands/shared';
import { COMMANDS, INSTALLATION_COMMANDS } from '../../src/ids';
import type { TokenKind } from '../../src/ids';
import { DEMO_TOKENS, demoWorld, type WorldFile } from '../../src/sandbox';
import type { Answers } from '../../src/testing/recordingUi';
import type { AgentTasksTestApi, TestTreeItem } from '../../src/testing/testApi';
import { extensionApi } from './tasksSupport';

export { DEMO_TOKENS, demoWorld };
export type { Outcome, WorldFile };

/** A line of the Installations view as a user reads it. */
export interface ViewNode {
  label: string;
  description: string;
  contextValue: string;
  tooltip: string;
  children?: ViewNode[];
}

export const SANDBOX = process.env.AGENT_TASKS_SANDBOX_URL ?? '';
export const REVOKED_CLASSIC = 'sbx_classic_mona_revoked';
export const ROUTES = {
  add: 'PUT /user/installations/{installation_id}/repositories/{repository_id}',
  remove: 'DELETE /user/installations/{installation_id}/repositories/{repository_id}',
  revoke: 'DELETE /installation/token',
  byName: 'GET /repos/{owner}/{repo}',
} as const;

/** The demo world plus a revoked classic token, changed by `edit`. */
export function world(edit: (w: WorldFile) => void = () => undefined): WorldFile {
  const w = demoWorld();
  w.tokens.push({ value: REVOKED_CLASSIC, type: 'classic', user: 1001, scopes: ['repo'], revoked: true });
  edit(w);
  return w;
}

export function installationOf(w: WorldFile, id: number) {
  const i = w.installations!.find(x => x.id === id);
  assert.ok(i, `no installation ${id} in the world`);
  return i;
}

export async function resetSandbox(w: WorldFile = world()): Promise<void> {
  const r = await fetch(`${SANDBOX}/_sandbox/reset`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(w),
  });
  assert.equal(r.status, 200, `reset: ${await r.text()}`);
  await fetch(`${SANDBOX}/_sandbox/stats/reset`, { method: 'POST', headers: { 'content-type': 'application/json' } });
}

export async function sent(route: string): Promise<number> {
  const s = (await (await fetch(`${SANDBOX}/_sandbox/stats`)).json()) as { by_route: Record<string, number> };
  return s.by_route[route] ?? 0;
}

/** The repositories of an installation as the service has them (the installation's list, read with mona's fine-grained token). */
export async function truth(installationId: number): Promise<number[]> {
  const r = await fetch(`${SANDBOX}/user/installations/${installationId}/repositories?per_page=100`, {
    headers: { authorization: `Bearer ${DEMO_TOKENS.fineGrained}` },
  });
  assert.equal(r.status, 200);
  return ((await r.json()) as { repositories: { id: number }[] }).repositories.map(x => x.id).sort((a, b) => a - b);
}

/** Points the extension at the test sandbox, unless the runner's settings already did. */
export async function useSandbox(): Promise<void> {
  const config = vscode.workspace.getConfiguration('agentTasks');
  if (config.get<string>('serviceUrl') !== SANDBOX)
    await config.update('serviceUrl', SANDBOX, vscode.ConfigurationTarget.Global);
}

// The token store announces a change once it is stored, so the view has taken it in when the command returns.
export async function forgetToken(kind: TokenKind): Promise<void> {
  await vscode.commands.executeCommand(COMMANDS.signOut, kind);
}

export async function setToken(kind: TokenKind, value: string): Promise<void> {
  await vscode.commands.executeCommand(COMMANDS.setToken, kind, value);
}

/** Runs a command of the view and resolves with its outcome. */
export function run(command: string, ...args: unknown[]): Thenable<Outcome> {
  return vscode.commands.executeCommand<Outcome>(command, ...args);
}

/**
 * From now on the extension's questions are answered as told (confirmations: yes unless told otherwise; picks and
 * inputs: dismissed unless told); returns what it asks and says from now on.
 */
export function answering(api: AgentTasksTestApi, a: Answers = {}) {
  api.answer(a);
  const asked = api.asked().length;
  const said = api.said().length;
  const questions = () => api.asked().slice(asked);
  const picks = () => questions().flatMap(q => (q.kind === 'pick' ? [q] : []));
  return {
    confirmations: () => questions().flatMap(q => (q.kind === 'confirm' ? [q.text] : [])),
    picks: () => picks().map(q => q.labels),
    placeholders: () => picks().map(q => q.placeHolder),
    told: () =>
      api
        .said()
        .slice(said)
        .map(s => s.text)
        .join('\n'),
  };
}

export function byLabel(label: string) {
  return (items: readonly vscode.QuickPickItem[]) => items.find(i => i.label.includes(label));
}

/** The Installations view, two levels deep, as a user reads it. */
export async function view(api: AgentTasksTestApi): Promise<ViewNode[]> {
  const plain = (i: TestTreeItem): ViewNode => ({
    label: i.label,
    description: i.description ?? '',
    contextValue: i.contextValue ?? '',
    tooltip: i.tooltip ?? '',
    ...(i.children ? { children: i.children.map(plain) } : {}),
  });
  return (await api.treeItems('installations', 2)).map(plain);
}

async function refreshed(api: AgentTasksTestApi): Promise<ViewNode[]> {
  await vscode.commands.executeCommand(INSTALLATION_COMMANDS.refresh, { deep: true });
  return view(api);
}

export function node(view: ViewNode[], ...path: string[]): ViewNode {
  let level = view;
  let found: ViewNode | undefined;
  for (const label of path) {
    found = level.find(n => n.label === label);
    assert.ok(found, `no "${label}" in the view among: ${level.map(n => n.label).join(', ')}`);
    level = found.children ?? [];
  }
  return found!;
}

export function labels(nodes: ViewNode[] | undefined): string[] {
  return (nodes ?? []).map(n => n.label);
}

export interface Suite {
  /** The extension's test API, once the suite's `before` ran. */
  api(): AgentTasksTestApi;
  /** Refreshes the view with every installation's repositories loaded, and returns it. */
  refresh(): Promise<ViewNode[]>;
}

/**
 * A suite of the Installations view: the extension on the test sandbox with mona's fine-grained token; afterwards
 * the questions go back to the window and the sandbox to the world it started with, which the suites that follow expect.
 */
export function describeInstallations(title: string, body: (suite: Suite) => void): void {
  describe(title, function () {
    this.timeout(30_000);
    let api: AgentTasksTestApi | undefined;
    const suite: Suite = {
      api: () => api ?? assert.fail('the suite has not started'),
      refresh: () => refreshed(suite.api()),
    };
    before(async () => {
      api = await extensionApi();
      await useSandbox();
      await resetSandbox();
      await setToken('fine_grained', DEMO_TOKENS.fineGrained);
    });
    after(async () => {
      api?.answer(undefined);
      await fetch(`${SANDBOX}/_sandbox/reset`, { method: 'POST', headers: { 'content-type': 'application/json' } });
    });
    body(suite);
  });
}
