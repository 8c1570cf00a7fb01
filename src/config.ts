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
  /** Whether news goes to the operating system's notifications while the window is in the background, and which. */
  systemNotifications: boolean;
  systemNotificationStates: readonly string[];
  defaultModel: string;
  defaultCreatePullRequest: boolean;
  showArchived: boolean;
  /** Whether chat may use the language-model tools (start, list, get tasks). */
  chatTools: boolean;
  /** How long a request waits for the service's answer. */
  requestTimeoutSeconds: number;
}

let kept: Readonly<Settings> | undefined;
let watched = false;

/**
 * The settings as they are now. Every draw of a view and every poll reads them (the service's address, to find the
 * repository) and VS Code copies the configuration at each read (a millisecond for all of ours), so they are read once
 * and kept until one of them changes (`keepSettings`). Without that watch, only until the microtasks of this turn have
 * run: a change of a setting reaches the extension as a turn of its own.
 */
export function readSettings(): Readonly<Settings> {
  if (kept) return kept;
  kept = Object.freeze(read());
  if (!watched) queueMicrotask(() => (kept = undefined));
  return kept;
}

/**
 * Keeps the settings read until one of ours changes. Called first in `activate`: VS Code tells its listeners in the
 * order they came, so this one forgets the old values before any other listener of ours reads them.
 */
export function keepSettings(): vscode.Disposable {
  watched = true;
  kept = undefined;
  const watch = vscode.workspace.onDidChangeConfiguration(e => {
    if (e.affectsConfiguration(SETTINGS_SECTION)) kept = undefined;
  });
  return {
    dispose: () => {
      watch.dispose();
      watched = false;
      kept = undefined;
    },
  };
}

function read(): Settings {
  const c = vscode.workspace.getConfiguration(SETTINGS_SECTION);
  return {
    serviceUrl: c.get<string>('serviceUrl', '').trim(),
    activePollSeconds: clamp(c.get<number>('poll.activeIntervalSeconds', 10), 2, 3600),
    idlePollSeconds: clamp(c.get<number>('poll.idleIntervalSeconds', 60), 5, 3600),
    notifications: c.get<boolean>('notifications.enabled', true),
    systemNotifications: c.get<boolean>('notifications.system', true),
    systemNotificationStates: stringList(
      c.get<unknown>('notifications.systemStates', ['completed', 'waiting_for_user']),
    ),
    defaultModel: c.get<string>('defaultModel', ''),
    defaultCreatePullRequest: c.get<boolean>('defaultCreatePullRequest', true),
    showArchived: c.get<boolean>('showArchived', false),
    chatTools: c.get<boolean>('chat.tools.enabled', true),
    requestTimeoutSeconds: clamp(c.get<number>('requestTimeoutSeconds', 30), 5, 300),
  };
}

/** Fires when any setting of ours changes. */
export function onDidChangeSettings(listener: () => void): vscode.Disposable {
  return vscode.workspace.onDidChangeConfiguration(e => {
    if (e.affectsConfiguration(SETTINGS_SECTION)) listener();
  });
}

function stringList(value: unknown): readonly string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}

function clamp(n: number, lo: number, hi: number): number {
  return Number.isFinite(n) ? Math.min(hi, Math.max(lo, n)) : lo;
}
