// What tests read of the task pages: the HTML each open page was last given, as the pages reported it to the test
// recorder since activation. Built only in test mode, like the rest of src/testing/.
import type { Disposable } from '../lifecycle';
import type { TaskPagesOnDemand } from '../taskPage/pagesOnDemand';

export interface TaskPagesProbe {
  /** The HTML the page of a task last rendered, if its page is open. */
  html(taskId: string): string | undefined;
  /** The tasks whose pages are open. */
  openTaskIds(): string[];
}

/** `last`: the HTML each page was given, as the recorder heard it through the pages' observer. */
export function recordTaskPages(
  pages: TaskPagesOnDemand,
  last: Map<string, string>,
  subscriptions: Disposable[],
): TaskPagesProbe {
  subscriptions.push(pages.onDidClose(id => last.delete(id)));
  return {
    html: id => (pages.openTaskIds().includes(id) ? last.get(id) : undefined),
    openTaskIds: () => pages.openTaskIds(),
  };
}
