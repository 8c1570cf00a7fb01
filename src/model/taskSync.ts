// What one poll does: read the first page of each watched list (a 304 when unchanged), all pages only on the first
// read or when more than a page changed, and sessions only for expanded tasks whose version moved. No `vscode`.
import type { ApiClient, RepoRef, Task } from '../api';
import { PER_PAGE_MAX } from '../api/protocol';
import { PAGE_BUDGET, readPages, type Page } from './pager';
import type { TickResult } from './poller';
import { isActive, type ListKey, type TaskStore } from './taskStore';
import { UnderWay } from './underWay';
import type { ViewState } from './viewState';

export const PAGE_SIZE = PER_PAGE_MAX;

export type TaskClient = Pick<ApiClient, 'listRepositoryTasks' | 'listTasks' | 'getTask'> &
  Partial<Pick<ApiClient, 'lastRateLimit' | 'pollIntervalMs'>>;

/** Requests kept in hand for the user's own actions (starting a task, expanding one) when the limit runs low. */
const RATE_LIMIT_RESERVE = 20;

/**
 * The least interval that lets polling last until the rate-limit window resets with a reserve left; 0 when there is
 * plenty. With 10 requests left for 30 minutes this is about 3 minutes; with thousands left it is nothing.
 */
export function rateLimitPaceMs(
  rl: { remaining?: number; reset?: Date } | undefined,
  requestsPerTick: number,
  now = Date.now(),
): number {
  if (!rl || rl.remaining === undefined || !rl.reset) return 0;
  const windowMs = rl.reset.getTime() - now;
  if (windowMs <= 0) return 0;
  const ticksLeft = (rl.remaining - RATE_LIMIT_RESERVE) / Math.max(1, requestsPerTick);
  if (ticksLeft <= 0) return windowMs;
  const pace = windowMs / ticksLeft;
  return pace < 1000 ? 0 : Math.round(pace);
}

/** What the views currently want. */
export interface SyncTargets {
  repo?: RepoRef;
  repoVisible: boolean;
  mineVisible: boolean;
  /** Each view's archived switch: its archived list is read too. */
  repoArchived: boolean;
  mineArchived: boolean;
  /** The "only mine" filter needs the user's id, learned from the user's own list. */
  needMine: boolean;
}

/** What the views want, from what the user chose to see and whether Go to Task reads every list (`searching`). */
export function syncTargets(
  deps: { repos: { current(): RepoRef | undefined }; view: Pick<ViewState, 'filter' | 'visible'> },
  searching: () => boolean,
): () => SyncTargets {
  return () => ({
    repo: deps.repos.current(),
    repoVisible: deps.view.visible('repo') || searching(),
    mineVisible: deps.view.visible('mine') || searching(),
    repoArchived: deps.view.filter.showArchived('repo'),
    mineArchived: deps.view.filter.showArchived('mine'),
    needMine: deps.view.filter.onlyMine,
  });
}

export const listKeys = {
  repo: (r: RepoRef, archived = false): ListKey =>
    `repo:${r.owner.toLowerCase()}/${r.repo.toLowerCase()}${archived ? ':archived' : ''}`,
  mine: (archived = false): ListKey => (archived ? 'mine:archived' : 'mine'),
};

export class TaskSync {
  /** The last failure of each list; cleared when the list reads well again. */
  readonly problems = new Map<ListKey, unknown>();
  /** Tasks whose nodes are expanded: their sessions are kept fresh. */
  readonly expanded = new Set<string>();
  /** Lists longer than their page budget: they show that they were cut, and `readMore` reads further. */
  readonly cut = new Set<ListKey>();
  /** Lists an answer was stored for since the last reset. */
  readonly read = new Set<ListKey>();
  private readonly budgets = new Map<ListKey, number>();
  /** Lists to read whole at the next tick (the user asked for more). */
  private readonly stale = new Set<ListKey>();
  private userId: number | undefined;
  private started = false;
  private readonly details = new UnderWay<void>();
  /** Moves on at each reset; a tick or read begun before it writes nothing (it belongs to the old service or user). */
  private generation = 0;

  constructor(
    private readonly client: () => Promise<TaskClient>,
    private readonly store: TaskStore,
    private readonly targets: () => SyncTargets,
  ) {}

  /**
   * Forget what was learnt (another service or token): the next tick is a first read again. `whole`: lists the store
   * holds from elsewhere (the last ones seen), read whole at the next tick.
   */
  reset(whole: ListKey[] = []): void {
    this.generation++;
    this.started = false;
    this.userId = undefined;
    this.problems.clear();
    this.cut.clear();
    this.budgets.clear();
    this.stale.clear();
    this.read.clear();
    this.details.forget();
    for (const key of whole) this.stale.add(key);
  }

  /** A cut list: the next tick reads it again with a larger page budget. */
  readMore(key: ListKey): void {
    this.budgets.set(key, (this.budgets.get(key) ?? PAGE_BUDGET) + PAGE_BUDGET);
    this.stale.add(key);
  }

