// Feeds the repository names cache from the tasks the model holds, and reads what is still missing. A task's `url`
// names a repository, but any task can set it: it is believed only when a source that speaks for that repository
// agrees. The workspace's repository list (list repository tasks, asked for by the remote's name) names the ID its
// tasks carry. For
// an ID still unnamed, a task's `url` is checked against a listing of the repository it names (list repository tasks,
// one read): the
// name is learnt only when that listing's tasks carry this ID. A task the user's list (list your tasks) gives without
// `url` is
// read alone first (get task, which carries it). Each at most once per repository. A `url` that disagrees is logged,
// once.
// No `vscode`.
import type { ApiClient, RepoRef, Task } from '../api';
import { DisposableBase } from '../lifecycle';
import { repoLabel } from './remotes';
import { validRepoName, type RepoNames } from './repoNames';
import type { StoreChange, TaskStore } from './taskStore';
import { listKeys } from './taskSync';
import { repoOfTask } from './taskLinks';

export interface TaskNameFeedDeps {
  store: TaskStore;
  names: RepoNames;
  /** The repository the Repository view lists (from the workspace's remotes). */
  repo(): RepoRef | undefined;
  /** The key of the repository list of `repo`. */
  repoListKey(repo: RepoRef): string;
  /** Reads one task with its `url` (get task) into the store. */
  loadDetails(taskId: string): Promise<void>;
  /**
   * The repository IDs the tasks of a listing of `repo` carry (list repository tasks, a few tasks, active else
   * archived).
   */
  listingIds(repo: RepoRef): Promise<number[]>;
  /** Says what was not believed (the log). */
  log?(line: string): void;
}

/** Repository IDs read for at most this many repositories per session: a bound on what naming may cost. */
const MAX_LOOKUPS = 50;
/** Disbelieved addresses remembered so that each is logged once; past this many the memory starts again. */
const MAX_LOGGED = 1000;

const validId = (id: unknown): id is number => typeof id === 'number' && Number.isSafeInteger(id) && id > 0;
const same = (a: string, b: string): boolean => a.toLowerCase() === b.toLowerCase();

/** What each task object's address claims: a list's every task is looked at again at each change of the list. */
const claims = new WeakMap<object, string | undefined>();

/** The `owner/name` a task's own address claims, when it is a name at all; not by itself a name to believe. */
export function nameFromTask(task: Pick<Task, 'url' | 'html_url'>): string | undefined {
  if (claims.has(task)) return claims.get(task);
  const claimed = claimOf(task);
  // Tasks are not changed in place (a change is a new object), so the answer holds as long as the object.
  claims.set(task, claimed);
  return claimed;
}

