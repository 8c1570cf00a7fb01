import * as vscode from 'vscode';
import { COMMANDS } from '../ids';
import { DisposableBase } from '../lifecycle';
import type { AttemptSet, AttemptSets } from '../model/attemptSets';
import { attemptLabel } from '../model/attemptSummary';
import type { TaskModel } from '../model/taskModel';
import { forMessage, forQuickPick } from '../safety/serviceText';
import type { CommandRegistry } from '../shared/registry';
import { taskOf } from '../shared/taskArgs';
import { tell, type Ui } from '../ui';

/** What Set Aside acts on: a whole set, or one attempt of it. */
interface Target {
  set: AttemptSet;
  index?: number;
}

/** The views' rows for sets and tasks, as far as these commands need them. */
interface Reveals {
  revealSet(setId: string): Promise<boolean>;
}

/**
 * Set Aside (an attempt, or a whole set) and Show Again; Show Set-Aside Attempts in the views' title menus. The
 * service has no cancel or archive: setting aside hides the attempt in this workspace only, and says so.
 */
export class SetAsideCommands extends DisposableBase {
  constructor(
    private readonly sets: AttemptSets,
    private readonly model: Pick<TaskModel, 'picture'>,
    private readonly views: Reveals,
    commands: CommandRegistry,
    private readonly ui: Ui,
  ) {
    super();
    this.register(
      commands.register({
        [COMMANDS.setAside]: (arg?: unknown) => this.setAside(arg, true),
        [COMMANDS.showAgain]: (arg?: unknown) => this.setAside(arg, false),
        [COMMANDS.showSetAside]: () => this.sets.showAside(true),
        [COMMANDS.showSetAsideOn]: () => this.sets.showAside(false),
        [COMMANDS.revealAttemptSet]: (setId?: unknown) => typeof setId === 'string' && this.views.revealSet(setId),
      }),
    );
  }

  /** The set or attempt a row, a task or a set's id names; undefined for a task not started here as an attempt. */
  private targetOf(arg: unknown): Target | undefined {
    if (typeof arg === 'string') {
      const set = this.sets.get(arg);
      return set && { set };
    }
    const node = arg as { kind?: unknown; set?: AttemptSet } | undefined;
    if (node?.kind === 'attemptSet' && node.set) {
      const set = this.sets.get(node.set.id);
      return set && { set };
    }
    const task = taskOf(arg);
    const place = task && this.sets.ofTask(task.id);
    return place && { set: place.set, index: place.index };
  }

  private async setAside(arg: unknown, aside: boolean): Promise<void> {
    const target = arg === undefined ? await this.pick(aside) : this.targetOf(arg);
    if (arg !== undefined && !target) {
      const task = taskOf(arg);
      const name = task ? forMessage(this.model.picture(task.id)?.name ?? task.id, 200) : '';
      tell(
        this.ui,
        'info',
        vscode.l10n.t(
          '“{0}” is not an attempt of a set started in this workspace: only attempts and their sets are set aside.',
          name,
        ),
      );
      return;
    }
    if (!target) return;
    await this.sets.setAside(target.set.id, aside, target.index);
    const what = whatText(target);
    if (!aside) {
      this.ui.status(vscode.l10n.t('{0} is shown again.', what));
      return;
    }
    const n = target.index === undefined ? target.set.attempts.filter(a => a.taskId).length : 1;
    const text =
      n === 1
        ? vscode.l10n.t(
            '{0} is set aside: hidden from the views in this workspace. The task still exists on the service (there is no cancel or archive).',
            what,
          )
        : vscode.l10n.t(
            '{0} is set aside: hidden from the views in this workspace. Its {1} tasks still exist on the service (there is no cancel or archive).',
            what,
            n,
          );
    tell(this.ui, 'info', text, [
      { title: vscode.l10n.t('Undo'), run: () => this.sets.setAside(target.set.id, false, target.index) },
      { title: vscode.l10n.t('Show Set-Aside Attempts'), run: () => this.sets.showAside(true) },
    ]);
  }

  /** From the palette: the sets and attempts that can be set aside (or shown again). */
  private async pick(aside: boolean): Promise<Target | undefined> {
    const rows: (vscode.QuickPickItem & { target: Target })[] = [];
    for (const set of [...this.sets.list()].reverse()) {
      const name = forQuickPick(set.name);
      if ((set.aside === true) !== aside)
        rows.push({ label: name, description: vscode.l10n.t('whole set'), target: { set } });
      if (set.aside) continue;
      set.attempts.forEach((a, index) => {
        if (a.taskId === undefined || (a.aside === true) === aside) return;
        const label = `$(debug-stackframe-dot) ${forQuickPick(attemptLabel(index, a.model))}`;
        rows.push({ label, description: name, target: { set, index } });
      });
    }
    if (!rows.length) {
      tell(
        this.ui,
        'info',
        aside
          ? vscode.l10n.t('No set of attempts started in this workspace is shown to set aside.')
          : vscode.l10n.t('Nothing is set aside in this workspace.'),
      );
      return undefined;
    }
    const picked = await this.ui.pick(rows, {
      title: aside ? vscode.l10n.t('Set Aside') : vscode.l10n.t('Show Again'),
      placeHolder: aside
        ? vscode.l10n.t('Hide an attempt or a set from the views here (the tasks stay on the service)')
        : vscode.l10n.t('Show an attempt or a set in the views again'),
    });
    return picked?.target;
  }
}

/** "Attempt 2 · model of “name”" or "“name” (3 attempts)". */
function whatText(t: Target): string {
  const name = forMessage(t.set.name, 200);
  if (t.index === undefined) return vscode.l10n.t('The set “{0}”', name);
  return vscode.l10n.t('{0} of “{1}”', attemptLabel(t.index, t.set.attempts[t.index].model), name);
}