  /** The signed-in user's id, once a task of theirs has been seen. */
  get me(): number | undefined {
    return this.userId;
  }

  /** Whether a poll since the last reset read every list it watched. */
  get readOnce(): boolean {
    return this.started;
  }

  watchedLists(t = this.targets()): ListKey[] {
    const keys: ListKey[] = [];
    // The first read covers the repository's list and the user's even with the views closed: the status bar and
    // the notifications need to know what runs.
    const first = !this.started;
    if (t.repo) {
      const k = listKeys.repo(t.repo);
      if (first || t.repoVisible || this.store.anyActive([k])) keys.push(k);
      if (t.repoVisible && t.repoArchived) keys.push(listKeys.repo(t.repo, true));
    }
    if (first || t.mineVisible || t.needMine || this.store.anyActive([listKeys.mine()])) keys.push(listKeys.mine());
    if (t.mineVisible && t.mineArchived) keys.push(listKeys.mine(true));
    return keys;
  }

  async tick(signal: AbortSignal): Promise<TickResult> {
    const gen = this.generation;
    const t = this.targets();
    const keys = this.watchedLists(t);
    const client = await this.client();
    let firstError: unknown;
    for (const key of keys) {
      if (signal.aborted || gen !== this.generation) break;
      try {
        await this.syncList(client, key, t, signal, gen);
        this.problems.delete(key);
      } catch (err) {
        if (signal.aborted) throw err;
        if (gen !== this.generation) break;
        this.problems.set(key, err);
        firstError ??= err;
      }
    }
    for (const id of this.expanded) {
      const s = this.store.sessions(id);
      if (this.store.get(id) && (!s || !s.fresh)) await this.loadDetails(id, signal).catch(() => undefined);
    }
    // Reset while under way: what was read belongs to the old service or user and was not stored.
    if (gen !== this.generation) return { active: false };
    if (firstError instanceof Error) throw firstError;
    if (firstError !== undefined) throw new Error('a list could not be read');
    this.started = true;
    return {
      active: keys.some(k => this.store.list(k).some(task => isActive(task.state))),
      queued: keys.some(k => this.store.list(k).some(task => task.state === 'queued')),
      // The slower of what the rate limit allows and what the service asked for (x-poll-interval).
      minIntervalMs: Math.max(rateLimitPaceMs(client.lastRateLimit, keys.length), client.pollIntervalMs ?? 0),
    };
  }

  /** Reads a task with its sessions (get task) and stores it; concurrent asks for the same task share one request. */
  loadDetails(id: string, signal?: AbortSignal): Promise<void> {
    const gen = this.generation;
    return this.details.join(id, async () => {
      const client = await this.client();
      const task = await client.getTask({ task_id: id }, { signal });
      if (gen === this.generation) this.store.upsertTask(task);
    });
  }

  private async syncList(
    client: TaskClient,
    key: ListKey,
    t: SyncTargets,
    signal: AbortSignal,
    gen: number,
  ): Promise<void> {
    const archived = key.endsWith(':archived');
    const repo = key.startsWith('repo:') ? t.repo : undefined;
    const fetchPage = async (page: number, perPage: number): Promise<Page<Task>> => {
      const common = {
        per_page: perPage,
        page,
        sort: 'updated_at' as const,
        direction: 'desc' as const,
        ...(archived ? { is_archived: true } : {}),
      };
      const res = repo
        ? await client.listRepositoryTasks({ owner: repo.owner, repo: repo.repo, ...common }, { signal })
        : await client.listTasks(common, { signal });
      return { items: Array.isArray(res?.tasks) ? res.tasks : [] };
    };
    const first = await fetchPage(1, PAGE_SIZE);
    const full = first.items.length === PAGE_SIZE;
    const allMoved = first.items.every(task => this.store.get(task.id)?.updated_at !== task.updated_at);
    if (!this.store.hasList(key) || this.stale.has(key) || (full && allMoved)) {
      if (!this.store.hasList(key) && full) {
        // A list never shown shows its first page at once (the first tree of a long list does not wait for every
        // page); it is read whole at the next tick should the rest fail now.
        if (gen !== this.generation) return;
        this.stale.add(key);
        this.store.replaceList(key, first.items);
      }
      const read = await readPages(fetchPage, task => task.id, {
        first,
        perPage: PAGE_SIZE,
        maxPages: this.budgets.get(key),
        signal,
      });
      if (gen !== this.generation) return;
      this.stale.delete(key);
      if (read.cut) this.cut.add(key);
      else this.cut.delete(key);
      this.store.replaceList(key, read.items);
    } else {
      if (gen !== this.generation) return;
      this.store.mergeTop(key, first.items, !full);
    }
    this.read.add(key);
    if (key === listKeys.mine() && first.items.length) this.userId = first.items[0].creator?.id ?? this.userId;
  }
}
