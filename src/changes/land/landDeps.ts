// What the land commands (Apply Changes, Check Out in New Worktree, taking them back) are handed.
import type { Task } from '../../api';
import type { ChangesModel } from '../changesModel';
import type { GitRunner } from '../../git/gitRunner';
import type { ChangesView } from '../../model/changesView';
import type { Log } from '../../log';
import type { Ui } from '../../ui';

/** The context keys the land commands set: something to undo, a worktree to remove, an apply cut off. */
export type LandContextKey = 'canUndoApply' | 'canRemoveWorktree' | 'applyCutOff';

export type Ready = Extract<ChangesView, { kind: 'ready' }>;

export interface LandDeps {
  changes: ChangesModel;
  git: GitRunner;
  /** The user's git program, or undefined when there is none. */
  gitPath(): string | undefined;
  /** The remote of the local clone that holds the task's repository. */
  remoteOf(task: Task): string | undefined;
  task(id: string): Task | undefined;
  /** Every task the views know, for the palette's question. */
  tasks(): Task[];
  /** The extension's storage folder (Undo's copies of the files an apply replaced). */
  storage(): string;
  /** Sets a context key of the manifest (what the palette offers). */
  setContext(key: LandContextKey, on: boolean): void;
  ui: Ui;
  log: Log;
}
