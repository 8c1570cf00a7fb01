// Whether My Tasks groups its tasks under their repositories: a way of showing, not a filter (nothing is hidden and
// nothing is read again), remembered per workspace. No `vscode`.
import { STATE_KEYS } from '../ids';
import { Emitter } from '../shared/emitter';

/** The part of a `vscode.Memento` this needs. */
export interface GroupingMemento {
  get<T>(key: string): T | undefined;
  update(key: string, value: unknown): PromiseLike<void>;
}

export class TaskGrouping {
  private readonly changed = new Emitter<void>();
  readonly onDidChange = this.changed.event;

  constructor(private readonly state: GroupingMemento) {}

  /** Whether My Tasks shows its tasks under their repositories. */
  get byRepository(): boolean {
    return this.state.get<unknown>(STATE_KEYS.myGroupedByRepo) === true;
  }

  async setByRepository(on: boolean): Promise<void> {
    if (on === this.byRepository) return;
    await this.state.update(STATE_KEYS.myGroupedByRepo, on);
    this.changed.fire();
  }

  dispose(): void {
    this.changed.dispose();
  }
}
