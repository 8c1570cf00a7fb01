// The task pages as the rest of the extension holds them: the pages' code (taskPages.ts and what it imports) is
// imported when the first page opens, so a window that opens none never loads it. Until then no page is open and none
// has closed.
import type { Task } from '../api';
import { DisposableBase } from '../lifecycle';
import { Emitter } from '../shared/emitter';
import type { PageModel } from './storeSource';
import type { TaskPageDeps } from './taskPagePanel';
import type { PageWorld, TaskPages } from './taskPages';

/** What the pages are built from: the model their source reads, and what a page needs beside it. */
export interface PagesDeps extends Omit<TaskPageDeps, 'source'> {
  model: PageModel;
  world: PageWorld;
}

export class TaskPagesOnDemand extends DisposableBase {
  private pages: TaskPages | undefined;
  private loading: Promise<TaskPages> | undefined;
  private readonly closed = this.register(new Emitter<string>());
  /** The page of a task was closed. */
  readonly onDidClose = this.closed.event;

  constructor(private readonly deps: PagesDeps) {
    super();
  }

  /** Opens the task's page, or brings it to the front. */
  async show(task: Task): Promise<void> {
    (await this.ready()).show(task);
  }

  /** The tasks whose pages are open. */
  openTaskIds(): string[] {
    return this.pages?.openTaskIds() ?? [];
  }

  private ready(): Promise<TaskPages> {
    this.loading ??= Promise.all([import('./taskPages'), import('./storeSource')]).then(([p, s]) => {
      const { model, world, ...page } = this.deps;
      const pages = this.register(new p.TaskPages({ ...page, source: s.modelSource(model) }, world));
      this.register(pages.onDidClose(id => this.closed.fire(id)));
      this.pages = pages;
      return pages;
    });
    return this.loading;
  }
}
