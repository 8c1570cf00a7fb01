// What an operating-system notification says of a burst of news: plain text only (the platform shows the title and
// body as text; nothing here is markup), the task's name as its title, its state and repository as its body.
import * as vscode from 'vscode';
import type { Task } from '../api';
import type { TaskPicture } from '../model/taskPicture';
import { roundText } from '../model/roundNumbers';
import { plainLine } from '../shared/text';
import type { SetNews } from './setDone';

/** A task of the user that reached a state worth telling, as the transition brought it. */
export interface News {
  /** The task, the state and the task's time: the same news seen twice has the same key. */
  key: string;
  to: string;
  task: Task;
  picture: TaskPicture;
  /** The news is its set's, done with this task (its last attempt): told as the set's, once. */
  set?: SetNews;
}

/** Where the news goes while the window is in the background. */
export interface SystemRoute {
  /** Whether news of this state goes to the system now (the window is in the background, the settings allow it). */
  takes(state: string): boolean;
  /** Tells a burst as one notification; resolves with the news it did not deliver (to be told in the window). */
  tell(news: readonly News[]): Promise<readonly News[]>;
}

/** The states a user can choose in `agentTasks.notifications.systemStates`, as the service names them. */
export const SYSTEM_STATES = ['completed', 'waiting_for_user', 'failed', 'timed_out'] as const;

const WORDS: Record<string, string> = {
  completed: vscode.l10n.t('finished'),
  waiting_for_user: vscode.l10n.t('waiting for you'),
  failed: vscode.l10n.t('failed'),
  timed_out: vscode.l10n.t('timed out'),
};

export interface Notice {
  title: string;
  body: string;
  /** The task whose page a click opens: the first of the burst. */
  taskId: string;
}

/** One notification for the whole burst: one task by its name; several by their count, the first names in the body. */
export function noticeOf(news: readonly News[]): Notice {
  const [first] = news;
  const name = (n: News) => plainLine(n.set?.name ?? n.picture.name, 120);
  const repos = [...new Set(news.map(n => n.picture.repo?.label).filter((r): r is string => !!r))];
  const where = repos.length ? ` · ${plainLine(repos.slice(0, 3).join(', '), 120)}` : '';
  if (news.length === 1 && first.set)
    return { title: name(first), body: `${first.set.body}${where}`, taskId: first.task.id };
  if (news.length === 1) {
    const round = first.picture.round ? ` (${roundText(first.picture.round)})` : '';
    return { title: name(first), body: `${WORDS[first.to] ?? first.to}${round}${where}`, taskId: first.task.id };
  }
  const counts = SYSTEM_STATES.map(s => [s, news.filter(n => n.to === s).length] as const)
    .filter(([, c]) => c > 0)
    .map(([s, c]) => `${c} ${WORDS[s]}`)
    .join(', ');
  const names = news.slice(0, 3).map(name).join(' · ');
  const more = news.length > 3 ? ` ${vscode.l10n.t('and {0} more', news.length - 3)}` : '';
  return {
    title: vscode.l10n.t('{0} agent tasks', news.length),
    body: `${counts}${where}\n${names}${more}`,
    taskId: first.task.id,
  };
}
