// Feeds the repository names cache from the tasks the model holds, and reads what is still missing. A task's `url`
// names its repository; a repository's own list (A1) is the list of the workspace's repository, which the remote
// names. The user's list (A4) gives only IDs: for an ID still unnamed, one task of it is read alone (A5, which
// carries `url`), once per repository. No `vscode`.
import type { RepoRef, Task } from '../api';
import { DisposableBase } from '../lifecycle';
import { repoLabel } from './remotes';
import type { RepoNames } from './repoNames';
import type { StoreChange, TaskStore } from './taskStore';
import { repoOfTask } from '../views/taskLinks';

export interface TaskNameFeedDeps {
  store: TaskStore;
  names: RepoNames;
  /** The repository the Repository view lists (from the workspace's remotes). */
  repo(): RepoRef | undefined;
  /** The key of the repository list of `repo`. */
  repoListKey(repo: RepoRef): string;
  /** Reads one task with its `url` (A5) into the store. */
  loadDetails(taskId: string): Promise<void>;
}

/** Repository IDs read for at most this many repositories per session: a bound on what naming may cost. */
const MAX_LOOKUPS = 50;

/** The `owner/name` a task's own address gives, or undefined. */
export function nameFromTask(task: Pick<Task, 'url' | 'html_url'>): string | undefined {
  try {
    const r = repoOfTask(task);
    return r && repoLabel(r);
  } catch {
    return undefined;
  }
}

export class TaskNameFeed extends DisposableBase {
  /** Repository IDs whose name was asked for (A5): each is asked once until the service or token changes. */
  private readonly asked = new Set<number>();

  constructor(private readonly deps: TaskNameFeedDeps) {
    super();
    this.register(deps.store.onDidChange(change => this.storeChanged(change)));
  }

  /** Another service or user: ask again for what is still unnamed. */
  reset(): void {
    this.asked.clear();
  }

  private storeChanged(change: StoreChange): void {
    const { store, names } = this.deps;
    // A list whose members changed is read whole (new tasks may name new repositories); otherwise only the tasks
    // that changed are, so a poll that brings one change costs one task's look, not the whole list's.
    const tasks: Task[] = change.list && change.membership ? [...store.list(change.list)] : [];
    for (const id of change.changed) {
      const t = store.get(id);
      if (t) tasks.push(t);
    }
    const pairs: [unknown, unknown][] = [];
    for (const t of tasks) {
      const name = nameFromTask(t);
      if (name) pairs.push([t.repository?.id, name]);
    }
    // Every task of a repository's list belongs to that repository, which the workspace's remote names: that
    // name stands in where a task carries no address of its own.
    const repo = this.deps.repo();
    if (repo && change.list === this.deps.repoListKey(repo)) {
      const unnamed = tasks.find(t => nameFromTask(t) === undefined);
      if (unnamed && names.name(unnamed.repository?.id) === undefined)
        pairs.push([unnamed.repository?.id, repoLabel(repo)]);
    }
    names.learnAll(pairs);
    this.askForMissing(tasks);
  }

  private askForMissing(tasks: Task[]): void {
    const { names } = this.deps;
    for (const t of tasks) {
      const id = t.repository?.id;
      if (typeof id !== 'number' || names.name(id) !== undefined || this.asked.has(id)) continue;
      if (this.asked.size >= MAX_LOOKUPS) return;
      this.asked.add(id);
      // A failure leaves the ID shown; the next session (or sign-in) asks again.
      void this.deps.loadDetails(t.id).catch(() => undefined);
    }
  }
}
