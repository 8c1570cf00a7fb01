// The pictures of the tasks the model knows, each made once per change of what it is made of and handed out again
// while nothing changed (the same object: a surface compares identities to know whether to redraw). No `vscode`.
import type { Task } from '../api';
import { attemptFact } from './attemptFact';
import type { AttemptSets } from './attemptSets';
import type { ChangesView } from './changesView';
import type { ReviewSummary } from './reviewSummary';
import { DisposableBase } from '../lifecycle';
import type { ContinuedTask } from './continuationLinks';
import { Emitter, type Event } from '../shared/emitter';
import type { RepoNames } from './repoNames';
import { roundNumbers, type Round } from './roundNumbers';
import { buildPicture, type PictureFacts, type TaskPicture } from './taskPicture';
import type { ListKey, TaskStore } from './taskStore';

/** The changes feature, as the pictures read it: what is known of a task's changes, and when that changes. */
export interface ChangesSummaries {
  known(taskId: string): ChangesView | undefined;
  /** The task's review: files ticked as viewed, comments waiting to be sent. */
  review?(taskId: string): ReviewSummary | undefined;
  readonly onDidChange: Event<string>;
}

export interface PictureSources {
  store: TaskStore;
  names: Pick<RepoNames, 'shown' | 'onDidChange'>;
  /** The signed-in user's id, once known. */
  me(): number | undefined;
  /** The user's own list, which holds only tasks the user created (read while `me` is not known). */
  mineList(): ListKey;
  continuations?: { list(): { task: string; id: string; name: string }[]; readonly onDidChange: Event<string> };
  /** When the list showing the task was kept, while it is shown as the last one seen (not yet refreshed). */
  lastSeen?(id: string): number | undefined;
}

/** Which pictures changed for a reason beside their task's fields; undefined: every one. */
export type PicturesChange = readonly string[] | undefined;

interface Cached {
  picture: TaskPicture;
  epoch: number;
}

export class TaskPictures extends DisposableBase {
  private readonly cache = new Map<string, Cached>();
  private readonly errors = new Map<string, Error>();
  /** Bumped when something every picture may show changed (a repository named, the user's id learnt). */
  private epoch = 0;
  private continued: Map<string, ContinuedTask> | undefined;
  private rounds: Map<string, Round> | undefined;
  private mineIds: Set<string> | undefined;
  private changes: ChangesSummaries | undefined;
  private attempts: Pick<AttemptSets, 'get' | 'ofTask'> | undefined;
  private meWas: number | undefined;
  /** Bumped whenever a kept picture is dropped or made stale for a reason beside the store (see `version`). */
  private dropped = 0;
  private readonly changed = this.register(new Emitter<PicturesChange>());
  /** Pictures changed beside their task's own fields (names, links, changes, errors). */
  readonly onDidChange = this.changed.event;

  constructor(private readonly src: PictureSources) {
    super();
    this.register(src.store.onDidChange(c => (c.membership || c.list === undefined) && this.mineChanged()));
    this.register(src.names.onDidChange(() => this.namesChanged()));
    if (src.continuations) this.register(src.continuations.onDidChange(id => this.linksChanged(id)));
  }

  /** The sets of attempts started here: each attempt's picture names its set and siblings from now on. */
  useAttempts(attempts: Pick<AttemptSets, 'get' | 'ofTask' | 'onDidChange'>): void {
    this.attempts = attempts;
    // A set created, an attempt started or set aside: rare, and may move several pictures; each is made again.
    this.register(attempts.onDidChange(() => this.invalidate(undefined)));
  }

  /** The sets of attempts the pictures name (a surface reads a whole set through it), once given. */
  get sets(): Pick<AttemptSets, 'get' | 'ofTask'> | undefined {
    return this.attempts;
  }

  /** The changes feature feeds each picture's Changes summary from now on. */
  useChanges(changes: ChangesSummaries): void {
    this.changes = changes;
    this.register(changes.onDidChange(id => this.invalidate([id])));
  }

  /**
   * Moves on whenever a picture `get` hands out may have changed (the store written, a picture dropped, the user's id
   * learnt): a picture got while it stays the same is still the one `get` would hand out. A view redrawn with nothing
   * changed (its ages moved on, a filter) then looks up no picture.
   */
  get version(): number {
    this.noteMe();
    return this.src.store.version + this.dropped;
  }

  private noteMe(): void {
    const me = this.src.me();
    if (me === this.meWas) return;
    this.meWas = me;
    this.epoch++;
    this.dropped++;
  }

  /** The picture of a task the model knows; undefined when no list or read holds it. */
  get(id: string): TaskPicture | undefined {
    const task = this.src.store.get(id);
    if (!task) return undefined;
    this.noteMe();
    const sessions = this.src.store.sessions(id);
    const hit = this.cache.get(id);
    const p = hit?.picture;
    if (
      p &&
      hit.epoch === this.epoch &&
      p.task === task &&
      p.sessions?.list === sessions?.sessions &&
      p.sessions?.fresh === sessions?.fresh
    )
      return p;
    const picture = buildPicture(task, { sessions, ...this.factsOf(task) });
    this.cache.set(id, { picture, epoch: this.epoch });
    return picture;
  }

