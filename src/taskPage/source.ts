// What the task page needs of the model, and nothing more. Pure: no `vscode`.
import type { Task } from '../api';
import type { Event } from '../model/emitter';

export interface TaskPageSource {
  /** The task as last known, with its sessions when they have been read; undefined when it is not known. */
  get(taskId: string): Task | undefined;
  /** Reads the task with its sessions from the service (A5), stores it, and gives it back. */
  refresh(taskId: string, signal?: AbortSignal): Promise<Task>;
  /** Fires when tasks change; `changed` names the tasks whose content did. */
  readonly onDidChange: Event<{ readonly changed: readonly string[] }>;
  /** A repository name better than the task's own fields tell, when one is known. */
  repositoryName?(task: Task): string | undefined;
  /** "you" when the task is the signed-in user's own. */
  creatorName?(task: Task): string | undefined;
  /** "you" when a session's user is the signed-in user. */
  sessionUserName?(userId: unknown): string | undefined;
  /** Repository names were learnt: a page showing an ID may show a name now. */
  readonly onDidChangeNames?: Event<void>;
}
