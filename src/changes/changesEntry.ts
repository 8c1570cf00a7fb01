// What the changes model is handed, and what it keeps for each task. No `vscode`.
import type { Session, Task } from '../api';
import type { Log } from '../log';
import type { Event } from '../shared/emitter';
import type { GitRunner } from '../git/gitRunner';
import type { LocalRepo } from './taskBranch';
import type { FetchTarget, LocalTips } from './taskRefs';
import type { ChangesView } from '../model/changesView';
import type { RoundsSource } from './rounds/taskRounds';

export interface ChangesDeps {
  tasks: {
    task(id: string): Task | undefined;
    sessions(id: string): { sessions: Session[]; fresh: boolean } | undefined;
    loadDetails(id: string): Promise<void>;
    repoName(task: Task): string | undefined;
    onDidChangeTasks: Event<{ readonly changed: readonly string[] }>;
  };
  repos: { candidates(): LocalRepo[] };
  /**
   * The tasks known to work on the same branch as this one (a task and its continuations): when one moves, the others
   * are read again with it.
   */
  related?(taskId: string): readonly string[];
  /** The rounds on a task's branch (the tasks on it, their times, the tips recorded): whose work the changes are. */
  rounds?: RoundsSource;
  git: GitRunner;
  /** Why git cannot be used (no git extension, git not found), or undefined when it can. */
  gitMissing(): string | undefined;
  intervalMs(): number;
  log: Log;
  now?: () => number;
}

export interface Entry {
  /** Who looks: `tree:<view>` or `page`. */
  readonly watchers: Set<string>;
  view?: ChangesView;
  /** The task's version (updated_at and state) the last fetch was made for. */
  fetchedFor?: string;
  lastFetchAt: number;
  tips?: LocalTips;
  running?: Promise<void>;
  /** A change arrived while the window was unfocused, or too soon after the last fetch. */
  due: boolean;
  /** The next read fetches even when the task itself did not move (a task on the same branch did). */
  force?: boolean;
  /** What the last read fetched: where, and which branches. */
  target?: FetchTarget;
  timer?: ReturnType<typeof setTimeout>;
}