  /**
   * The picture of a task as a caller read it (chat reads tasks on its own): the model's own when it holds this very
   * version, else one made now from what the model knows of the task (not kept).
   */
  of(task: Task): TaskPicture {
    const known = this.get(task.id);
    return known && known.task === task ? known : buildPicture(task, this.factsOf(task));
  }

  private factsOf(task: Task): PictureFacts {
    const me = this.src.me();
    return {
      repo: this.src.names.shown(task.repository?.id),
      mine: me !== undefined ? task.creator?.id === me : this.mine().has(task.id),
      me,
      continues: this.continuations().get(task.id),
      round: this.roundsKnown().get(task.id),
      changes: this.changes?.known(task.id),
      review: this.changes?.review?.(task.id),
      error: this.errors.get(task.id),
      lastSeen: this.src.lastSeen?.(task.id),
      attempt: this.attemptOf(task.id),
    };
  }

  private attemptOf(id: string) {
    const place = this.attempts?.ofTask(id);
    return place && attemptFact(place);
  }

  /** The task's round on its work, when this workspace knows two rounds or more of it (a lookup, nothing made). */
  round(id: string): Round | undefined {
    return this.roundsKnown().get(id);
  }

  /** A read of the task failed (undefined: went well): its picture carries the error until one goes well. */
  setError(id: string, err: unknown): void {
    const was = this.errors.get(id);
    if (err === undefined) {
      if (!was) return;
      this.errors.delete(id);
    } else {
      this.errors.set(id, err instanceof Error ? err : new Error(typeof err === 'string' ? err : 'the read failed'));
    }
    this.invalidate([id]);
  }

  /** Something every picture may show changed (the last lists seen were replaced): each is made again. */
  refresh(): void {
    this.invalidate(undefined);
  }

  /** A read of the task: its picture carries the read's error until one goes well. */
  noteRead(id: string, read: Promise<void>): Promise<void> {
    return read.then(
      () => this.setError(id, undefined),
      (err: unknown) => {
        this.setError(id, err);
        throw err;
      },
    );
  }

  /** Forget everything: another service or user. */
  clear(): void {
    this.cache.clear();
    this.errors.clear();
    this.mineIds = undefined;
    this.epoch++;
    this.dropped++;
  }

  /**
   * Names were learnt: only the pictures whose repository now reads otherwise are made again, and only they are told
   * (a name learnt for one repository used to make every picture and every row again, in both views).
   */
  private namesChanged(): void {
    const ids: string[] = [];
    for (const [id, hit] of this.cache) {
      const before = hit.picture.repo;
      const now = this.src.names.shown(hit.picture.task.repository?.id);
      if (before?.label === now?.label && before?.why === now?.why) continue;
      this.cache.delete(id);
      ids.push(id);
    }
    if (!ids.length) return;
    this.dropped++;
    this.changed.fire(ids);
  }

  private invalidate(ids: PicturesChange): void {
    if (ids) for (const id of ids) this.cache.delete(id);
    else this.epoch++;
    this.dropped++;
    this.changed.fire(ids);
  }

  private mineChanged(): void {
    // While the user's id is unknown, "yours" comes from the user's own list: its members decide.
    if (this.mineIds && this.src.me() === undefined) {
      this.epoch++;
      this.dropped++;
    }
    this.mineIds = undefined;
  }

  private mine(): Set<string> {
    this.mineIds ??= new Set(this.src.store.list(this.src.mineList()).map(t => t.id));
    return this.mineIds;
  }

  /**
   * A link recorded: the task's own picture, and those of every task whose round or count of rounds it moved (each
   * round of the work it joined, and of the one it left), are made again.
   */
  private linksChanged(id: string): void {
    const before = this.rounds;
    this.continued = undefined;
    this.rounds = undefined;
    const after = this.roundsKnown();
    const ids = new Set([id]);
    if (before)
      for (const [task, r] of before) {
        const now = after.get(task);
        if (r.n !== now?.n || r.of !== now.of || r.first.id !== now.first.id || r.first.name !== now.first.name)
          ids.add(task);
      }
    for (const task of after.keys()) if (!before?.has(task)) ids.add(task);
    this.invalidate([...ids]);
  }

  private roundsKnown(): Map<string, Round> {
    this.rounds ??= roundNumbers(this.src.continuations?.list() ?? []);
    return this.rounds;
  }

  private continuations(): Map<string, ContinuedTask> {
    if (!this.continued) {
      this.continued = new Map();
      for (const l of this.src.continuations?.list() ?? []) this.continued.set(l.task, { id: l.id, name: l.name });
    }
    return this.continued;
  }
}
