// Which task continues which. The service does not record it (a start only names the branches), and reading it back
// from equal `head_ref`s would take a single-task read of every listed task, and a queued task has no session to read
// it from; so it is remembered here, in workspace state, when the continuing task is started. No `vscode`.
import { STATE_KEYS } from '../ids';
import { Emitter } from './emitter';

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

type Stored = Record<string, ContinuedTask & { at: number }>;

/** The newest links kept: enough for any list a view shows, and the state stays small. */
const MAX_LINKS = 500;

export class ContinuationLinks {
  private readonly changed = new Emitter<string>();
  /** A link was recorded for the task with this id. */
  readonly onDidChange = this.changed.event;

  constructor(private readonly state: LinkMemento) {}

  /** The task `taskId` continues, when this workspace started it as a continuation. */
  of(taskId: string): ContinuedTask | undefined {
    const l = this.all()[taskId];
    return l && typeof l.id === 'string' && typeof l.name === 'string' ? { id: l.id, name: l.name } : undefined;
  }

  async remember(taskId: string, continued: ContinuedTask): Promise<void> {
    const all = this.all();
    all[taskId] = { id: continued.id, name: continued.name, at: Date.now() };
    const kept = Object.entries(all)
      .sort((a, b) => (b[1].at ?? 0) - (a[1].at ?? 0))
      .slice(0, MAX_LINKS);
    await this.state.update(STATE_KEYS.continuations, Object.fromEntries(kept));
    this.changed.fire(taskId);
  }

  private all(): Stored {
    const v = this.state.get<unknown>(STATE_KEYS.continuations);
    return v && typeof v === 'object' && !Array.isArray(v) ? { ...(v as Stored) } : {};
  }

  dispose(): void {
    this.changed.dispose();
  }
}
