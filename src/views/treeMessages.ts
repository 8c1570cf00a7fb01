// What a task view says in rows of its own beside the tasks: that a list could not be read, that it was read in
// part, and whether a failure is the refused token that the welcome content speaks of.
import * as l10n from '@vscode/l10n';
import { readFailure, statusOf } from '../errors/failure';
import { COMMANDS } from '../ids';
import type { ListKey } from '../model/taskModel';
import { MessageNode } from '../shared/messageNode';

/** A refused or too weak token has its own welcome content, with the way to set another. */
export function refusesToken(problem: unknown): boolean {
  const status = statusOf(problem);
  return status === 401 || (status === 403 && readFailure(problem)?.kind !== 'rate_limited');
}

/** The list is longer than what was read: said at its end, with the way to read further. */
export function loadMoreNode(key: ListKey): MessageNode {
  const text = l10n.t('Only the most recently updated tasks are shown. Load more…');
  return new MessageNode(
    text,
    'ellipsis',
    { command: COMMANDS.loadMoreTasks, title: l10n.t('Load More'), arguments: [key] },
    l10n.t('Click to read the next pages'),
  );
}

/**
 * A failure of the view's lists, said on top: over the tasks already shown ("not up to date"), or, with nothing to
 * show yet, which it was (no answer, or which status) and where, which welcome text cannot. A refused token says
 * nothing here: its welcome content speaks.
 */
export function problemNodes(problem: unknown, loaded: boolean, described: string): MessageNode[] {
  const retry = () => ({ command: COMMANDS.refresh, title: l10n.t('Retry') });
  const text = loaded ? l10n.t('Not up to date: {0}', described) : described;
  if (loaded) return [new MessageNode(text, 'warning', retry(), l10n.t('Click to retry'))];
  if (refusesToken(problem)) return [];
  return [
    new MessageNode(text, 'error', retry(), l10n.t('Click to retry')),
    new MessageNode(l10n.t('Show Log'), 'output', { command: COMMANDS.showLog, title: l10n.t('Show Log') }),
  ];
}
