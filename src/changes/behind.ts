// Review and Apply act on the head their Changes row shows; when the remote's branch has moved past it, the user is
// told, without waiting for the remote before acting (and the row says it too: ChangesModel.remoteHead).
import * as vscode from 'vscode';
import { forMessage } from '../safety/serviceText';
import { tell, type Ui } from '../ui';
import type { ChangesModel } from './changesModel';
import type { ChangesView } from '../model/changesView';

export async function sayWhenBehind(
  changes: Pick<ChangesModel, 'remoteHead'>,
  ui: Ui,
  taskId: string,
  view: Extract<ChangesView, { kind: 'ready' }>,
): Promise<void> {
  const tip = await changes.remoteHead(taskId);
  if (tip === undefined || tip === view.headSha) return;
  tell(
    ui,
    'info',
    vscode.l10n.t(
      'The branch {0} has moved on the remote since it was read: this used {1}, as its Changes row shows. Refresh to read {2}.',
      forMessage(view.head, 120),
      view.headSha.slice(0, 7),
      tip.slice(0, 7),
    ),
  );
}
