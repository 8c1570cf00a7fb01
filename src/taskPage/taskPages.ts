import type * as vscode from 'vscode';
import type { Task } from '../api';
import { TaskPagePanel, type TaskPageDeps } from './taskPagePanel';

/** What tests may read of the open pages; handed to the test API only outside production. */
export interface TaskPagesProbe {
  /** The HTML the page of a task last rendered, if its page is open. */
  html(taskId: string): string | undefined;
  /** The tasks whose pages are open. */
  openTaskIds(): string[];
}

/** The task pages, one per task: showing a task whose page is open brings that page to the front. */
export class TaskPages implements vscode.Disposable {
  private readonly pages = new Map<string, TaskPagePanel>();

  constructor(private readonly deps: TaskPageDeps) {}

  show(task: Task): void {
    const open = this.pages.get(task.id);
    if (open) return open.reveal();
    const page = new TaskPagePanel(task, this.deps);
    this.pages.set(task.id, page);
    page.onDidDispose(() => this.pages.get(task.id) === page && this.pages.delete(task.id));
  }

  probe(): TaskPagesProbe {
    return { html: id => this.pages.get(id)?.html, openTaskIds: () => [...this.pages.keys()] };
  }

  dispose(): void {
    for (const page of [...this.pages.values()]) page.dispose();
    this.pages.clear();
  }
}
