// The last lists a workspace saw, for their tests: whether a view's rows are those, and activating the extension again
// on the same storage, as a window that opens does (its parts disposed, `activate` run anew).
import type { TaskModel } from '../model/taskModel';

export interface LastListsProbe {
  /** Whether the view's rows are the last ones this workspace saw, not yet replaced by an answer. */
  showsLast(view: 'repoTasks' | 'myTasks'): boolean;
  /** The extension's parts disposed and `activate` run again; this API then speaks for the new ones. */
  reactivate(): Promise<void>;
}

export interface LastListsDeps {
  /** Disposes the extension's parts and activates it again on the same storage. */
  reactivate?: () => Promise<object | undefined>;
}

export function lastListsProbe(model: TaskModel, reactivate: (() => Promise<object | undefined>) | undefined) {
  return {
    showsLast: (view: 'repoTasks' | 'myTasks') => model.last.shows(model.lists(view === 'repoTasks' ? 'repo' : 'mine')),
    async reactivate(this: object) {
      if (!reactivate) throw new Error('reactivation is not wired');
      Object.assign(this, await reactivate());
    },
  };
}
