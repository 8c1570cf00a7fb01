// What one poll does: read the first page of each watched list (a 304 when unchanged), all pages only on the first
// read or when more than a page changed, and sessions only for expanded tasks whose version moved. No `vscode`.
import type { ApiClient, Task } from '../api';
import type { TickResult } from './poller';
import { isActive, type ListKey, type TaskStore } from './taskStore';

export const PAGE_SIZE = 100;
const MAX_PAGES = 20;

export type TaskClient = Pick<ApiClient, 'listTasksForRepo' | 'listTasks' | 'getTask'> &
  Partial<Pick<ApiClient, 'lastRateLimit' | 'pollIntervalMs'>>;

/** Requests kept in hand for the user's own actions (starting a task, expanding one) when the limit runs low. */
const RATE_LIMIT_RESERVE = 20;

/**
 * The least interval that lets polling last until the rate-limit window resets with a reserve left; 0 when there is
 * plenty. With 10 requests left for 30 minutes this is about 3 minutes; with thousands left it is nothing.
 */
export function rateLimitPaceMs(rl: { remaining?: number; reset?: Date } | undefined, requestsPerTick: number, now = Date.now()): number {
  if (!rl || rl.remaining === undefined || !rl.reset) return 0;
  const windowMs = rl.reset.getTime() - now;
  if (windowMs <= 0) return 0;
  const ticksLeft = (rl.remaining - RATE_LIMIT_RESERVE) / Math.max(1, requestsPerTick);
  if (ticksLeft <= 0) return windowMs;
  const pace = windowMs / ticksLeft;
  return pace < 1000 ? 0 : Math.round(pace);
}

export interface RepoRef {
  owner: string;
  repo: string;
}

/** What the views currently want. */
export interface SyncTargets {
  repo?: RepoRef;
  repoVisible: boolean;
  mineVisible: boolean;
  archived: boolean;
  /** The "only mine" filter needs the user's id, learned from the user's own list. */
  needMine: boolean;
}

export const listKeys = {
  repo: (r: RepoRef, archived = false): ListKey => `repo:${r.owner.toLowerCase()}/${r.repo.toLowerCase()}${archived ? ':archived' : ''}`,
  mine: (archived = false): ListKey => (archived ? 'mine:archived' : 'mine'),
};

export class TaskSync {
  /** The last failure of each list; cleared when the list reads well again. */
  readonly problems = new Map<ListKey, unknown>();
  /** Tasks whose nodes are expanded: their sessions are kept fresh. */
  readonly expanded = new Set<string>();
  private userId: number | undefined;
  private started = false;
  private readonly detailsInFlight = new Map<string, Promise<void>>();
  /** Moves on at each reset; a tick or read begun before it writes nothing (it belongs to the old service or user). */
  private generation = 0;

  constructor(
    private readonly client: () => Promise<TaskClient>,
    private readonly store: TaskStore,
    private readonly targets: () => SyncTargets,
  ) {}

  /** Forget what was learnt (another service or token): the next tick is a first read again. */
  reset(): void {
    this.generation++;
    this.started = false;
    this.userId = undefined;
    this.problems.clear();
  }

  /** The signed-in user's id, once a task of theirs has been seen. */
  get me(): number | undefined {
    return this.userId;
  }

  watchedLists(t = this.targets()): ListKey[] {
    const keys: ListKey[] = [];
    // The first read covers the repository's list and the user's even with the views closed: the status bar and
    // the notifications need to know what runs.
    const first = !this.started;
    if (t.repo) {
      const k = listKeys.repo(t.repo);
      if (first || t.repoVisible || this.store.anyActive([k])) keys.push(k);
      if (t.repoVisible && t.archived) keys.push(listKeys.repo(t.repo, true));
    }
    if (first || t.mineVisible || t.needMine || this.store.anyActive([listKeys.mine()])) keys.push(listKeys.mine());
    if (t.mineVisible && t.archived) keys.push(listKeys.mine(true));
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
    if (firstError !== undefined) throw firstError;
    this.started = true;
    return {
      active: keys.some(k => this.store.list(k).some(task => isActive(task.state))),
      // The slower of what the rate limit allows and what the service asked for (x-poll-interval).
      minIntervalMs: Math.max(rateLimitPaceMs(client.lastRateLimit, keys.length), client.pollIntervalMs ?? 0),
    };
  }

  /** Reads a task with its sessions (A5) and stores it; concurrent asks for the same task share one request. */
  loadDetails(id: string, signal?: AbortSignal): Promise<void> {
    let p = this.detailsInFlight.get(id);
    if (!p) {
      const gen = this.generation;
      p = (async () => {
        const client = await this.client();
        const task = await client.getTask({ task_id: id }, { signal });
        if (gen === this.generation) this.store.upsertTask(task);
      })().finally(() => this.detailsInFlight.delete(id));
      this.detailsInFlight.set(id, p);
    }
    return p;
  }

  private async syncList(client: TaskClient, key: ListKey, t: SyncTargets, signal: AbortSignal, gen: number): Promise<void> {
    const archived = key.endsWith(':archived');
    const repo = key.startsWith('repo:') ? t.repo : undefined;
    const fetchPage = async (page: number): Promise<Task[]> => {
      const common = { per_page: PAGE_SIZE, page, sort: 'updated_at' as const, direction: 'desc' as const, ...(archived ? { is_archived: true } : {}) };
      const res = repo
        ? await client.listTasksForRepo({ owner: repo.owner, repo: repo.repo, ...common }, { signal })
        : await client.listTasks(common, { signal });
      return Array.isArray(res?.tasks) ? res.tasks : [];
    };
    const first = await fetchPage(1);
    const full = first.length === PAGE_SIZE;
    const allMoved = first.every(task => this.store.get(task.id)?.updated_at !== task.updated_at);
    if (!this.store.hasList(key) || (full && allMoved)) {
      const all = [...first];
      for (let page = 2, last = first; last.length === PAGE_SIZE && page <= MAX_PAGES; page++) {
        last = await fetchPage(page);
        all.push(...last);
      }
      if (gen !== this.generation) return;
      this.store.replaceList(key, all);
    } else {
      if (gen !== this.generation) return;
      this.store.mergeTop(key, first, !full);
    }
    if (key === listKeys.mine() && first.length) this.userId = first[0].creator?.id ?? this.userId;
  }
}
