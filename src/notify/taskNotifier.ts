import * as vscode from 'vscode';
import { COMMANDS } from '../ids';
import { DisposableBase } from '../lifecycle';
import type { TaskModel } from '../model/taskModel';
import type { StateTransition } from '../model/taskModel';
import { roundText } from '../model/roundNumbers';
import { forMessage } from '../safety/serviceText';
import { tell, type Action, type Level, type Ui } from '../ui';
import type { News, SystemRoute } from './systemNews';
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
 * merely move along. A task's first sighting is not a change, so a reload does not replay old news. While the window
 * is in the background, the news of one poll that `system` takes goes to the operating system's notifications, as one
 * notification; what it does not take, or cannot deliver, is told in the window as before.
 */
export class TaskNotifier extends DisposableBase {
  /** What was told, so that the same news read twice is told once; bounded by the transitions seen. */
  private readonly told = new Set<string>();
  /** The system's news of the poll under way: its lists are read one after the other, and a poll's news is one. */
  private away: News[] = [];
  /** The attempts of a set started here are told of once, together, when the set is done (see setDone.ts). */
  private readonly sets: SetDone | undefined;

  constructor(
    private readonly model: TaskModel,
    private readonly enabled: () => boolean,
    private readonly ui: Ui,
    private readonly system?: SystemRoute,
    attemptSets?: Pick<AttemptSets, 'ofTask'>,
  ) {
    super();
    this.sets = attemptSets && new SetDone(attemptSets, id => model.task(id)?.state);
    this.register(model.onDidChangeStatus(() => !model.signedIn && this.sets?.clear()));
    this.register(
      model.onDidChangeTasks(c => {
        const news = c.transitions.flatMap(t => this.news(t));
        const system = this.system;
        const away = system ? news.filter(n => system.takes(n.to)) : [];
        // In the window at once, as ever; the system's news waits for the end of the poll, to be told as one.
        news.filter(n => !away.includes(n)).forEach(n => this.inWindow(n));
        this.away.push(...away);
      }),
    );
    // A poll reads its lists one after the other: what they brought is told once it has read them all.
    this.register(model.onDidPoll(() => this.burst()));
    // Another service or user: what was told belongs to another world.
    this.register(model.onDidChangeStatus(() => !model.signedIn && (this.told.clear(), (this.away = []))));
  }

  /** The system's news of one poll, told as one notification; what it could not deliver is told in the window. */
  private burst(): void {
    const away = this.away;
    if (!away.length || !this.system) return;
    this.away = [];
    void this.system.tell(away).then(left => left.forEach(n => this.inWindow(n)));
  }

  private news(t: StateTransition): News[] {
    if (!NOTIFY[t.to] || !this.enabled()) return [];
    // The picture of the task as the transition brought it: whose it is, its links, its name.
    const picture = this.model.pictures.of(t.task);
    if (!picture.mine) return [];
    const set = this.sets?.consider(t.id, t.to);
    // A set done is news of finished work, whatever its last attempt's state: the body counts each.
    if (set?.kind === 'news' && this.system?.takes('completed'))
      return [{ key: `set:${set.news.setId}`, to: 'completed', task: t.task, picture, set: set.news }];
    if (set) return set.kind === 'news' ? (this.tellSet(set.news), []) : [];
    const key = `${t.id}:${t.to}:${t.task.updated_at}`;
    if (this.told.has(key)) return [];
    this.told.add(key);
    return [{ key, to: t.to, task: t.task, picture }];
  }

  private inWindow({ to, task, picture: p, set }: News): void {
    if (set) return this.tellSet(set);
    const on = (command: string) => () => vscode.commands.executeCommand(command, task);
    // Two buttons at most, each whole: the next step, and the task's page, which has every other (the pull request,
    // the web page, check out, continue). More were cut by the notification's width.
    const actions: Action[] = [];
    if (to === 'completed' && task.session_count > 0)
      actions.push({ title: vscode.l10n.t('Review Changes'), run: on(COMMANDS.reviewChanges) });
    else if (p.links.pullRequests.length)
      actions.push({ title: vscode.l10n.t('Open Pull Request'), run: on(COMMANDS.openPullRequest) });
    actions.push({ title: vscode.l10n.t('Show Details'), run: on(COMMANDS.showTaskDetails) });
    const name = forMessage(p.name, 200);
    // Rounds of one work may read alike: the round's number tells which one this is.
    const text = p.round
      ? vscode.l10n.t('Task “{0}” ({1}) {2}.', name, roundText(p.round), PHRASE[to])
      : vscode.l10n.t('Task “{0}” {1}.', name, PHRASE[to]);
    tell(this.ui, NOTIFY[to], text, actions);
  }

  /** A set's news, in the window. */
  private tellSet(news: { setId: string; text: string; level: Level }): void {
    const show = () => vscode.commands.executeCommand(COMMANDS.revealAttemptSet, news.setId);
    tell(this.ui, news.level, news.text, [{ title: vscode.l10n.t('Show Attempts'), run: show }]);
  }
}
