// The task page's source: the task model's store and its single-task read (A5). Pure: no `vscode`.
import type { Task } from '../api';
import type { TaskModel } from '../model/taskModel';
import type { TaskPageSource } from './source';
import * as l10n from '@vscode/l10n';

export type PageModel = Pick<
  TaskModel,
  'task' | 'loadDetails' | 'onDidChangeTasks' | 'repoName' | 'creatorName' | 'names' | 'learnRepoName'
>;

export function modelSource(model: PageModel): TaskPageSource {
  return {
    get: id => model.task(id),
    // The read is shared with other callers (Check Out Head Branch waits on the same one): closing a page must not
    // make theirs fail, so the page's signal is not passed on; the page drops an answer that comes after it closed.
    async refresh(id) {
      await model.loadDetails(id);
      const task = model.task(id);
      if (!task) throw new Error(l10n.t('The task is no longer known.'));
      // A task no list holds (its page alone reads it): its address's name is checked as the lists' are, and the
      // page redraws when the name is learnt.
      if (model.repoName(task) === undefined || /^repository \d+$/.test(model.repoName(task) ?? ''))
        void model.learnRepoName(task).catch(() => undefined);
      return task;
    },
    onDidChange: model.onDidChangeTasks,
    // The user's list (A4) names no repository; the model knows names learnt from richer reads.
    repositoryName: (task: Task) => model.repoName(task),
    creatorName: (task: Task) => model.creatorName(task.creator?.id, task),
    sessionUserName: (userId: unknown) => model.creatorName(userId),
    onDidChangeNames: model.names.onDidChange,
  };
}
