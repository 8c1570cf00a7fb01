// The task page's buttons and the only messages its webview may send. Pure: no `vscode`.
import type { Session, Task } from '../api';
import { COMMANDS } from '../ids';
import { continuationOf } from '../model/continuation';
import { pullRequests } from '../model/taskLinks';
import * as l10n from '@vscode/l10n';

export interface PageAction {
  /** What the webview sends, `{command: id}`; never a command id or an address. */
  readonly id: string;
  readonly label: string;
  /** The extension's command run with `{task}`, the task the page holds. */
  readonly command: string;
  /** Why the button is disabled for this task, or undefined when it can be used. */
  unavailable(task: Task): string | undefined;
}

const hasText = (v: unknown): boolean => typeof v === 'string' && v.length > 0;
const sessionsOf = (task: Task): unknown[] => (Array.isArray(task.sessions) ? task.sessions : []);

/**
 * The buttons, in the order shown. This list is the page's extension point: a new task action (Continue Task, once
 * its command exists) is one entry here, and the page, the message check and the dispatch follow from it.
 */
export const PAGE_ACTIONS: readonly PageAction[] = [
  {
    id: 'openPullRequest',
    label: l10n.t('Open Pull Request'),
    command: COMMANDS.openPullRequest,
    unavailable: t => (pullRequests(t).length ? undefined : l10n.t('This task has no pull request yet.')),
  },
  {
    id: 'openOnWeb',
    label: l10n.t('Open on the Web'),
    command: COMMANDS.openTaskOnWeb,
    unavailable: t =>
      hasText(t.html_url) ? undefined : l10n.t('The service has given no web address for this task yet.'),
  },
  {
    id: 'checkoutHeadBranch',
    label: l10n.t('Check Out Head Branch'),
    command: COMMANDS.checkoutHeadBranch,
    unavailable: t =>
      sessionsOf(t).some(s => hasText((s as { head_ref?: unknown } | null)?.head_ref))
        ? undefined
        : l10n.t('No session of this task has a head branch yet.'),
  },
  {
    id: 'reviewChanges',
    label: l10n.t('Review Changes'),
    command: COMMANDS.reviewChanges,
    unavailable: t =>
      sessionsOf(t).some(s => hasText((s as { head_ref?: unknown } | null)?.head_ref))
        ? undefined
        : l10n.t('No session of this task has a branch yet.'),
  },
  {
    id: 'continueTask',
    label: l10n.t('Continue Task…'),
    command: COMMANDS.continueTask,
    // The same rule as the command's (the newest session naming a usable head and base); the command says why not.
    unavailable: t =>
      continuationOf({ sessions: sessionsOf(t).filter(s => typeof s === 'object' && s !== null) as Session[] })
        ? undefined
        : l10n.t('No session of this task names a branch to continue on yet.'),
  },
  {
    id: 'sendFeedback',
    label: l10n.t('Send Feedback to Agent…'),
    command: COMMANDS.sendFeedback,
    // Feedback continues the task on its branch: the same rule; the command says when no comment waits.
    unavailable: t =>
      continuationOf({ sessions: sessionsOf(t).filter(s => typeof s === 'object' && s !== null) as Session[] })
        ? undefined
        : l10n.t('No session of this task names a branch to send feedback on yet.'),
  },
];

/**
 * The action a webview message asks for, or undefined for anything else: the message must be a plain object whose
 * only key is `command`, naming an action of the list that is available for the task now.
 */
export function actionOfMessage(
  message: unknown,
  task: Task,
  actions: readonly PageAction[] = PAGE_ACTIONS,
): PageAction | undefined {
  if (typeof message !== 'object' || message === null || Array.isArray(message)) return undefined;
  const keys = Object.keys(message);
  if (keys.length !== 1 || keys[0] !== 'command') return undefined;
  const id = (message as { command: unknown }).command;
  if (typeof id !== 'string') return undefined;
  const action = actions.find(a => a.id === id);
  return action && action.unavailable(task) === undefined ? action : undefined;
}

/**
 * The changed file a webview message asks to open, or undefined: exactly `{command: 'openChange', file: <n>}`, `n` a
 * place in `files` (the paths the page listed when it was drawn).
 */
export function fileOfMessage(message: unknown, files: readonly string[]): string | undefined {
  if (typeof message !== 'object' || message === null || Array.isArray(message)) return undefined;
  const m = message as Record<string, unknown>;
  const keys = Object.keys(m);
  if (keys.length !== 2 || m.command !== 'openChange' || !('file' in m)) return undefined;
  const i = m.file;
  return typeof i === 'number' && Number.isInteger(i) && i >= 0 && i < files.length ? files[i] : undefined;
}
