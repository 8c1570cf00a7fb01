// A task's changes as its row shows them, for a command that needs them read: read first when they are not yet, else
// why not, said in one message (`saying` words it for the command: "No changes to show: {why}").
import type { ChangesView } from '../model/changesView';
import { forMessage } from '../safety/serviceText';
import { tell, type Ui } from '../ui';
import type { ChangesModel } from './changesModel';
import * as vscode from 'vscode';

export type ReadyChanges = Extract<ChangesView, { kind: 'ready' }>;

export async function readyChanges(
  changes: Pick<ChangesModel, 'get' | 'load' | 'known'>,
  ui: Ui,
  taskId: string,
  saying: (why: string) => string,
): Promise<ReadyChanges | undefined> {
  if (changes.get(taskId).kind === 'loading') await changes.load(taskId);
  const view = changes.known(taskId);
  if (view?.kind === 'ready') return view;
  const why =
    view && view.kind !== 'loading' ? `${view.why}. ${view.todo}` : vscode.l10n.t('they are still being read');
  tell(ui, 'info', saying(forMessage(why, 400)));
  return undefined;
}
