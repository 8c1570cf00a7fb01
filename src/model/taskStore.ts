// The tasks the extension knows, per list, and what changed at each update. Pure: no `vscode`.
import type { Session, Task } from '../api';
import { Emitter } from '../shared/emitter';
import { isActive } from '../shared/taskState';

export { isActive };

/**
 * A list of tasks the views show: one repository's (list repository tasks) or the user's (list your tasks), archived or
 * not.
 */
export type ListKey = string;

export interface StateTransition {
  id: string;
  from: string;
  to: string;
  task: Task;
}

export interface StoreChange {
  list?: ListKey;
  /** Tasks joined or left the list (not a mere change of order): its root must be redrawn. */
  membership: boolean;
  /** Tasks whose own content changed (state, name, artifacts, times, sessions). */
  changed: string[];
  /** State changes of tasks seen before; the first sight of a task is not a transition. */
  transitions: StateTransition[];
}

interface Entry {
  task: Task;
  /** Sessions from the last single-task read, and the `updated_at` they belong to. */
  sessions?: Session[];
  sessionsFor?: string;
  /** Kept from an earlier session (the last lists seen): its next version is its first sighting, not a transition. */
  kept?: boolean;
}

const byUpdatedDesc = (a: Task, b: Task): number =>
  a.updated_at < b.updated_at ? 1 : a.updated_at > b.updated_at ? -1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;

function sameTask(a: Task, b: Task): boolean {
  return (
    a.updated_at === b.updated_at &&
    a.state === b.state &&
    a.name === b.name &&
    a.session_count === b.session_count &&
    a.archived_at === b.archived_at &&
    (a.html_url ?? '') === (b.html_url ?? '') &&
    JSON.stringify(a.artifacts) === JSON.stringify(b.artifacts)
  );
}

/** Whether two values read from JSON are the same: equal primitives, or arrays and objects of the same values. */
function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a)) return Array.isArray(b) && a.length === b.length && a.every((v, i) => sameJson(v, b[i]));
  if (Array.isArray(b)) return false;
  const ka = Object.keys(a);
  if (ka.length !== Object.keys(b).length) return false;
  const ra = a as Record<string, unknown>;
  const rb = b as Record<string, unknown>;
  return ka.every(k => Object.hasOwn(rb, k) && sameJson(ra[k], rb[k]));
}

export class TaskStore {
  private readonly entries = new Map<string, Entry>();
  private readonly lists = new Map<ListKey, string[]>();
  private readonly changed = new Emitter<StoreChange>();
  readonly onDidChange = this.changed.event;
  private writes = 0;

  /** Moves on at every write, fired or not: what was worked out from the store holds while it stays. */
  get version(): number {
    return this.writes;
  }

  get(id: string): Task | undefined {
    return this.entries.get(id)?.task;
  }

  /** Every queued or running task of the lists, once each. */
  active(): Task[] {
    const seen = new Map<string, Task>();
    for (const key of this.listKeys())
      for (const t of this.list(key)) if (isActive(t.state) && !seen.has(t.id)) seen.set(t.id, t);
    return [...seen.values()];
  }

  /** Sessions, when they were read for the task's current version (`fresh`) or an older one. */
  sessions(id: string): { sessions: Session[]; fresh: boolean } | undefined {
    const e = this.entries.get(id);
    if (!e?.sessions) return undefined;
    return { sessions: e.sessions, fresh: e.sessionsFor === e.task.updated_at };
  }

  list(key: ListKey): Task[] {
    return (this.lists.get(key) ?? []).map(id => this.entries.get(id)!.task);
  }

  hasList(key: ListKey): boolean {
    return this.lists.has(key);
  }

  listKeys(): ListKey[] {
    return [...this.lists.keys()];
  }

  /** Whether any task of the given lists (all when omitted) is queued or running. */
  anyActive(keys?: ListKey[]): boolean {
    for (const key of keys ?? this.lists.keys()) {
      for (const id of this.lists.get(key) ?? []) if (isActive(this.entries.get(id)!.task.state)) return true;
    }
    return false;
  }

  /**
   * Replaces a whole list (a full read of every page). A list that moved while its pages were read can repeat a
   * task; it is kept once, in its most recent version (a tree refuses two items with one id).
   */
  replaceList(key: ListKey, tasks: Task[]): StoreChange {
    const latest = new Map<string, Task>();
    for (const t of tasks) {
      const seen = latest.get(t.id);
      if (!seen || seen.updated_at <= t.updated_at) latest.set(t.id, t);
    }
    const unique = latest.size === tasks.length ? tasks : [...latest.values()];
    return this.commit(key, [...unique].sort(byUpdatedDesc), unique);
  }

