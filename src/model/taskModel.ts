// The task model: the store, the sync that fills it, the one poller, who the user is and which repository the
// Repository Tasks view shows. Built once in extension.ts and handed to the views (which draw it), the commands
// (which act on it), the status bar and the notifier. No `vscode`: its parts are passed in.
import type { RepoRef, Task } from '../api';
import { waitHintMs } from '../errors/failure';
import { DisposableBase } from '../lifecycle';
import { Emitter } from '../shared/emitter';
import { untilSettled } from '../shared/untilSettled';
import { PollOutcome, type Reachable } from './pollOutcome';
import { LastShown } from './lastShown';
import { Poller, type PollMode } from './poller';
import { RepoNames } from './repoNames';
import { TaskStore, type ListKey } from './taskStore';
import { nameFeedOf, type TaskNameFeed } from './taskRepoNames';
import type { TaskPicture } from './taskPicture';
import { TaskPictures } from './taskPictures';
import type { ViewChange } from './viewState';
import { listKeys, syncTargets, TaskSync } from './taskSync';
import type { TaskModelDeps } from './taskModelDeps';

export type { Reachable } from './pollOutcome';
// The store's shapes the model's events and lists carry (surfaces import the model, never the store).
export type { ListKey, StateTransition, StoreChange } from './taskStore';
export type { TaskModelDeps };

export class TaskModel extends DisposableBase {
  readonly store = this.register(new TaskStore());
  private readonly sync: TaskSync;
  private readonly poller: Poller;
  /** Whether a token is set; undefined until it has been read (at activation, until SecretStorage answers). */
  private signedInNow: boolean | undefined = undefined;
  private readonly outcome: PollOutcome;
  /** Go to Task is open: both views' lists are read as if they were on screen. */
  private searching = 0;
  /** Repository names by ID, shared with the Installations view and the commands. */
  readonly names: RepoNames;
  /** One picture of each task, for every surface. */
  readonly pictures: TaskPictures;
  private readonly nameFeed: TaskNameFeed;
  /** The last lists this workspace saw, shown until the first answers replace them (see lastShown.ts). */
  readonly last: LastShown;
  private readonly statusChanged = this.register(new Emitter<void>());
  /** Signed in or out, reachable or not, another service or repository: the views' frame changes. */
  readonly onDidChangeStatus = this.statusChanged.event;
  private readonly tickEnded = this.register(new Emitter<void>());
  private readonly polled = this.register(new Emitter<void>());
  /** A poll went well (the "5 min ago" labels may have moved on). */
  readonly onDidPoll = this.polled.event;
  /** What the tasks did: joined or left a list, changed, moved from one state to another. */
  readonly onDidChangeTasks = this.store.onDidChange;

  constructor(private readonly deps: TaskModelDeps) {
    super();
    this.names = deps.names ?? new RepoNames();
    this.outcome = new PollOutcome(deps.log.child('poll'));
    // Before anyone else listens to the store: a picture is up to date when a surface hears of the change.
    this.pictures = this.register(
      new TaskPictures({
        store: this.store,
        names: this.names,
        me: () => this.sync.me,
        mineList: () => listKeys.mine(),
        continuations: deps.links,
        lastSeen: id => this.last.lastSeen(id),
      }),
    );
    this.last = new LastShown(deps, this.store, () => this.sync, this.pictures);
    this.sync = new TaskSync(
      deps.client,
      this.store,
      syncTargets(deps, () => this.searching > 0),
    );
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
    this.register(deps.view.onDidChange(c => this.viewChanged(c)));
    this.last.seed();
  }

  /** Reads what is signed in and polls for the first time. */
  start(focused: boolean): Promise<void> {
    this.poller.update({ focused });
    return this.signInChanged(true);
  }

  /** A service and a fine-grained token are there. */
  get signedIn(): boolean {
    return this.signedInNow === true;
  }

  /** Whether a token is set; undefined until it has been read (the last lists seen are shown meanwhile). */
  get signInKnown(): boolean | undefined {
    return this.signedInNow;
  }

  get reachable(): Reachable {
    return this.outcome.reachable;
  }

  /** What the last poll failed with (the error itself; a surface explains it), until a poll goes well again. */
  get failure(): unknown {
    return this.outcome.problem;
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
    if (this.signedInNow === undefined) return this.last.before(view);
    if (!this.signedInNow) return undefined;
    const archived = this.deps.view.filter.showArchived(view);
    if (view === 'mine') return [listKeys.mine(), ...(archived ? [listKeys.mine(true)] : [])];
    const repo = this.repo();
    if (!repo) return this.last.before(view);
    return [listKeys.repo(repo), ...(archived ? [listKeys.repo(repo, true)] : [])];
  }

