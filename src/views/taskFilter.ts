import * as vscode from 'vscode';
import type { Task } from '../api';
import { STATE_KEYS, SETTINGS_SECTION } from '../ids';
import { readSettings } from '../config';

/** The filters of the task views: states (none = all), only mine, archived; remembered per workspace. */
export class TaskFilter implements vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChange = this.changed.event;

  constructor(private readonly workspaceState: vscode.Memento) {}

  get states(): string[] {
    return this.workspaceState.get<string[]>(STATE_KEYS.stateFilter, []);
  }

  get onlyMine(): boolean {
    return this.workspaceState.get<boolean>(STATE_KEYS.onlyMine, false);
  }

  get showArchived(): boolean {
    return readSettings().showArchived;
  }

  async setStates(states: string[]): Promise<void> {
    await this.workspaceState.update(STATE_KEYS.stateFilter, states);
    this.changed.fire();
  }

  async setOnlyMine(on: boolean): Promise<void> {
    await this.workspaceState.update(STATE_KEYS.onlyMine, on);
    this.changed.fire();
  }

  async setShowArchived(on: boolean): Promise<void> {
    await vscode.workspace.getConfiguration(SETTINGS_SECTION).update('showArchived', on, vscode.ConfigurationTarget.Global);
    this.changed.fire();
  }

  /** Settings changed elsewhere (the archived switch lives there). */
  settingsChanged(): void {
    this.changed.fire();
  }

  /** `me` is the signed-in user's id when known; "only mine" shows nothing until it is. */
  apply(tasks: Task[], me: number | undefined, onlyMineApplies: boolean): Task[] {
    const states = new Set(this.states);
    return tasks.filter(
      t => (states.size === 0 || states.has(t.state)) && (!onlyMineApplies || !this.onlyMine || (me !== undefined && t.creator?.id === me)),
    );
  }

  get active(): boolean {
    return this.states.length > 0;
  }

  dispose(): void {
    this.changed.dispose();
  }
}
