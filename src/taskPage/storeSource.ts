// The task page's source over the task store and its single-task read (A5). Pure: no `vscode`.
import type { Task } from '../api';
import type { TaskStore } from '../model/taskStore';
import type { TaskSync } from '../model/taskSync';
import type { TaskPageSource } from './source';

export function storeSource(store: TaskStore, sync: Pick<TaskSync, 'loadDetails'>): TaskPageSource {
  const get = (id: string): Task | undefined => {
    const task = store.get(id);
    const s = task && store.sessions(id);
    return task && s ? { ...task, sessions: s.sessions } : task;
  };
  return {
    get,
    // The read is shared with other callers (Check Out Head Branch waits on the same one): closing a page must not
    // make theirs fail, so the page's signal is not passed on; the page drops an answer that comes after it closed.
    async refresh(id) {
      await sync.loadDetails(id);
      const task = get(id);
      if (!task) throw new Error('The task is no longer known.');
      return task;
    },
    onDidChange: store.onDidChange,
  };
}
