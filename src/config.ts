import * as vscode from 'vscode';
import { SETTINGS_SECTION } from './ids';

/** Every setting, read through one typed accessor. Secrets are never settings. */
export interface Settings {
  /** The service address; empty means "not configured" (the built-in sandbox is offered). */
  serviceUrl: string;
  /** Poll interval while any task is queued or running. */
  activePollSeconds: number;
  /** Poll interval when every task is finished. */
  idlePollSeconds: number;
  notifications: boolean;
  defaultModel: string;
  defaultCreatePullRequest: boolean;
  showArchived: boolean;
  /** Whether chat may use the language-model tools (start, list, get tasks). */
  chatTools: boolean;
}

let kept: Readonly<Settings> | undefined;

/**
 * The settings as they are now. A draw of a view reads them many times over (each list, the repository, the service)
 * and VS Code copies the configuration at every read, so they are read once per turn of the event loop: kept until
 * the microtasks of this turn have run. A change of a setting reaches the extension as a turn of its own, so no read
 * after it sees the old values, whatever order its listeners run in.
 */
export function readSettings(): Readonly<Settings> {
  if (kept) return kept;
  kept = Object.freeze(read());
  queueMicrotask(() => (kept = undefined));
  return kept;
}

function read(): Settings {
  const c = vscode.workspace.getConfiguration(SETTINGS_SECTION);
  return {
    serviceUrl: c.get<string>('serviceUrl', '').trim(),
    activePollSeconds: clamp(c.get<number>('poll.activeIntervalSeconds', 10), 2, 3600),
    idlePollSeconds: clamp(c.get<number>('poll.idleIntervalSeconds', 60), 5, 3600),
    notifications: c.get<boolean>('notifications.enabled', true),
    defaultModel: c.get<string>('defaultModel', ''),
    defaultCreatePullRequest: c.get<boolean>('defaultCreatePullRequest', true),
    showArchived: c.get<boolean>('showArchived', false),
    chatTools: c.get<boolean>('chat.tools.enabled', true),
  };
}

/** Fires when any setting of ours changes. */
export function onDidChangeSettings(listener: () => void): vscode.Disposable {
  return vscode.workspace.onDidChangeConfiguration(e => {
    if (e.affectsConfiguration(SETTINGS_SECTION)) listener();
  });
}

function clamp(n: number, lo: number, hi: number): number {
  return Number.isFinite(n) ? Math.min(hi, Math.max(lo, n)) : lo;
}
