// The task model: the store, the sync that fills it, the one poller, who the user is and which repository the
// Repository Tasks view shows. Built once in extension.ts and handed to the views (which draw it), the commands
// (which act on it), the status bar and the notifier. No `vscode`: its parts are passed in.
import type { RepoRef, Task } from '../api';
import { statusOf, waitHintMs } from '../errors/failure';
import { isFault } from '../errors/report';
import { explain } from '../errors/userErrors';
import type { TokenKind } from '../ids';
import { DisposableBase } from '../lifecycle';
import type { Log } from '../log';
import { Emitter, type Event } from './emitter';
import { Poller, type PollMode, type Timers } from './poller';
import { RepoNames, type RepoShown } from './repoNames';
import { isActive, TaskStore, type ListKey } from './taskStore';
import { nameFeedOf, type TaskNameFeed } from './taskRepoNames';
import { listKeys, TaskSync, type TaskClient } from './taskSync';

/** Whether the last poll reached the service, and if not, what it said (chooses the welcome content). */
export type Reachable = 'unknown' | 'yes' | 'no' | 'unauthorized' | 'forbidden';

export interface TaskModelDeps {
  client: () => Promise<TaskClient>;
  service: { current(): { kind: string; url: string }; onDidChange: Event<void> };
  tokens: { has(kind: TokenKind): Promise<boolean>; onDidChange: Event<TokenKind> };
  repos: { current(): RepoRef | undefined; readonly state: string; refresh(): void; onDidChange: Event<void> };
  filter: { showArchived(view: 'repo' | 'mine'): boolean; readonly onlyMine: boolean; onDidChange: Event<void> };
  pace: { activeMs: () => number; idleMs: () => number };
  log: Log;
  timers?: Timers;
  /** The repository names cache; one that lasts only this session when not given. */
  names?: RepoNames;
}

export class TaskModel extends DisposableBase {
  readonly store = this.register(new TaskStore());
  private readonly sync: TaskSync;
  private readonly poller: Poller;
  private signedInNow = false;
  private reachableNow: Reachable = 'unknown';
  private problemNow: { error: unknown; text: string } | undefined;
  private visible = { repo: false, mine: false };
  /** Go to Task is open: both views' lists are read as if they were on screen. */
  private searching = 0;
  /** Repository names by ID, shared with the Installations view and the commands. */
  readonly names: RepoNames;
  private readonly nameFeed: TaskNameFeed;
  private readonly statusChanged = this.register(new Emitter<void>());
  /** Signed in or out, reachable or not, another service or repository: the views' frame changes. */
  readonly onDidChangeStatus = this.statusChanged.event;
  private readonly polled = this.register(new Emitter<void>());
  /** A poll went well (the "5 min ago" labels may have moved on). */
  readonly onDidPoll = this.polled.event;
  /** What the tasks did: joined or left a list, changed, moved from one state to another. */
  readonly onDidChangeTasks = this.store.onDidChange;

  constructor(private readonly deps: TaskModelDeps) {
    super();
    this.names = deps.names ?? new RepoNames();
    this.sync = new TaskSync(deps.client, this.store, () => ({
      repo: deps.repos.current(),
      repoVisible: this.visible.repo || this.searching > 0,
      mineVisible: this.visible.mine || this.searching > 0,
      repoArchived: deps.filter.showArchived('repo'),
      mineArchived: deps.filter.showArchived('mine'),
      needMine: deps.filter.onlyMine,
    }));
    this.poller = this.register(
      new Poller({
        tick: signal => this.tick(signal),
        activeIntervalMs: deps.pace.activeMs,
        idleIntervalMs: deps.pace.idleMs,
        waitHintMs,
        timers: deps.timers,
      }),
    );
    this.nameFeed = this.register(nameFeedOf(deps, this.store, this.names, id => this.loadDetails(id)));
    const log = deps.log.child('poll');
    this.register(this.poller.onDidChangeMode(m => log.debug(`mode ${m}`)));
    this.register(deps.service.onDidChange(() => void this.signInChanged()));
    // Only the fine-grained token matters here: setting a classic or installation token leaves the tasks be.
    this.register(deps.tokens.onDidChange(kind => kind === 'fine_grained' && void this.signInChanged()));
    this.register(deps.repos.onDidChange(() => this.repoChanged()));
    this.register(deps.filter.onDidChange(() => void this.poller.trigger()));
  }

