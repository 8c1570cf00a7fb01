// The last known lists as the task model shows them: put in the store at activation (before the token, the repository
// or the service answer), each marked as being refreshed until an answer replaces it, and dropped on sign-out, another
// service or user, or a repository found to be another. After each poll that went well, the lists shown are kept
// again. No `vscode`.
import type { Task } from '../api';
import { LastListsStore, type LastLists } from './lastLists';
import type { TaskModelDeps } from './taskModelDeps';
import type { ListKey, TaskStore } from './taskStore';
import { listKeys } from './taskSync';

const byCreatedDesc = (a: Task, b: Task) =>
  a.created_at < b.created_at ? 1 : a.created_at > b.created_at ? -1 : a.id < b.id ? 1 : a.id > b.id ? -1 : 0;

export class LastShown {
  /** The stored lists still shown as they were kept (not yet replaced by an answer). */
  private readonly keys = new Set<ListKey>();
  private lists: LastLists | undefined;
  private ids: Set<string> | undefined;
  /** The store's version last kept: a poll that changed nothing writes nothing. */
  private keptAt = -1;
  private readonly kept: LastListsStore | undefined;

  constructor(
    private readonly deps: Pick<TaskModelDeps, 'lastLists' | 'service' | 'repos'>,
    private readonly store: TaskStore,
    private readonly sync: () => { readonly read: Set<ListKey>; readonly me: number | undefined },
    private readonly pictures: { refresh(): void; clear(): void },
  ) {
    this.kept = deps.lastLists && new LastListsStore(deps.lastLists.state, () => deps.lastLists!.folders());
  }

  /** The service's kind and address: what a kept list must have been read from. */
  private service(): string {
    const s = this.deps.service.current();
    return `${s.kind}\n${s.scope ?? s.url}`;
  }

  /**
   * The token was read (`keep`: the first time, at activation, and it is set): the last lists seen stay on screen until
   * the answers replace them in place; otherwise they and everything shown are forgotten (another service or user).
   */
  signedIn(keep: boolean): void {
    if (keep && this.keys.size) return;
    this.forget();
    this.store.clear();
    this.pictures.clear();
  }

  /** A poll ended: what it read is noted, and once no stored list is left, the lists shown are kept (signed in). */
  polled(signedIn: boolean): boolean {
    const changed = this.note();
    if (signedIn) this.keep();
    return changed;
  }

  /** Puts what was kept for this service in the store (before anything is read); returns whether anything is shown. */
  seed(): boolean {
    const read = this.kept?.read(this.service());
    if (!read?.lists) return false;
    this.lists = read.lists;
    for (const [key, tasks] of Object.entries(read.lists.lists)) {
      this.store.keptList(key, tasks);
      this.keys.add(key);
    }
    return this.keys.size > 0;
  }

  /** Whether some list shown is still the stored one. */
  get showing(): boolean {
    return this.keys.size > 0;
  }

  /** Whether one of these lists is still the stored one. */
  shows(keys: ListKey[] | undefined): boolean {
    return !!keys?.some(k => this.keys.has(k));
  }

  /** The stored lists still shown, to be read whole at the first poll. */
  keysShown(): ListKey[] {
    return [...this.keys];
  }

  /** When the list holding this task was kept, while it is shown as kept. */
  lastSeen(id: string): number | undefined {
    if (!this.lists || !this.keys.size) return undefined;
    this.ids ??= new Set([...this.keys].flatMap(k => this.store.list(k).map(t => t.id)));
    return this.ids.has(id) ? this.lists.savedAt : undefined;
  }

  /** The stored repository list, while it is shown and the repository is not yet found. */
  repoKey(): ListKey | undefined {
    const key = this.lists?.repo;
    return key && this.keys.has(key) ? key : undefined;
  }

  /** What a view shows of the stored lists while the token or the repository is not yet known. */
  before(view: 'repo' | 'mine'): ListKey[] | undefined {
    const repo = this.deps.repos.current();
    if (view === 'repo' && !repo && this.deps.repos.state !== 'loading') return undefined;
    const key = view === 'mine' ? listKeys.mine() : repo ? listKeys.repo(repo) : this.repoKey();
    return key && this.keys.has(key) ? [key] : undefined;
  }

  /**
   * What a poll or a finding changed: lists read are no longer the stored ones; another user, or another repository
   * once it is found, drops what is left. Returns whether the lists shown as stored changed.
   */
  note(): boolean {
    if (!this.keys.size) return false;
    const me = this.sync().me;
    // null: the repository is not yet found.
    const repo = this.deps.repos.current() ?? (this.deps.repos.state === 'loading' ? null : undefined);
    const before = this.keys.size;
    for (const key of this.keys) if (this.sync().read.has(key)) this.keys.delete(key);
    if (me !== undefined && this.lists?.user !== undefined && me !== this.lists.user) this.dropAll();
    const key = this.lists?.repo;
    if (key && this.keys.has(key) && repo !== null && (!repo || listKeys.repo(repo) !== key)) {
      this.keys.delete(key);
      this.store.dropList(key);
    }
    if (this.keys.size === before) return false;
    this.ids = undefined;
    // Every picture that said "last seen" says it no more.
    this.pictures.refresh();
    return true;
  }

  /** Signed out, another service or token: nothing stored is shown or kept. */
  forget(): void {
    this.keys.clear();
    this.ids = undefined;
    this.lists = undefined;
    this.keptAt = -1;
    this.kept?.drop();
  }

  /** Drops the stored lists still shown from the store. */
  private dropAll(): void {
    for (const key of this.keys) this.store.dropList(key);
    this.keys.clear();
  }

  /** Keeps the lists shown now (the first the views show of each), once none shown is a stored one. */
  keep(): void {
    const [user, repo] = [this.sync().me, this.deps.repos.current()];
    if (!this.kept || this.keys.size || this.keptAt === this.store.version) return;
    this.keptAt = this.store.version;
    const lists: Record<ListKey, Task[]> = {};
    const take = (key: ListKey) =>
      this.store.hasList(key) && (lists[key] = [...this.store.list(key)].sort(byCreatedDesc));
    take(listKeys.mine());
    const repoKey = repo && listKeys.repo(repo);
    if (repoKey) take(repoKey);
    if (!Object.keys(lists).length) return;
    this.kept.write({
      service: this.service(),
      ...(user !== undefined ? { user } : {}),
      ...(repoKey && lists[repoKey] ? { repo: repoKey } : {}),
      lists,
    });
  }
}
