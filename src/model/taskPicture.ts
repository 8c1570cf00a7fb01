// One read-only picture of a task: everything a surface (tree, task page, chat, status bar, notifier) shows of it,
// worked out once per change of what it is made from. A new fact about a task is added here, and every surface can
// show it. Pure: no `vscode`.
import type { Artifact, Session, Task } from '../api';
import type { AttemptFact } from './attemptFact';
import type { ChangesView } from './changesView';
import type { ReviewSummary } from './reviewSummary';
import { plainName } from '../safety/serviceText';
import type { ContinuedTask } from './continuationLinks';
import type { RepoShown } from './repoNames';
import type { Round } from './roundNumbers';
import { pullRequests } from './taskLinks';
import { stateStyle, type StateStyle } from '../shared/taskState';
import * as l10n from '@vscode/l10n';

export interface TaskPicture {
  readonly id: string;
  /** The task's fields as the service sent them (checked at the API boundary). */
  readonly task: Task;
  /** Its sessions, once a single-task read brought them; `fresh` when they belong to the task's current version. */
  readonly sessions?: { readonly list: readonly Session[]; readonly fresh: boolean };
  /** The name without Markdown marks, or the id when the task has none. */
  readonly name: string;
  readonly state: StateStyle;
  /** `owner/name` when a source that speaks for it named it, else `repository <id>` and why. */
  readonly repo?: RepoShown;
  /** "you" for the user's own tasks; undefined for anyone else or while that is not known. */
  readonly creator?: string;
  readonly mine: boolean;
  /** The signed-in user's id, once known: a session of theirs is shown as "you". */
  readonly me?: number;
  /** The task this one continues, when this workspace started it as a continuation. */
  readonly continues?: ContinuedTask;
  /** Its round on the work it belongs to ("round 2 of 3"), when this workspace knows of two rounds or more. */
  readonly round?: Round;
  /** Its web page and pull requests (artifacts of type `pull`). */
  readonly links: { readonly web?: string; readonly pullRequests: readonly Artifact[] };
  /** Its changes, as far as they are known (nothing is read to make the picture). */
  readonly changes?: ChangesView;
  /** The user's review of them: files ticked as viewed, comments waiting to be sent. */
  readonly review?: ReviewSummary;
  /** Why the last read of the task failed, until a read goes well: an error object, explained by the surface. */
  readonly error?: Error;
  /** When the list it was shown from was kept, while that list is the last one seen and not yet refreshed. */
  readonly lastSeen?: number;
  /** Its place in a set of attempts of one prompt, when this workspace started it as one. */
  readonly attempt?: AttemptFact;
}

/** What the picture is made of beside the task's own fields; every part is optional. */
export interface PictureFacts {
  sessions?: { sessions: Session[]; fresh: boolean };
  repo?: RepoShown;
  /** Whether the task is the user's own, when that is known. */
  mine?: boolean;
  me?: number;
  continues?: ContinuedTask;
  round?: Round;
  changes?: ChangesView;
  review?: ReviewSummary;
  error?: Error;
  lastSeen?: number;
  attempt?: AttemptFact;
}

export function buildPicture(task: Task, facts: PictureFacts = {}): TaskPicture {
  const prs = pullRequests(task);
  return Object.freeze({
    id: task.id,
    task,
    sessions: facts.sessions && Object.freeze({ list: facts.sessions.sessions, fresh: facts.sessions.fresh }),
    name: plainName(task.name) || task.id,
    state: stateStyle(task.state),
    repo: facts.repo,
    creator: facts.mine ? l10n.t('you') : undefined,
    mine: facts.mine === true,
    me: facts.me,
    continues: facts.continues,
    round: facts.round,
    links: Object.freeze({ web: task.html_url || undefined, pullRequests: prs }),
    changes: facts.changes,
    review: facts.review,
    error: facts.error,
    lastSeen: facts.lastSeen,
    attempt: facts.attempt,
  });
}

/** The task with its sessions, as the single-task read gave it: what the page and chat read field by field. */
export function taskWithSessions(p: TaskPicture): Task {
  return p.sessions ? { ...p.task, sessions: [...p.sessions.list] } : p.task;
}
