// A prompt not yet started, kept per workspace; part of the view state (the Repository view draws it on top). No
// `vscode`.
import { STATE_KEYS } from '../ids';
import type { ContinuedTask } from '../model/continuationLinks';
import { Emitter } from '../shared/emitter';
import type { StartOptions } from './start/startOptions';

/** A prompt not yet started: kept in workspaceState so it survives a reload, a failure, a closed window. */
export interface Draft {
  prompt: string;
  options?: StartOptions;
  repo?: { owner: string; repo: string };
  /** The task this prompt continues (its options then carry that task's head and base). */
  continues?: ContinuedTask;
  /** The set of attempts (AttemptSets) this prompt started in part: Retry starts that set's missing attempts. */
  attemptSet?: string;
  /** Why the last attempt failed, in the user's terms. */
  problem?: string;
  savedAt: string;
}

/** The part of a `vscode.Memento` this needs. */
export interface DraftMemento {
  get<T>(key: string): T | undefined;
  update(key: string, value: unknown): PromiseLike<void>;
}

export class DraftStore {
  private readonly changed = new Emitter<void>();
  readonly onDidChange = this.changed.event;

  constructor(private readonly state: DraftMemento) {}

  get(): Draft | undefined {
    const d = this.state.get<Draft>(STATE_KEYS.draft);
    return d && typeof d.prompt === 'string' && d.prompt.trim() ? d : undefined;
  }

  async save(d: Omit<Draft, 'savedAt'>): Promise<void> {
    await this.state.update(STATE_KEYS.draft, { ...d, savedAt: new Date().toISOString() });
    this.changed.fire();
  }

  async clear(): Promise<void> {
    if (!this.state.get(STATE_KEYS.draft)) return;
    await this.state.update(STATE_KEYS.draft, undefined);
    this.changed.fire();
  }

  dispose(): void {
    this.changed.dispose();
  }
}
