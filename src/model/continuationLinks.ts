// Which task continues which. The service does not record it (a start only names the branches), and reading it back
// from equal `head_ref`s would take a single-task read of every listed task, and a queued task has no session to read
// it from; so it is remembered here, in workspace state, when the continuing task is started. No `vscode`.
import { STATE_KEYS } from '../ids';
import { Emitter } from '../shared/emitter';

/** The task a new one continues: its id, and its name as it was then (text from the service, shown as text). */
export interface ContinuedTask {
  id: string;
  name: string;
}

/** The part of a `vscode.Memento` this needs. */
export interface LinkMemento {
  get<T>(key: string): T | undefined;
  update(key: string, value: unknown): PromiseLike<void>;
}

/**
 * Oldest first; an array, since the order of an object's keys is not the order they were set in for every id. `tip`:
 * the commit the branch was at when the continuation was started (where the rounds before it end); links stored
 * before it was recorded have none.
 */
type Stored = { task: string; id: string; name: string; tip?: string }[];

/** The newest links kept: enough for any list a view shows, and the state stays small. */
const MAX_LINKS = 500;

export class ContinuationLinks {
  private readonly changed = new Emitter<string>();
  /** A link was recorded for the task with this id. */
  readonly onDidChange = this.changed.event;

  constructor(private readonly state: LinkMemento) {}

  /** The task `taskId` continues, when this workspace started it as a continuation. */
  of(taskId: string): ContinuedTask | undefined {
    const l = this.all().find(x => x.task === taskId);
    return l && { id: l.id, name: l.name };
  }

  /** Every link kept, oldest first: `task` continues the task `id` (named `name` when it was continued). */
  list(): { task: string; id: string; name: string; tip?: string }[] {
    return this.all();
  }

  /** Records where the branch was when `taskId` was started as a continuation (once; a later note is ignored). */
  async noteTip(taskId: string, tip: string): Promise<void> {
    const all = this.all();
    const l = all.find(x => x.task === taskId);
    if (!l || l.tip !== undefined || !/^[0-9a-f]{40,64}$/.test(tip)) return;
    l.tip = tip;
    await this.state.update(STATE_KEYS.continuations, all);
  }

  async remember(taskId: string, continued: ContinuedTask): Promise<void> {
    const kept = this.all().filter(x => x.task !== taskId);
    kept.push({ task: taskId, id: continued.id, name: continued.name });
    await this.state.update(STATE_KEYS.continuations, kept.slice(-MAX_LINKS));
    this.changed.fire(taskId);
  }

  /** What is stored, without what is not a link (a damaged or older state). */
  private all(): Stored {
    const v = this.state.get<unknown>(STATE_KEYS.continuations);
    if (!Array.isArray(v)) return [];
    return (v as unknown[])
      .filter((x): x is Stored[number] => {
        const l = x as Partial<Record<keyof Stored[number], unknown>> | null;
        return typeof l === 'object' && l !== null && [l.task, l.id, l.name].every(f => typeof f === 'string');
      })
      .map(l =>
        typeof l.tip === 'string' && /^[0-9a-f]{40,64}$/.test(l.tip)
          ? { ...l }
          : { task: l.task, id: l.id, name: l.name },
      );
  }

  dispose(): void {
    this.changed.dispose();
  }
}
