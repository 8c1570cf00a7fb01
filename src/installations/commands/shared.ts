import * as vscode from 'vscode';
import type { ApiClient, Installation, RepoRef } from '../../api';
import { missingToken, MissingTokenError, TOKEN_FOR, type Operation } from '../../errors/installationErrors';
import type { UserError } from '../../errors/userErrors';
import { COMMANDS, type TokenKind } from '../../ids';
import type { Log } from '../../log';
import { explainSlotProblem, type InstallationsApi, type InstallationsModel } from '../model';
import type { RepoNames } from '../../model/repoNames';
import { forQuickPick } from '../../safety/serviceText';
import { tell, type Ui } from '../../ui';
import { SET_TOKEN, type FailureReport } from '../../shared/registry';

/** What every command of the Installations view works with. */
export interface InstallationsEnv {
  model: InstallationsModel;
  client(kind: TokenKind): Promise<InstallationsApi>;
  forget(kind: TokenKind): Promise<void>;
  ui: Ui;
  log: Log;
  /** The service's address, which decides whether a plain-http page may be opened. */
  serviceUrl(): string;
  /** Whether the service is the built-in sandbox, whose Reset Sandbox brings a revoked demo token back. */
  inSandbox?(): boolean;
  /** Repository names by ID: what the messages say, and what a typed `owner/name` is looked up in. */
  names?: Pick<RepoNames, 'name' | 'idOf' | 'known' | 'learn'>;
  /** The service's repositories among the workspace's remotes, offered first. */
  workspaceRepos?(): readonly RepoRef[];
  /** A client for the task reads, which name a repository's ID when no installation lists it. */
  tasks?(): Promise<Pick<ApiClient, 'listRepositoryTasks'>>;
}

export type OutcomeReason = 'no-token' | 'cancelled' | 'blocked' | 'refused' | 'unknown-target';

/** What a command did, returned to its caller (another command, a script). */
export interface Outcome {
  done: boolean;
  reason?: OutcomeReason;
  status?: number;
  message?: string;
}

/** What one command works with: the view's env, and the one command-error policy bound to that command. */
export interface CommandEnv extends InstallationsEnv {
  /** Explains, logs and shows a failure as every command's failure is (commands/registry.ts); returns the words. */
  fail(err: unknown, report?: FailureReport): UserError;
}

/** What a refused command resolves with: the status and the words the user was shown. */
export function refused(e: UserError): Outcome {
  return { done: false, reason: 'refused', message: e.text, ...(e.status !== undefined ? { status: e.status } : {}) };
}

/** Checks the token the operation sends before anything is sent; says which kind is missing when it is. */
export async function ensureToken(env: CommandEnv, op: Operation): Promise<boolean> {
  if (await env.model.has(TOKEN_FOR[op])) return true;
  env.fail(new MissingTokenError(op));
  return false;
}

/**
 * Like ensureToken, but offers to set the missing token right there (the kind the operation needs, with no question
 * which) and goes on once it is set: true when the token is there now.
 */
export async function ensureTokenOrSet(env: InstallationsEnv, op: Operation): Promise<boolean> {
  const kind = TOKEN_FOR[op];
  if (await env.model.has(kind)) return true;
  const action = `${SET_TOKEN[kind]}…`;
  const e = missingToken(op);
  if (!(await env.ui.confirm(e.text, vscode.l10n.t('Set it now, and this goes on where it stopped.'), action)))
    return false;
  await vscode.commands.executeCommand(COMMANDS.setToken, kind);
  return env.model.has(kind);
}

/** The installations, loaded if the view has not loaded them yet. */
export async function knownInstallations(env: InstallationsEnv): Promise<Installation[]> {
  if (!env.model.installations.value && (await env.model.has('fine_grained'))) await env.model.refreshInstallations();
  return env.model.installations.value ?? [];
}

/** Picks an installation when the command was run without one (from the palette). */
export async function pickInstallation(
  env: InstallationsEnv,
  title: string,
  filter: (i: Installation) => boolean,
): Promise<Installation | undefined> {
  const items = (await knownInstallations(env)).filter(filter).map(i => ({
    label: forQuickPick(i.account.login),
    description: forQuickPick(`${i.app_slug} · ${i.repository_selection}${i.suspended_at ? ' · suspended' : ''}`),
    installation: i,
  }));
  if (!items.length) {
    const problem = env.model.installations.problem;
    tell(env.ui, 'info', problem ? explainSlotProblem(problem).text : vscode.l10n.t('No installation to choose from.'));
    return undefined;
  }
  return (await env.ui.pick(items, { title, placeHolder: vscode.l10n.t('Installation') }))?.installation;
}

/** Reads `{ installationId, repositoryId }` from a tree node or from a plain object given by a caller. */
export function targetOf(arg: unknown): { installationId?: number; repositoryId?: number } {
  if (typeof arg !== 'object' || arg === null) return {};
  const a = arg as { installationId?: unknown; repositoryId?: unknown; kind?: unknown; id?: unknown };
  const fromNode = a.kind === 'installation' && typeof a.id === 'number' ? a.id : undefined;
  const installationId = typeof a.installationId === 'number' ? a.installationId : fromNode;
  const repositoryId = typeof a.repositoryId === 'number' ? a.repositoryId : undefined;
  return {
    ...(installationId !== undefined ? { installationId } : {}),
    ...(repositoryId !== undefined ? { repositoryId } : {}),
  };
}

/** Runs a change with a notification-area progress message. */
export function withNotice<T>(title: string, work: () => Promise<T>): Promise<T> {
  return Promise.resolve(vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title }, work));
}
