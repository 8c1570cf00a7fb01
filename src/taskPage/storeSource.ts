// The task page's source: the task model's pictures and its single-task read. Pure: no `vscode`.
import type { TaskModel } from '../model/taskModel';
import type { TaskPageSource } from './source';
import * as l10n from '@vscode/l10n';

export type PageModel = Pick<TaskModel, 'picture' | 'pictures' | 'loadDetails' | 'onDidChangeTasks' | 'learnRepoName'>;

export function modelSource(model: PageModel): TaskPageSource {
  return {
    picture: id => model.picture(id),
    // The read is shared with other callers (Check Out Head Branch waits on the same one): closing a page must not
    // make theirs fail, so the page's signal is not passed on; the page drops an answer that comes after it closed.
    async refresh(id) {
      await model.loadDetails(id);
      const picture = model.picture(id);
      if (!picture) throw new Error(l10n.t('The task is no longer known.'));
      // A task no list holds (its page alone reads it): its address's name is checked as the lists' are, and the
      // page redraws when the name is learnt.
      // Unnamed: no repository shown, or only its ID (said by `why`, never by the label's translated words).
      if (picture.repo === undefined || picture.repo.why !== undefined)
        void model.learnRepoName(picture.task).catch(() => undefined);
      return picture;
    },
    onDidChange: model.onDidChangeTasks,
    onDidChangePictures: model.pictures.onDidChange,
  };
}
