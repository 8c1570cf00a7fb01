// What the task page needs of the model, and nothing more. Pure: no `vscode`.
import type { Event } from '../shared/emitter';
import type { TaskPicture } from '../model/taskPicture';
import type { PicturesChange } from '../model/taskPictures';

export interface TaskPageSource {
  /** The picture of the task as last known (its sessions once read, its names, links, changes and error). */
  picture(taskId: string): TaskPicture | undefined;
  /** Reads the task with its sessions from the service, stores it, and gives back its picture. */
  refresh(taskId: string, signal?: AbortSignal): Promise<TaskPicture>;
  /** Fires when tasks change; `changed` names the tasks whose content did. */
  readonly onDidChange: Event<{ readonly changed: readonly string[] }>;
  /** Pictures changed beside their task's fields (a repository named, the changes read). */
  readonly onDidChangePictures: Event<PicturesChange>;
}
