// What a task view says in rows of its own beside the tasks: that a list was read in part, and whether a failure is
// the refused token that the welcome content speaks of.
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