  /** Reads what is signed in and polls for the first time. */
  start(focused: boolean): Promise<void> {
    this.poller.update({ focused });
    return this.signInChanged();
  }

  /** A service and a fine-grained token are there. */
  get signedIn(): boolean {
    return this.signedInNow;
  }

  get reachable(): Reachable {
    return this.reachableNow;
  }

  /** What the last poll failed with, in plain words (and the error itself), until a poll goes well again. */
  get failure(): { error: unknown; text: string } | undefined {
    return this.problemNow;
  }

  get pollMode(): PollMode {
    return this.poller.mode;
  }

  /** How far finding the repository got: loading, noGit, none, found. */
  get repoState(): string {
    return this.deps.repos.state;
  }

  /** The repository the Repository view shows. */
  repo(): RepoRef | undefined {
    return this.deps.repos.current();
  }

  /** The store lists a view shows; undefined while it cannot show tasks (its welcome content speaks instead). */
  lists(view: 'repo' | 'mine'): ListKey[] | undefined {
    if (!this.signedInNow) return undefined;
    const archived = this.deps.filter.showArchived(view);
    if (view === 'mine') return [listKeys.mine(), ...(archived ? [listKeys.mine(true)] : [])];
    const repo = this.repo();
    return repo && [listKeys.repo(repo), ...(archived ? [listKeys.repo(repo, true)] : [])];
  }

  /** The last failure of any of these lists, while it lasts. */
  problem(keys: ListKey[]): unknown {
    return keys.map(k => this.sync.problems.get(k)).find(p => p !== undefined);
  }

  /** The lists among these that are longer than what was read. */
  cutLists(keys: ListKey[]): ListKey[] {
    return keys.filter(k => this.sync.cut.has(k));
  }

  /** Reads further into a list that was cut, and waits for it. */
  async loadMore(key: ListKey): Promise<void> {
    this.sync.readMore(key);
    await this.poller.trigger();
  }

  /** The signed-in user's id, once a task of theirs has been seen. */
  get me(): number | undefined {
    return this.sync.me;
  }

  /** Whether a task is the user's: by creator once the user is known, else by its place in the user's own list. */
  isMine(task: Task): boolean {
    const me = this.sync.me;
    return me !== undefined ? task.creator?.id === me : this.store.list(listKeys.mine()).some(t => t.id === task.id);
  }

  /** Every queued or running task the model knows, once each. */
  running(): Task[] {
    const seen = new Map<string, Task>();
    for (const key of this.store.listKeys())
      for (const t of this.store.list(key)) if (isActive(t.state)) seen.set(t.id, t);
    return [...seen.values()];
  }

  /**
   * The repository of a task as surfaces show it: `owner/name` when a source that speaks for it named it, else its
   * ID and why. Never the task's own `url`, which any task can set; every name here passed `validRepoName`.
   */
  repoShown(task: Task): RepoShown | undefined {
    return this.names.shown(task.repository?.id);
  }

  /** Learns the name a task's address claims for its repository, once a listing of that name agrees. */
  learnRepoName(task: Task): Promise<void> {
    return this.nameFeed.confirm(task);
  }

  /** "owner/name" of a task (or "repository 5003" while no answer has named it), in views that mix repositories. */
  repoName(task: Task): string | undefined {
    return this.repoShown(task)?.label;
  }

  /** "you" for the signed-in user's own tasks and sessions; undefined for anyone else, or while it is not known. */
  creatorName(creatorId: unknown, task?: Task): string | undefined {
    const me = this.sync.me;
    if (me !== undefined) return creatorId === me ? 'you' : undefined;
    // The user's own list (A4) holds only tasks the user created.
    return task && this.store.list(listKeys.mine()).some(t => t.id === task.id) ? 'you' : undefined;
  }