  /** Resolves once one of these lists is read or failed, no token is set, a poll read all it watched, or maxMs pass. */
  firstRead(keys: ListKey[], maxMs: number): Promise<void> {
    const read = () => keys.some(k => this.store.hasList(k)) || this.problem(keys) !== undefined;
    const settled = () => !this.signedInNow || read() || this.sync.readOnce;
    return untilSettled(settled, [this.store.onDidChange, this.statusChanged.event, this.tickEnded.event], maxMs);
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
    return this.pictures.of(task).mine;
  }

  /** The pictures of every queued or running task the model knows, once each. */
  running(): TaskPicture[] {
    return this.store.active().map(t => this.picture(t.id)!);
  }

  /** Learns the name a task's address claims for its repository, once a listing of that name agrees. */
  learnRepoName(task: Task): Promise<void> {
    return this.nameFeed.confirm(task);
  }

  /** "owner/name" of a task (or "repository 5003" while no answer has named it). */
  repoName(task: Task): string | undefined {
    return this.names.name(task.repository?.id) ?? this.names.shown(task.repository?.id)?.label;
  }

  /** The picture of a task the model knows: everything a surface shows of it. */
  picture(id: string): TaskPicture | undefined {
    return this.pictures.get(id);
  }

  /** Whether a user id is the signed-in user's (a session's user shown as "you"); false while that is not known. */
  isMe(userId: unknown): boolean {
    return this.sync.me !== undefined && userId === this.sync.me;
  }

  /** Poll now and wait for the answer: Refresh, a started task, a list that just became visible. */
  refresh(): Promise<void> {
    return this.poller.trigger();
  }

  /** What the user sees changed: filters poll again, hidden lists are not polled unless a task of theirs runs. */
  private viewChanged(c: ViewChange): void {
    if (c.kind === 'filter') void this.poller.trigger();
    else if (c.kind === 'visibility') this.visibilityChanged();
    // A task shown expanded: its sessions are kept fresh while it is.
    else if (c.kind === 'expanded' && this.deps.view.expanded(c.id)) this.sync.expanded.add(c.id);
    else if (c.kind === 'expanded') this.sync.expanded.delete(c.id);
  }

  private visibilityChanged(): void {
    const { view } = this.deps;
    this.poller.update({ visible: view.visible('repo') || view.visible('mine') || this.searching > 0 });
    // A view that just opened on a list never read should not wait for the next slot of the slow pace.
    if (this.signedInNow && this.sync.watchedLists().some(k => !this.store.hasList(k))) void this.refresh();
  }

  /** Both views' lists are read, visible or not, until the function returned is called (Go to Task). */
  searchAll(): () => void {
    this.searching++;
    this.visibilityChanged();
    let ended = false;
    return () => {
      if (ended) return;
      ended = true;
      this.searching--;
      this.visibilityChanged();
    };
  }

  setFocused(focused: boolean): void {
    this.poller.update({ focused });
  }

  /** Reads a task with its sessions; asks for the same task under way join it. */
  loadDetails(id: string): Promise<void> {
    return this.pictures.noteRead(id, this.sync.loadDetails(id));
  }

  /** A task as known, with its sessions once read; undefined when no list or read holds it. */
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
      const noted = [this.outcome.note(undefined, this.signedIn), this.last.polled(this.signedIn)];
      if (noted.some(Boolean)) this.statusChanged.fire();
      this.polled.fire();
      return result;
    } catch (err) {
      const noted = [!signal.aborted && this.outcome.note(err, this.signedIn), this.last.polled(false)];
      if (noted.some(Boolean)) this.statusChanged.fire();
      throw err;
    } finally {
      this.tickEnded.fire();
    }
  }

  private async signInChanged(first = false): Promise<void> {
    const service = this.deps.service.current();
    this.signedInNow = service.kind !== 'none' && (await this.deps.tokens.has('fine_grained'));
    const where = service.kind === 'remote' ? ` ${service.url}` : '';
    this.deps.log.info(`service: ${service.kind}${where}; fine-grained token ${this.signedInNow ? 'set' : 'not set'}`);
    // Another service or token means another user's world: what was shown is forgotten (but see lastShown.ts).
    this.last.signedIn(first && this.signedInNow);
    this.sync.reset(this.last.keysShown());
    this.nameFeed.reset();
    this.outcome.reset();
    this.deps.repos.refresh();
    this.statusChanged.fire();
    this.poller.update({ signedIn: this.signedInNow });
    if (this.signedInNow) await this.refresh();
  }

  private repoChanged(): void {
    this.last.note();
    this.statusChanged.fire();
    if (this.signedInNow) void this.refresh();
  }
}
