// An apply that was cut off (the window closed, the extension host restarted or the machine stopped while it wrote):
// the start after finds its journal and asks, naming the task and how many files, whether to put every file back as
// it was or to finish writing them. Nothing is cleared until the user chose: a question dismissed is asked again at
// the next start, or by the command Put Back or Finish an Interrupted Apply.
import * as vscode from 'vscode';
import { forMessage } from '../../safety/serviceText';
import { tell } from '../../ui';
import { interrupted, type Found } from './journal';
import type { LandDeps } from './landDeps';
import type { LandHistory } from './landHistory';
import { finish, putBack } from './recover';

const files = (n: number): string => (n === 1 ? vscode.l10n.t('{0} file', n) : vscode.l10n.t('{0} files', n));

export class RecoverApply {
  constructor(
    private readonly d: () => LandDeps,
    private readonly history: LandHistory,
    /** Says an apply landed, with its Undo (the message goes once it is undone or another apply lands). */
    private readonly landedWithUndo: (text: string) => void,
  ) {}

  /** Asks about each apply cut off in this workspace, oldest first. */
  async run(): Promise<void> {
    const d = this.d();
    const found = await interrupted(d.storage());
    if (!found.length) {
      d.setContext('applyCutOff', false);
      tell(d.ui, 'info', vscode.l10n.t('No apply was cut off: there is nothing to put back or finish.'));
      return;
    }
    let left = found.length;
    for (const f of found) if (await this.ask(f)) left--;
    d.setContext('applyCutOff', left > 0);
  }

  /** True once the user chose and it was done. */
  private async ask(f: Found): Promise<boolean> {
    const d = this.d();
    const j = f.journal;
    const label = forMessage(j.label || j.taskId, 300);
    const back = vscode.l10n.t('Put Back');
    const ahead = vscode.l10n.t('Finish Writing');
    const choice = await d.ui.notify(
      'warning',
      vscode.l10n.t(
        'Applying the changes of {0} was cut off while it wrote {1} into {2} (the window closed or stopped). Put every file back as it was, or finish writing them?',
        label,
        files(j.entries.length),
        forMessage(j.root, 300),
      ),
      back,
      ahead,
    );
    if (choice !== back && choice !== ahead) {
      d.log.info(`apply ${j.taskId} cut off: kept for later`);
      return false;
    }
    const r = choice === back ? await putBack(f) : await finish(f);
    d.log.info(`apply ${j.taskId} cut off: ${choice === back ? 'put back' : 'finished'}, ${r.left.length} left`);
    const left = r.left.length
      ? ` ${vscode.l10n.t('Left {0} changed since: {1}.', files(r.left.length), forMessage(r.left.join(', '), 400))}`
      : '';
    if (choice === back) {
      tell(d.ui, 'info', vscode.l10n.t('Put back {0} of {1} as they were.{2}', files(r.done.length), label, left));
      return true;
    }
    const landed = r.landed;
    if (landed) this.history.addApply({ taskId: j.taskId, label: j.label, landed });
    const text = vscode.l10n.t('Finished writing {0} of {1}.{2}', files(r.done.length), label, left);
    if (landed) this.landedWithUndo(text);
    else tell(d.ui, 'info', text);
    return true;
  }
}
