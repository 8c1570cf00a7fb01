// What tests read of the task pages: the HTML each open page was last given, recorded from the pages' events since
// activation. Built only in development and test mode, like the rest of src/testing/.
import type { Disposable } from '../lifecycle';
import type { TaskPages } from '../taskPage/taskPages';

export interface TaskPagesProbe {
  /** The HTML the page of a task last rendered, if its page is open. */
  html(taskId: string): string | undefined;
  /** The tasks whose pages are open. */
  openTaskIds(): string[];
}

export function recordTaskPages(pages: TaskPages, subscriptions: Disposable[]): TaskPagesProbe {
  const last = new Map<string, string>();
  subscriptions.push(
    pages.onDidRender(r => last.set(r.taskId, r.html)),
    pages.onDidClose(id => last.delete(id)),
  );
  return {
    html: id => (pages.openTaskIds().includes(id) ? last.get(id) : undefined),
    openTaskIds: () => pages.openTaskIds(),
  };
}
