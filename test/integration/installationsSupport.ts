// Helpers of the Installations integration tests: the sandbox over HTTP (the truth, checked independently of the
// extension), tokens through the extension's own command, and a prompt that answers the commands' questions.
import * as assert from 'node:assert/strict';
import type * as vscode from 'vscode';
import { COMMANDS } from '../../src/ids';
import type { TokenKind } from '../../src/ids';
import type { Outcome } from '../../src/installations/commands/shared';
import type { Prompt } from '../../src/installations/prompt';
import type { SnapshotNode } from '../../src/installations/provider';
import { DEMO_TOKENS, demoWorld, type WorldFile } from '../../src/sandbox';

export { DEMO_TOKENS, demoWorld };
export type { Outcome, SnapshotNode, WorldFile };

export const SANDBOX = process.env.AGENT_TASKS_SANDBOX_URL ?? '';
export const REVOKED_CLASSIC = 'sbx_classic_mona_revoked';
export const ROUTES = {
  add: 'PUT /user/installations/{installation_id}/repositories/{repository_id}',
  remove: 'DELETE /user/installations/{installation_id}/repositories/{repository_id}',
  revoke: 'DELETE /installation/token',
} as const;

/** The demo world plus a revoked classic token, changed by `edit`. */
export function world(edit: (w: WorldFile) => void = () => undefined): WorldFile {
  const w = demoWorld();
  w.tokens!.push({ value: REVOKED_CLASSIC, type: 'classic', user: 1001, scopes: ['repo'], revoked: true });
  edit(w);
  return w;
}

export function installationOf(w: WorldFile, id: number) {
  const i = w.installations!.find(x => x.id === id);
  assert.ok(i, `no installation ${id} in the world`);
  return i;
}

export async function resetSandbox(w: WorldFile = world()): Promise<void> {
  const r = await fetch(`${SANDBOX}/_sandbox/reset`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(w) });
  assert.equal(r.status, 200, `reset: ${await r.text()}`);
  await fetch(`${SANDBOX}/_sandbox/stats/reset`, { method: 'POST', headers: { 'content-type': 'application/json' } });
}

export async function sent(route: string): Promise<number> {
  const s = await (await fetch(`${SANDBOX}/_sandbox/stats`)).json() as { by_route: Record<string, number> };
  return s.by_route[route] ?? 0;
}

/** The repositories of an installation as the service has them (B4 with mona's fine-grained token). */
export async function truth(installationId: number): Promise<number[]> {
  const r = await fetch(`${SANDBOX}/user/installations/${installationId}/repositories?per_page=100`, {
    headers: { authorization: `Bearer ${DEMO_TOKENS.fineGrained}` },
  });
  assert.equal(r.status, 200);
  return ((await r.json()) as { repositories: { id: number }[] }).repositories.map(x => x.id).sort((a, b) => a - b);
}

/** Points the extension at the test sandbox, unless the runner's settings already did. */
export async function useSandbox(): Promise<void> {
  const vs = await import('vscode');
  const config = vs.workspace.getConfiguration('agentTasks');
  if (config.get<string>('serviceUrl') !== SANDBOX) await config.update('serviceUrl', SANDBOX, vs.ConfigurationTarget.Global);
}

export async function forgetToken(vs: typeof vscode, kind: TokenKind): Promise<void> {
  await vs.commands.executeCommand(COMMANDS.signOut, kind);
  await new Promise(resolve => setTimeout(resolve, 150));
}

export async function setToken(vs: typeof vscode, kind: TokenKind, value: string): Promise<void> {
  await vs.commands.executeCommand(COMMANDS.setToken, kind, value);
  // Secret storage announces the change a moment later; let the view take it in before the test goes on.
  await new Promise(resolve => setTimeout(resolve, 150));
}

export interface Answers {
  confirm?: boolean;
  pick?: (items: readonly vscode.QuickPickItem[]) => vscode.QuickPickItem | undefined;
  input?: string;
}

/** A prompt that answers as told and records what it was asked and told. */
export function answering(a: Answers = {}) {
  const asked: string[] = [];
  const picks: string[][] = [];
  const placeholders: string[] = [];
  const said: Array<{ level: string; message: string }> = [];
  const prompt: Prompt = {
    confirm: async (message, detail) => {
      asked.push(`${message} ${detail}`);
      return a.confirm ?? true;
    },
    pick: async <T extends vscode.QuickPickItem>(items: readonly T[], options: { title: string; placeHolder: string }) => {
      picks.push(items.map(i => i.label));
      placeholders.push(options.placeHolder);
      return a.pick?.(items) as T | undefined;
    },
    input: async () => a.input,
    notify: async (level, message) => {
      said.push({ level, message });
      return undefined;
    },
  };
  return { options: { prompt }, asked, picks, placeholders, said, told: () => said.map(s => s.message).join('\n') };
}

export function byLabel(label: string) {
  return (items: readonly vscode.QuickPickItem[]) => items.find(i => i.label.includes(label));
}

export function node(view: SnapshotNode[], ...path: string[]): SnapshotNode {
  let level = view;
  let found: SnapshotNode | undefined;
  for (const label of path) {
    found = level.find(n => n.label === label);
    assert.ok(found, `no "${label}" in the view among: ${level.map(n => n.label).join(', ')}`);
    level = found.children ?? [];
  }
  return found!;
}

export function labels(nodes: SnapshotNode[] | undefined): string[] {
  return (nodes ?? []).map(n => n.label);
}