  /** Poll now and wait for the answer: Refresh, a started task, a list that just became visible. */
  refresh(): Promise<void> {
    return this.poller.trigger();
  }

  /** Which views are on screen: hidden lists are not polled unless a task of theirs runs. */
  setVisible(v: { repo: boolean; mine: boolean }): void {
    this.visible = v;
    this.poller.update({ visible: v.repo || v.mine || this.searching > 0 });
    // A view that just opened on a list never read should not wait for the next slot of the slow pace.
    if (this.signedInNow && this.sync.watchedLists().some(k => !this.store.hasList(k))) void this.refresh();
  }

  /** Both views' lists are read, visible or not, until the function returned is called (Go to Task). */
  searchAll(): () => void {
    this.searching++;
    this.setVisible(this.visible);
    let ended = false;
    return () => {
      if (ended) return;
      ended = true;
      this.searching--;
      this.setVisible(this.visible);
    };
  }

  setFocused(focused: boolean): void {
    this.poller.update({ focused });
  }

  /** A task shown expanded: its sessions are kept fresh while it is. */
  watchSessions(id: string, on: boolean): void {
    if (on) this.sync.expanded.add(id);
    else this.sync.expanded.delete(id);
  }

  /** Reads a task with its sessions; asks for the same task under way join it. */
  loadDetails(id: string): Promise<void> {
    return this.sync.loadDetails(id);
  }

  /** A task as known, with its sessions once they have been read (A5); undefined when no list or read holds it. */
  task(id: string): Task | undefined {
    const t = this.store.get(id);
    const s = t && this.store.sessions(id);
    return t && s ? { ...t, sessions: s.sessions } : t;
  }

  /** Ids of the tasks listed for a repository now. */
  knownIds(repo: RepoRef): Set<string> {
    return new Set(this.store.list(listKeys.repo(repo)).map(t => t.id));
  }

  /** A task just started: in the lists at once, and polled at the quick pace. */
  started(task: Task, repo: RepoRef): void {
    this.store.upsertTask(task, [listKeys.repo(repo), listKeys.mine()]);
    this.poller.markActive();
    void this.refresh();
  }

  private async tick(signal: AbortSignal) {
    try {
      const result = await this.sync.tick(signal);
      this.noteOutcome(undefined);
      this.polled.fire();
      return result;
    } catch (err) {
      if (!signal.aborted) this.noteOutcome(err);
      throw err;
    }
  }

  private async signInChanged(): Promise<void> {
    const service = this.deps.service.current();
    this.signedInNow = service.kind !== 'none' && (await this.deps.tokens.has('fine_grained'));
    const where = service.kind === 'remote' ? ` ${service.url}` : '';
    this.deps.log.info(`service: ${service.kind}${where}; fine-grained token ${this.signedInNow ? 'set' : 'not set'}`);
    // Another service or token means another user's world: forget what was shown.
    this.store.clear();
    this.sync.reset();
    this.nameFeed.reset();
    this.reachableNow = 'unknown';
    this.problemNow = undefined;
    this.deps.repos.refresh();
    this.statusChanged.fire();
    this.poller.update({ signedIn: this.signedInNow });
    if (this.signedInNow) await this.refresh();
  }

  private repoChanged(): void {
    this.statusChanged.fire();
    if (this.signedInNow) void this.refresh();
  }

  private noteOutcome(err: unknown): void {
    const before = this.reachableNow;
    const said = this.problemNow?.text;
    if (err === undefined) {
      this.reachableNow = this.signedInNow ? 'yes' : 'unknown';
      this.problemNow = undefined;
    } else {
      const status = statusOf(err);
      this.reachableNow = status === 401 ? 'unauthorized' : status === 403 ? 'forbidden' : 'no';
      this.problemNow = { error: err, text: explain(err).text };
      this.deps.log.child('poll').warn(`refresh failed: ${this.problemNow.text}`);
      if (isFault(err)) this.deps.log.child('poll').error(err);
    }
    if (before !== this.reachableNow || said !== this.problemNow?.text) this.statusChanged.fire();
  }
}