function claimOf(task: Pick<Task, 'url' | 'html_url'>): string | undefined {
  try {
    const r = repoOfTask(task);
    const name = r && repoLabel(r);
    return validRepoName(name) ? name : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The repository IDs a few tasks of `repo`'s listing carry (list repository tasks): active ones, else archived ones.
 */
export async function listingIds(client: Pick<ApiClient, 'listRepositoryTasks'>, repo: RepoRef): Promise<number[]> {
  for (const archived of [false, true]) {
    const params = { owner: repo.owner, repo: repo.repo, per_page: 3, ...(archived ? { is_archived: true } : {}) };
    const ids = (await client.listRepositoryTasks(params)).tasks.map(t => t.repository?.id).filter(validId);
    if (ids.length) return ids;
  }
  return [];
}

export class TaskNameFeed extends DisposableBase {
  /** Repository IDs one of whose tasks was read alone (get task) to learn its address. */
  private readonly asked = new Set<number>();
  /** Repository IDs whose claimed name was checked against a listing (list repository tasks). */
  private readonly checked = new Set<number>();
  private readonly logged = new Set<string>();

  constructor(private readonly deps: TaskNameFeedDeps) {
    super();
    this.register(deps.store.onDidChange(change => this.storeChanged(change)));
  }

  /** Another service or user: ask again for what is still unnamed. */
  reset(): void {
    this.asked.clear();
    this.checked.clear();
  }

  /**
   * Learns the name a task's address claims for its repository if a listing of that name holds tasks of this
   * repository only; resolves once it is learnt or refused. The chat's list tool waits on it.
   */
  async confirm(task: Task): Promise<void> {
    const id = task.repository?.id;
    const claimed = nameFromTask(task);
    if (!validId(id) || !claimed) return;
    const known = this.deps.names.name(id);
    if (known) {
      if (!same(known, claimed)) this.disbelieve(task, claimed, `that repository is ${known}`);
      return;
    }
    const [owner, repo] = claimed.split('/');
    let ids: number[];
    try {
      ids = await this.deps.listingIds({ owner, repo });
    } catch {
      return; // not read: the ID stays shown; the next session (or sign-in) checks again
    }
    if (ids.length && ids.every(i => i === id)) this.deps.names.learn(id, claimed, 'list');
    else
      this.disbelieve(
        task,
        claimed,
        ids.length
          ? `a listing of ${claimed} holds tasks of repository ${[...new Set(ids)].join(', ')}`
          : `${claimed} lists no task`,
      );
  }

  private storeChanged(change: StoreChange): void {
    const { store } = this.deps;
    // A list whose members changed is read whole (new tasks may name new repositories); otherwise only the tasks
    // that changed are, so a poll that brings one change costs one task's look, not the whole list's.
    const tasks: Task[] = change.list && change.membership ? [...store.list(change.list)] : [];
    for (const id of change.changed) {
      const t = store.get(id);
      if (t) tasks.push(t);
    }
    const repo = this.deps.repo();
    if (repo && change.list === this.deps.repoListKey(repo)) this.nameWorkspaceRepo(repo, store.list(change.list));
    this.checkClaims(tasks);
    this.askForMissing(tasks);
  }

  /**
   * The listing of the workspace's repository was asked for by the remote's name: the one ID its tasks carry is
   * that repository. Spelled as the service spells it when the tasks' addresses agree, else as the remote does.
   */
  private nameWorkspaceRepo(repo: RepoRef, tasks: readonly Task[]): void {
    const label = repoLabel(repo);
    const ids = new Set(tasks.map(t => t.repository?.id).filter(validId));
    if (ids.size !== 1) {
      if (ids.size > 1)
        this.logOnce(`list ${label}`, `the listing of ${label} holds tasks of ${ids.size} repositories`);
      return;
    }
    const [id] = ids;
    const spelled = tasks.map(nameFromTask).find(n => n !== undefined && same(n, label));
    this.deps.names.learn(id, spelled ?? label, spelled ? 'list' : 'remote');
    for (const t of tasks) {
      const claimed = nameFromTask(t);
      if (claimed && !same(claimed, label)) this.disbelieve(t, claimed, `it is listed under ${label}`);
    }
  }

  /** Checks, once per repository, the name an address claims for an ID still unnamed. */
  private checkClaims(tasks: readonly Task[]): void {
    for (const t of tasks) {
      const id = t.repository?.id;
      const claimed = nameFromTask(t);
      if (!validId(id) || !claimed) continue;
      const known = this.deps.names.name(id);
      if (known) {
        if (!same(known, claimed)) this.disbelieve(t, claimed, `that repository is ${known}`);
        continue;
      }
      if (this.checked.has(id) || this.checked.size >= MAX_LOOKUPS) continue;
      this.checked.add(id);
      void this.confirm(t);
    }
  }

  /** Reads alone one task of each unnamed repository whose tasks came without an address. */
  private askForMissing(tasks: readonly Task[]): void {
    const { names } = this.deps;
    for (const t of tasks) {
      const id = t.repository?.id;
      if (!validId(id) || names.name(id) !== undefined || this.asked.has(id) || nameFromTask(t)) continue;
      if (this.asked.size >= MAX_LOOKUPS) return;
      this.asked.add(id);
      // A failure leaves the ID shown; the next session (or sign-in) asks again.
      void this.deps.loadDetails(t.id).catch(() => undefined);
    }
  }

  private disbelieve(task: Task, claimed: string, why: string): void {
    const id = JSON.stringify(String(task.id).slice(0, 80));
    this.logOnce(
      `${task.id}\n${claimed}`,
      `task ${id} of repository ${String(task.repository?.id)}: its address names ${claimed}, but ${why}; ` +
        'that name is not believed',
    );
  }

  private logOnce(key: string, line: string): void {
    if (this.logged.has(key)) return;
    if (this.logged.size >= MAX_LOGGED) this.logged.clear();
    this.logged.add(key);
    this.deps.log?.(line);
  }
}

/** The feed of the task model: names learnt from its store's lists, with the listing check through its client. */
export function nameFeedOf(
  deps: {
    repos: { current(): RepoRef | undefined };
    client(): Promise<Parameters<typeof listingIds>[0]>;
    log: { child(c: string): { warn(line: string): void } };
  },
  store: TaskStore,
  names: RepoNames,
  loadDetails: (id: string) => Promise<void>,
): TaskNameFeed {
  return new TaskNameFeed({
    store,
    names,
    repo: () => deps.repos.current(),
    repoListKey: repo => listKeys.repo(repo),
    loadDetails,
    listingIds: async repo => listingIds(await deps.client(), repo),
    log: line => deps.log.child('names').warn(line),
  });
}
