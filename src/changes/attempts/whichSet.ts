// Which set a comparison is of: the set's id (a set's row, the task page, a test), a task of the set, or the user's
// choice among the sets started in this workspace (only what this workspace started is a set: the service does not
// record them).
import * as vscode from 'vscode';
import type { AttemptSet, AttemptSets } from '../../model/attemptSets';
import { forQuickPick } from '../../safety/serviceText';
import { taskOf } from '../../shared/taskArgs';
import { tell, type Ui } from '../../ui';

/** The set a command was handed: its id, a set's row, a task of a set; else the user picks one. */
export async function whichSet(
  arg: unknown,
  sets: Pick<AttemptSets, 'get' | 'list' | 'ofTask'>,
  ui: Ui,
): Promise<AttemptSet | undefined> {
  const a = arg as { setId?: unknown; set?: { id?: unknown } } | undefined;
  const id = typeof arg === 'string' ? arg : typeof a?.setId === 'string' ? a.setId : a?.set?.id;
  if (typeof id === 'string') {
    const set = sets.get(id);
    if (!set) tell(ui, 'info', vscode.l10n.t('This workspace has no such set of attempts.'));
    return set;
  }
  const task = taskOf(arg);
  if (task) {
    const place = sets.ofTask(task.id);
    if (!place)
      tell(
        ui,
        'info',
        vscode.l10n.t('This task is not an attempt of a set started in this workspace: there is nothing to compare.'),
      );
    return place?.set;
  }
  const started = [...sets.list()].reverse().filter(s => s.attempts.some(x => x.taskId !== undefined));
  if (!started.length) {
    tell(ui, 'info', vscode.l10n.t('No set of attempts was started in this workspace.'));
    return undefined;
  }
  const items = started.map(s => ({
    label: forQuickPick(s.name || s.id),
    description: forQuickPick(`${s.start.repo} · ${vscode.l10n.t('{0} attempts', s.attempts.length)}`),
    set: s,
  }));
  return (await ui.pick(items, { placeHolder: vscode.l10n.t('Compare the attempts of which set?') }))?.set;
}
