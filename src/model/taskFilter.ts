import type * as vscode from 'vscode';
import type { Task } from '../api';
import { onDidChangeSettings, readSettings } from '../config';
import { STATE_KEYS } from '../ids';
import { DisposableBase } from '../lifecycle';
import { Emitter } from '../shared/emitter';
import * as l10n from '@vscode/l10n';

/** The two task views, as the filter knows them. */
export type TaskViewName = 'repo' | 'mine';

const STATE_KEY: Record<TaskViewName, string> = { repo: STATE_KEYS.stateFilter, mine: STATE_KEYS.stateFilterMine };
const ARCHIVED_KEY: Record<TaskViewName, string> = {
  repo: STATE_KEYS.showArchived,
  mine: STATE_KEYS.showArchivedMine,
};

/**
 * What the user asked each task view to show: states (none = all), archived or not (the task model reads it to
 * choose which lists to poll), and only mine (Repository); each view its own, remembered per workspace. The
 * showArchived setting is where a view starts until its own toggle is used.
 */
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

  /** The states a view shows; none: all. Each view has its own. */
  states(view: TaskViewName): string[] {
    const v = this.workspaceState.get<unknown>(STATE_KEY[view], []);
    return Array.isArray(v) ? v.filter((s): s is string => typeof s === 'string') : [];
  }

  get onlyMine(): boolean {
    return this.workspaceState.get<boolean>(STATE_KEYS.onlyMine, false);
  }

  /**
   * Whether a view shows archived tasks too: its own toggle once used, else the setting, as last read (kept by the
   * change listener above). Every draw and poll asks this, and reading the setting costs VS Code a copy of the whole
   * configuration (a millisecond a draw, most of a 1,000-row redraw).
   */
  showArchived(view: TaskViewName): boolean {
    const own = this.workspaceState.get<unknown>(ARCHIVED_KEY[view]);
    return typeof own === 'boolean' ? own : this.archived;
  }

  async setStates(view: TaskViewName, states: string[]): Promise<void> {
    await this.workspaceState.update(STATE_KEY[view], states);
    this.changed.fire();
  }

  /** Shows a view's tasks unfiltered again: every state, and everyone's in Repository. */
  async clear(view: TaskViewName): Promise<void> {
    await this.workspaceState.update(STATE_KEY[view], []);
    if (view === 'repo') await this.workspaceState.update(STATE_KEYS.onlyMine, false);
    this.changed.fire();
  }

  async setOnlyMine(on: boolean): Promise<void> {
    await this.workspaceState.update(STATE_KEYS.onlyMine, on);
    this.changed.fire();
  }

  async setShowArchived(view: TaskViewName, on: boolean): Promise<void> {
    await this.workspaceState.update(ARCHIVED_KEY[view], on);
    this.changed.fire();
  }

  /** `me` is the signed-in user's id when known; "only mine" (Repository only) shows nothing until it is. */
  apply(view: TaskViewName, tasks: Task[], me: number | undefined): Task[] {
    const states = new Set(this.states(view));
    const onlyMine = view === 'repo' && this.onlyMine;
    return tasks.filter(
      t => (states.size === 0 || states.has(t.state)) && (!onlyMine || (me !== undefined && t.creator?.id === me)),
    );
  }

  /** Whether a view's states are filtered (the filter icon shows it filled). */
  statesFiltered(view: TaskViewName): boolean {
    return this.states(view).length > 0;
  }

  /** Whether anything hides tasks of a view that it would show otherwise. */
  active(view: TaskViewName): boolean {
    return this.statesFiltered(view) || (view === 'repo' && this.onlyMine);
  }

  /** What a view's filter hides, in words ("Failed, Timed out · only mine"); undefined when it hides nothing. */
  describe(view: TaskViewName, label: (state: string) => string): string | undefined {
    const parts = [];
    const states = this.states(view);
    if (states.length) parts.push(states.map(label).join(', '));
    if (view === 'repo' && this.onlyMine) parts.push(l10n.t('only mine'));
    return parts.length ? parts.join(' · ') : undefined;
  }
}