  /**
   * Merges the first page(s) of a list sorted by `updated_at` descending. Any task that changed since the last
   * read has moved to the top, so older entries beyond the page are kept; an entry newer than the page's oldest
   * task that is missing from the page has left the list (archived, deleted, filtered out).
   */
  mergeTop(key: ListKey, page: Task[], complete: boolean): StoreChange {
    if (complete || !this.lists.has(key)) return this.replaceList(key, page);
    const inPage = new Set(page.map(t => t.id));
    const oldest = page.reduce((min, t) => (t.updated_at < min ? t.updated_at : min), page[0]?.updated_at ?? '');
    const rest = this.list(key).filter(t => !inPage.has(t.id) && !(page.length > 0 && t.updated_at > oldest));
    const merged = [...page, ...rest].sort(byUpdatedDesc);
    return this.commit(key, merged, page);
  }

  /** A task read on its own (get task, with sessions) or just started (start task): updated everywhere it is listed. */
  upsertTask(task: Task, addTo: ListKey[] = []): StoreChange {
    this.writes++;
    const change: StoreChange = { membership: false, changed: [], transitions: [] };
    this.absorb(task, change);
    for (const key of addTo) {
      const ids = this.lists.get(key);
      if (!ids) continue;
      if (!ids.includes(task.id)) {
        this.lists.set(
          key,
          this.list(key)
            .concat(task)
            .sort(byUpdatedDesc)
            .map(t => t.id),
        );
        change.membership = true;
        change.list = key;
      }
    }
    this.fire(change);
    return change;
  }

  /**
   * A list kept from an earlier session (the last lists seen), shown until it is read: a state its tasks are read in
   * next is no transition (a window that opens does not replay what happened while it was closed).
   */
  keptList(key: ListKey, tasks: Task[]): StoreChange {
    const change = this.replaceList(key, tasks);
    for (const t of tasks) {
      const e = this.entries.get(t.id);
      if (e) e.kept = true;
    }
    return change;
  }

  /** Forgets a list (its view went away or its repository is no longer chosen). */
  dropList(key: ListKey): void {
    if (!this.lists.delete(key)) return;
    this.writes++;
    this.gc();
    this.fire({ list: key, membership: true, changed: [], transitions: [] });
  }

  clear(): void {
    this.writes++;
    const keys = [...this.lists.keys()];
    this.lists.clear();
    this.entries.clear();
    for (const list of keys) this.fire({ list, membership: true, changed: [], transitions: [] });
  }

  private commit(key: ListKey, ordered: Task[], incoming: Task[]): StoreChange {
    this.writes++;
    const change: StoreChange = { list: key, membership: false, changed: [], transitions: [] };
    for (const t of incoming) this.absorb(t, change);
    const before = this.lists.get(key);
    const after = ordered.map(t => t.id);
    // Order is not membership: views sort by creation, so a task that moved up by updating redraws alone.
    const had = new Set(before ?? []);
    change.membership = !before || before.length !== after.length || after.some(id => !had.has(id));
    this.lists.set(key, after);
    if (change.membership) this.gc();
    this.fire(change);
    return change;
  }

  private absorb(task: Task, change: StoreChange): void {
    const prev = this.entries.get(task.id);
    const sessions = task.sessions ?? prev?.sessions;
    const sessionsFor = task.sessions ? task.updated_at : prev?.sessionsFor;
    const stored: Task = { ...task };
    delete stored.sessions;
    // The user's list (list your tasks) omits url/html_url; keep what a richer read taught us.
    if (prev && stored.html_url === undefined && prev.task.html_url !== undefined) {
      stored.url = prev.task.url;
      stored.html_url = prev.task.html_url;
    }
    // A task that arrives as it was keeps its object: its picture, row and item stay as they are (a page of a
    // poll brings a hundred tasks, most of them unchanged).
    const kept = prev !== undefined && sameJson(prev.task, stored) ? prev.task : stored;
    this.entries.set(task.id, { task: kept, sessions, sessionsFor });
    if (!prev) return;
    const sessionsChanged =
      task.sessions !== undefined && JSON.stringify(task.sessions) !== JSON.stringify(prev.sessions);
    if ((kept !== prev.task && !sameTask(prev.task, stored)) || sessionsChanged) change.changed.push(task.id);
    if (prev.task.state !== stored.state && !prev.kept)
      change.transitions.push({ id: task.id, from: prev.task.state, to: stored.state, task: stored });
  }

  private gc(): void {
    const live = new Set<string>();
    for (const ids of this.lists.values()) for (const id of ids) live.add(id);
    for (const id of this.entries.keys()) if (!live.has(id)) this.entries.delete(id);
  }

  private fire(change: StoreChange): void {
    if (change.membership || change.changed.length || change.transitions.length) this.changed.fire(change);
  }

  dispose(): void {
    this.changed.dispose();
  }
}
