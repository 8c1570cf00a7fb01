// The API Agent Tasks gives other extensions: `vscode.extensions.getExtension('agent-tasks.agent-tasks').exports`.
// This file imports nothing, so another extension can copy it as it is (see README, "For other extensions").
// Version 1. A change that breaks a caller comes with another `version`; fields may be added within a version.

/** An event as VS Code's API has them: call it with a listener; dispose of what it returns to stop listening. */
export type AgentTasksEvent<T> = (listener: (e: T) => unknown) => { dispose(): unknown };

/**
 * A task as the extension knows it now: a copy in plain data, never a live object, never a token. The texts (`name`
 * above all) are the service's, written by whoever started the task: show them as text, never as Markdown or HTML.
 */
export interface AgentTaskInfo {
  readonly id: string;
  /** The task's name as the service sent it (may be empty). */
  readonly name: string;
  /**
   * `queued`, `in_progress`, `completed`, `failed`, `idle`, `waiting_for_user`, `timed_out`, `cancelled`, or another
   * value the service sent.
   */
  readonly state: string;
  /** `owner/name` of its repository, when the extension knows it. */
  readonly repository?: string;
  /** ISO 8601 times, as the service sent them. */
  readonly createdAt: string;
  readonly updatedAt: string;
  readonly archived: boolean;
  /** The task's page on the service's site, when it has one on the service's own address. */
  readonly webUrl?: string;
}

/** A task moved from one state to another. */
export interface AgentTaskStateChange {
  /** The task as it is after the change. */
  readonly task: AgentTaskInfo;
  readonly before: string;
  readonly after: string;
}

/** What a start asks for; every field is a proposal the user sees and may change before anything is sent. */
export interface AgentTaskStartOptions {
  /** The model; '' or absent lets the service choose. */
  readonly model?: string;
  readonly createPullRequest?: boolean;
  /** The branch the work starts from and lands on. */
  readonly baseRef?: string;
  readonly customAgent?: string;
}

export type AgentTaskStartResult =
  | { readonly started: true; readonly task: AgentTaskInfo }
  /**
   * `declined`: the user dismissed the question (or Agent Tasks could not ask: no service or token); `failed`: the
   * service refused the start, and `problem` says why in the user's words (the user was told as well).
   */
  | { readonly started: false; readonly reason: 'declined' | 'failed'; readonly problem?: string };

export interface AgentTasksApi {
  readonly version: 1;
  /** The tasks known now (those of the workspace's repository and the user's own, as far as read), one copy each. */
  tasks(): readonly AgentTaskInfo[];
  /** Every change of a task's state the extension sees (a task seen for the first time is no change). */
  readonly onDidChangeTaskState: AgentTasksEvent<AgentTaskStateChange>;
  /**
   * Asks the user to start a task on the workspace's repository with this prompt, as Start Task… does: the prompt
   * box (filled in, editable) and the options (Enter starts). Nothing is sent without the user's confirmation.
   */
  startTask(prompt: string, options?: AgentTaskStartOptions): Promise<AgentTaskStartResult>;
}
