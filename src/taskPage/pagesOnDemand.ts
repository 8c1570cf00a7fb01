// The task pages as the rest of the extension holds them: the pages' code (dist/taskPage.js) is required when the
// first page opens, so a window that opens none never loads it. Until then no page is open and none has closed.
import type { Task } from '../api';
import { loadBundle } from '../lazy';
import { DisposableBase } from '../lifecycle';
import { Emitter } from '../shared/emitter';
import type * as Bundle from './bundle';
import type { TaskPages } from './taskPages';

export class TaskPagesOnDemand extends DisposableBase {
  private pages: TaskPages | undefined;
  private readonly closed = this.register(new Emitter<string>());
  /** The page of a task was closed. */
  readonly onDidClose = this.closed.event;

  constructor(private readonly deps: Bundle.PagesDeps) {
    super();
  }

  /** Opens the task's page, or brings it to the front. */
  show(task: Task): void {
    this.built().show(task);
  }

  /** The tasks whose pages are open. */
  openTaskIds(): string[] {
    return this.pages?.openTaskIds() ?? [];
  }

  private built(): TaskPages {
    if (this.pages) return this.pages;
    const pages = this.register(loadBundle<typeof Bundle>('taskPage').createTaskPages(this.deps));
    this.register(pages.onDidClose(id => this.closed.fire(id)));
    this.pages = pages;
    return pages;
  }
}
