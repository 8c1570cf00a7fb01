// The task page as one HTML document, built from a task as the service sent it. Pure: no `vscode`, so it is tested
// in plain Node with hostile data. Service text enters only through escapeHtml; the page has no links, no remote
// content and no inline script or style: its one script and one style sheet come from media/, allowed by nonce.
import type { Task } from '../api';
import { forHtml, plainName } from '../safety/serviceText';
import { asText } from '../shared/text';
import type { PageAction } from './pageActions';
import type { ChangesView } from '../model/changesView';
import { changesHtml } from '../changes/changesSection';
import { artifactsHtml, factsHtml, sessionsHtml, stateHtml, type PageLabels } from './pageSections';
import { timeHtml, type Clock } from '../shared/when';
import { roundText } from '../model/roundNumbers';
import * as l10n from '@vscode/l10n';
import { attemptHtml, type PageAttempt } from './attemptSection';

/** The task's round on its work, and the name of the work's first task (text from the service). */
export interface PageRound {
  n: number;
  of: number;
  first: string;
}

export interface PageStatus {
  /** Seconds between refreshes while the task runs; undefined once the page no longer refreshes. */
  everySeconds?: number;
  /** Why the last refresh failed, in the user's words (shown as text). */
  error?: string;
}

export interface PageInput {
  task: Task;
  /** Names the caller knows better than the task's own fields tell. */
  labels?: PageLabels & { continues?: string; round?: PageRound; attempt?: PageAttempt };
  actions: readonly PageAction[];
  /** The extension's state labels ("Running" for `in_progress`). */
  stateLabel: (state: string) => string;
  clock: Clock;
  status: PageStatus;
  /** A fresh random value per render: the only script and style allowed to run. */
  nonce: string;
  /** The webview's own resource origin (`webview.cspSource`) and the addresses of media/taskPage.{js,css}. */
  cspSource: string;
  scriptUri: string;
  styleUri: string;
  /** The task's changes, when someone reads them (the page's Changes section). */
  changes?: ChangesView;
}

export function contentSecurityPolicy(cspSource: string, nonce: string): string {
  return (
    `default-src 'none'; style-src ${cspSource} 'nonce-${nonce}'; ` +
    `script-src 'nonce-${nonce}'; img-src ${cspSource}`
  );
}

function actionsHtml(task: Task, actions: readonly PageAction[]): string {
  const buttons = actions.map(a => {
    const why = a.unavailable(task);
    return why === undefined
      ? `<button type="button" data-action="${forHtml(a.id)}">${forHtml(a.label)}</button>`
      : `<button type="button" data-action="${forHtml(a.id)}" disabled title="${forHtml(why)}">` +
          `${forHtml(a.label)}</button>`;
  });
  return `<nav class="actions" aria-label="${forHtml(l10n.t('Task actions'))}">${buttons.join('')}</nav>`;
}

function statusHtml(status: PageStatus): string {
  const pace =
    status.everySeconds !== undefined
      ? forHtml(
          l10n.t(
            'Refreshes every {0} s while the task is queued or running and this page is visible.',
            status.everySeconds,
          ),
        )
      : forHtml(
          l10n.t('The task is not queued or running: this page refreshes when the task changes in the task views.'),
        );
  const error = status.error
    ? `<p class="error" role="alert">${forHtml(l10n.t('Could not refresh: {0}', status.error))}</p>`
    : '';
  return `<footer>${error}<p class="muted">${pace}</p></footer>`;
}

/** The task this one continues (the agent works on its branch): a line under the name, when known. */
function continuesHtml(name: string | undefined): string {
  return name === undefined ? '' : `<p class="continues" dir="auto">${forHtml(l10n.t('Continues “{0}”', name))}</p>`;
}

/** Which round of its work the task is: a line under the name, when this workspace knows two rounds or more. */
function roundHtml(round: PageRound | undefined): string {
  if (!round) return '';
  const text = l10n.t('Round {0} of {1} of “{2}”', round.n, round.of, plainName(asText(round.first)));
  return `<p class="round" dir="auto">${forHtml(text)}</p>`;
}

/** The whole document for a webview. */
export function renderTaskPage(input: PageInput): string {
  const { task, nonce } = input;
  const when = timeHtml(input.clock);
  const name = plainName(asText(task.name)) || `Task ${asText(task.id)}`;
  return [
    '<!DOCTYPE html>',
    `<html lang="${forHtml(input.clock.locale)}">`,
    '<head>',
    '<meta charset="utf-8">',
    `<meta http-equiv="Content-Security-Policy" content="${forHtml(contentSecurityPolicy(input.cspSource, nonce))}">`,
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<link rel="stylesheet" href="${forHtml(input.styleUri)}" nonce="${forHtml(nonce)}">`,
    `<title>${forHtml(input.labels?.round ? `${name} · ${roundText(input.labels.round)}` : name)}</title>`,
    '</head>',
    '<body>',
    '<header class="task">',
    `<h1 dir="auto">${forHtml(name)}</h1>`,
    `<p class="summary">${stateHtml(task.state, input.stateLabel)}</p>`,
    roundHtml(input.labels?.round),
    continuesHtml(input.labels?.continues),
    attemptHtml(input.labels?.attempt),
    actionsHtml(task, input.actions),
    '</header>',
    '<main>',
    factsHtml(task, when, input.labels ?? {}),
    changesHtml(input.changes, when),
    artifactsHtml(task),
    sessionsHtml(task, when, input.stateLabel, input.labels?.sessionUser),
    '</main>',
    statusHtml(input.status),
    `<script nonce="${forHtml(nonce)}" src="${forHtml(input.scriptUri)}"></script>`,
    '</body>',
    '</html>',
  ].join('\n');
}
