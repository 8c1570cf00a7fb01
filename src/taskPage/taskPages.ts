import type { Task } from '../api';
import { DisposableBase, toDisposable } from '../lifecycle';
import { Emitter } from '../model/emitter';
import { TaskPagePanel, type TaskPageDeps } from './taskPagePanel';

/** The task pages, one per task: showing a task whose page is open brings that page to the front. */
export class TaskPages extends DisposableBase {
  private readonly pages = new Map<string, TaskPagePanel>();
  private readonly rendered = this.register(new Emitter<{ taskId: string; html: string }>());
  /** A page was given new HTML (the test API records it outside production). */
  readonly onDidRender = this.rendered.event;
  private readonly closed = this.register(new Emitter<string>());
  /** The page of a task was closed. */
  readonly onDidClose = this.closed.event;

  constructor(private readonly deps: TaskPageDeps) {
    super();
    this.register(toDisposable(() => [...this.pages.values()].forEach(page => page.dispose())));
  }

  show(task: Task): void {
    const open = this.pages.get(task.id);
    if (open) return open.reveal();
    const page = new TaskPagePanel(task, this.deps);
    this.pages.set(task.id, page);
    page.onDidRender(html => this.rendered.fire({ taskId: task.id, html }));
    page.onDidDispose(() => {
      if (this.pages.get(task.id) !== page) return;
      this.pages.delete(task.id);
      this.closed.fire(task.id);
    });
    page.start();
  }

  /** The tasks whose pages are open. */
  openTaskIds(): string[] {
    return [...this.pages.keys()];
  }
}
