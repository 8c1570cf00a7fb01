import type { Task } from '../api';
import { DisposableBase, toDisposable } from '../lifecycle';
import { Emitter, type Event } from '../shared/emitter';
import { TaskPagePanel, type TaskPageDeps } from './taskPagePanel';
import * as l10n from '@vscode/l10n';

/** The service and the sign-in a page was opened under: its task belongs to them. */
export interface PageWorld {
  current(): { service: string; label: string; signedIn: boolean };
  /** Fires when either may have changed. */
  readonly onDidChange: Event<void>;
  /** Tells the user why pages were closed (a notification). */
  tell(text: string): void;
}

/** The task pages, one per task: showing a task whose page is open brings that page to the front. */
export class TaskPages extends DisposableBase {
  private readonly pages = new Map<string, TaskPagePanel>();
  private readonly closed = this.register(new Emitter<string>());
  /** The page of a task was closed. */
  readonly onDidClose = this.closed.event;

  /** The world the open pages were opened in. */
  private world: ReturnType<PageWorld['current']> | undefined;

  constructor(
    private readonly deps: TaskPageDeps,
    private readonly worlds?: PageWorld,
  ) {
    super();
    this.register(toDisposable(() => [...this.pages.values()].forEach(page => page.dispose())));
    if (worlds) this.register(worlds.onDidChange(() => this.worldChanged(worlds)));
  }

  /**
   * Another service, or signed out: the open pages show tasks of a world the user has left (another service's task
   * under the same ID, a creator the new service does not know), and their buttons would act on the new one. They are
   * closed, and the user is told why.
   */
  private worldChanged(worlds: PageWorld): void {
    const now = worlds.current();
    const was = this.world;
    if (!was || !this.pages.size || (now.service === was.service && now.signedIn === was.signedIn)) return;
    const n = this.pages.size;
    for (const page of [...this.pages.values()]) page.dispose();
    const moved = now.service !== was.service;
    worlds.tell(
      n === 1
        ? moved
          ? l10n.t('The task page was closed: the service is no longer {0}.', was.label)
          : l10n.t('The task page was closed: you signed out of {0}.', was.label)
        : moved
          ? l10n.t('{0} task pages were closed: the service is no longer {1}.', n, was.label)
          : l10n.t('{0} task pages were closed: you signed out of {1}.', n, was.label),
    );
  }

  show(task: Task): void {
    const open = this.pages.get(task.id);
    if (open) return open.reveal();
    // Pages opened now belong to the world as it is now; older ones were closed when it changed.
    this.world = this.worlds?.current();
    const page = new TaskPagePanel(task, this.deps);
    this.pages.set(task.id, page);
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
