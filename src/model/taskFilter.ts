import * as vscode from 'vscode';
import type { Task } from '../api';
import { onDidChangeSettings, readSettings } from '../config';
import { SETTINGS_SECTION, STATE_KEYS } from '../ids';
import { DisposableBase } from '../lifecycle';
import { Emitter } from './emitter';

/** What the user asked the task views to show: states (none = all), only mine, archived; remembered per workspace. */
export class TaskFilter extends DisposableBase {
  private readonly changed = this.register(new Emitter<void>());
  readonly onDidChange = this.changed.event;
  private archived: boolean;

  constructor(private readonly workspaceState: vscode.Memento) {
    super();
    this.archived = readSettings().showArchived;
    // The archived switch is a setting: it may change in the settings editor or another window.
    this.register(onDidChangeSettings(() => this.archivedChanged()));
  }

  private archivedChanged(): void {
    if (readSettings().showArchived === this.archived) return;
    this.archived = readSettings().showArchived;
    this.changed.fire();
  }

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
    await vscode.workspace
      .getConfiguration(SETTINGS_SECTION)
      .update('showArchived', on, vscode.ConfigurationTarget.Global);
    // Said now, whether or not the settings event has come yet: the caller goes on with the new filter.
    this.archivedChanged();
  }

  /** `me` is the signed-in user's id when known; "only mine" shows nothing until it is. */
  apply(tasks: Task[], me: number | undefined, onlyMineApplies: boolean): Task[] {
    const states = new Set(this.states);
    return tasks.filter(
      t =>
        (states.size === 0 || states.has(t.state)) &&
        (!onlyMineApplies || !this.onlyMine || (me !== undefined && t.creator?.id === me)),
    );
  }

  get active(): boolean {
    return this.states.length > 0;
  }
}
