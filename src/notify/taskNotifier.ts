import * as vscode from 'vscode';
import { COMMANDS } from '../ids';
import { DisposableBase } from '../lifecycle';
import type { TaskModel } from '../model/taskModel';
import type { StateTransition } from '../model/taskModel';
import { roundText } from '../model/roundNumbers';
import { forMessage } from '../safety/serviceText';
import { tell, type Action, type Level, type Ui } from '../ui';
import type { AttemptSets } from '../model/attemptSets';
import { SetDone } from './setDone';

const NOTIFY: Record<string, Level> = {
  completed: 'info',
  waiting_for_user: 'warning',
  failed: 'error',
  timed_out: 'error',
};

const PHRASE: Record<string, string> = {
  completed: 'finished',
  waiting_for_user: vscode.l10n.t('is waiting for you'),
  failed: 'failed',
  timed_out: vscode.l10n.t('timed out'),
};

/**
 * One notification when a task of the user finishes, fails, times out or waits for the user; nothing while tasks
 * merely move along. A task's first sighting is not a change, so a reload does not replay old news.
 */
export class TaskNotifier extends DisposableBase {
  /** What was told, so that the same news read twice is told once; bounded by the transitions seen. */
  private readonly told = new Set<string>();
  /** The attempts of a set started here are told of once, together, when the set is done (see setDone.ts). */
  private readonly sets: SetDone | undefined;

  constructor(
    private readonly model: TaskModel,
    private readonly enabled: () => boolean,
    private readonly ui: Ui,
    attemptSets?: Pick<AttemptSets, 'ofTask'>,
  ) {
    super();
    this.sets = attemptSets && new SetDone(attemptSets, id => model.task(id)?.state);
    this.register(model.onDidChangeTasks(c => c.transitions.forEach(t => this.consider(t))));
    // Another service or user: what was told belongs to another world.
    this.register(model.onDidChangeStatus(() => !model.signedIn && this.told.clear()));
    this.register(model.onDidChangeStatus(() => !model.signedIn && this.sets?.clear()));
  }

  private consider(t: StateTransition): void {
    const level = NOTIFY[t.to];
    if (!level || !this.enabled()) return;
    // The picture of the task as the transition brought it: whose it is, its links, its name.
    const p = this.model.pictures.of(t.task);
    if (!p.mine) return;
    const set = this.sets?.consider(t.id, t.to);
    if (set) return set.kind === 'news' ? this.tellSet(set.news) : undefined;
    const key = `${t.id}:${t.to}:${t.task.updated_at}`;
    if (this.told.has(key)) return;
    this.told.add(key);
    const task = t.task;
    const on = (command: string) => () => vscode.commands.executeCommand(command, task);
    // Two buttons at most, each whole: the next step, and the task's page, which has every other (the pull request,
    // the web page, check out, continue). More were cut by the notification's width.
    const actions: Action[] = [];
    if (t.to === 'completed' && task.session_count > 0)
      actions.push({ title: vscode.l10n.t('Review Changes'), run: on(COMMANDS.reviewChanges) });
    else if (p.links.pullRequests.length)
      actions.push({ title: vscode.l10n.t('Open Pull Request'), run: on(COMMANDS.openPullRequest) });
    actions.push({ title: vscode.l10n.t('Show Details'), run: on(COMMANDS.showTaskDetails) });
    const name = forMessage(p.name, 200);
    // Rounds of one work may read alike: the round's number tells which one this is.
    const text = p.round
      ? vscode.l10n.t('Task “{0}” ({1}) {2}.', name, roundText(p.round), PHRASE[t.to])
      : vscode.l10n.t('Task “{0}” {1}.', name, PHRASE[t.to]);
    tell(this.ui, level, text, actions);
  }

  private tellSet(news: { setId: string; text: string; level: Level }): void {
    const show = () => vscode.commands.executeCommand(COMMANDS.revealAttemptSet, news.setId);
    tell(this.ui, news.level, news.text, [{ title: vscode.l10n.t('Show Attempts'), run: show }]);
  }
}
