import * as vscode from 'vscode';
import { COMMANDS, type TokenKind } from '../../ids';
import type { Log } from '../../log';
import type { Access, Installation } from '../api';
import type { Explanation, Operation } from '../explain';
import { missingToken, TOKEN_FOR } from '../explain';
import type { InstallationsModel } from '../model';
import type { Level, Prompt } from '../prompt';
import type { InstallationsProvider, SnapshotNode } from '../provider';

/** What every command of the view needs. */
export interface Feature {
  model: InstallationsModel;
  provider: InstallationsProvider;
  access: Access & { forget(kind: TokenKind): Promise<void> };
  log: Log;
}

export type OutcomeReason = 'no-token' | 'cancelled' | 'blocked' | 'refused' | 'unknown-target';

/** What a command did, returned to its caller; `view` is the tree afterwards, as a user would read it. */
export interface Outcome {
  done: boolean;
  reason?: OutcomeReason;
  status?: number;
  message?: string;
  view: SnapshotNode[];
}

export async function finish(f: Feature, o: Omit<Outcome, 'view'>): Promise<Outcome> {
  return { ...o, view: await f.provider.snapshot() };
}

const KIND_BUTTON: Record<TokenKind, string> = {
  fine_grained: 'Set Fine-grained Token',
  classic: 'Set Classic Token',
  installation: 'Set Installation Token',
};

/** Shows a message, with a button to set the token when that is the way out; does not wait for the user. */
export function tell(f: Feature, ui: Prompt, level: Level, e: Explanation, extra: string[] = [], onExtra?: (choice: string) => void): void {
  const button = e.tokenKind ? KIND_BUTTON[e.tokenKind] : undefined;
  const actions = [...(button ? [button] : []), ...extra];
  void Promise.resolve(ui.notify(level, e.message, actions)).then(choice => {
    if (!choice) return;
    if (choice === button && e.tokenKind) void vscode.commands.executeCommand(COMMANDS.setToken, e.tokenKind);
    else onExtra?.(choice);
  }, err => f.log.warn(`message not shown: ${err instanceof Error ? err.message : String(err)}`));
}

/** Checks the token the operation sends before anything is sent; says which kind is missing when it is. */
export async function ensureToken(f: Feature, ui: Prompt, op: Operation): Promise<boolean> {
  if (await f.access.has(TOKEN_FOR[op])) return true;
  tell(f, ui, 'warning', missingToken(op));
  return false;
}

/** The installations, loaded if the view has not loaded them yet. */
export async function knownInstallations(f: Feature): Promise<Installation[]> {
  if (!f.model.installations.value && (await f.access.has('fine_grained'))) await f.model.refreshInstallations();
  return f.model.installations.value ?? [];
}

/** Picks an installation when the command was run without one (from the palette). */
export async function pickInstallation(f: Feature, ui: Prompt, title: string, filter: (i: Installation) => boolean): Promise<Installation | undefined> {
  const all = await knownInstallations(f);
  const items = all.filter(filter).map(i => ({
    label: i.account.login,
    description: `${i.app_slug} · ${i.repository_selection}${i.suspended_at ? ' · suspended' : ''}`,
    installation: i,
  }));
  if (!items.length) {
    tell(f, ui, 'info', { message: f.model.installations.problem?.message ?? 'No installation to choose from.' });
    return undefined;
  }
  return (await ui.pick(items, { title, placeHolder: 'Installation' }))?.installation;
}

/** Reads `{ installationId, repositoryId }` from a tree node or from a plain object given by a caller. */
export function targetOf(arg: unknown): { installationId?: number; repositoryId?: number } {
  if (typeof arg !== 'object' || arg === null) return {};
  const a = arg as { installationId?: unknown; repositoryId?: unknown; kind?: unknown; id?: unknown };
  const installationId = typeof a.installationId === 'number' ? a.installationId
    : a.kind === 'installation' && typeof a.id === 'number' ? a.id : undefined;
  const repositoryId = typeof a.repositoryId === 'number' ? a.repositoryId : undefined;
  return { ...(installationId !== undefined ? { installationId } : {}), ...(repositoryId !== undefined ? { repositoryId } : {}) };
}

/** Runs a change with a notification-area progress message. */
export function withNotice<T>(title: string, work: () => Promise<T>): Promise<T> {
  return Promise.resolve(vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title }, work));
}
