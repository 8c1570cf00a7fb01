// What the three tools share: the parts of the extension they use (the same clients, model and starter as the
// commands), the checks that come before any request, and how a plain-text answer is handed back.
import * as vscode from 'vscode';
import type { ApiClient, Task } from '../api';
import type { TaskContinuer } from '../tasks/continueTask';
import type { TaskStarter } from '../tasks/taskStarter';
import type { AttemptStarter } from '../tasks/attemptStarter';
import type { Log } from '../log';
import type { TaskModel } from '../model/taskModel';
import { changesCount } from '../changes/summary';
import type { Blocker } from './refusals';
import type { TaskTextContext } from './taskText';

export interface ChatToolDeps {
  /** The setting that turns the tools off. */
  enabled(): boolean;
  service(): { kind: 'none' | 'remote' | 'sandbox'; url: string };
  hasToken(): Promise<boolean>;
  /** A client that sends the fine-grained token, to the configured service only. */
  client(): Promise<ApiClient>;
  model: Pick<TaskModel, 'repo' | 'repoState' | 'pictures' | 'names' | 'learnRepoName'>;
  starter: Pick<TaskStarter, 'start'>;
  /** Starts a set of attempts (2 to 4 of one prompt), as Start Task's Attempts does. */
  attempts?: Pick<AttemptStarter, 'start'>;
  /** Reads a task to continue and finds its branches, as Continue Task… does. */
  continuer: Pick<TaskContinuer, 'prepare'>;
  /**
   * Model and pull-request choice when the chat names none: the last start's, as Start Task offers them, else the
   * settings' defaults; `remembered` says which come from the last start.
   */
  defaults(): {
    model: string;
    createPullRequest: boolean;
    remembered?: { model?: boolean; createPullRequest?: boolean };
  };
  log: Log;
  /** A read of one task's changes (Get Agent Task waits for it, briefly); what is known is in its picture. */
  changes?: { load(taskId: string, force: boolean, task: Task): Promise<void> };
  /** A task's unsent review comments as one prompt, and marking them sent with the task they started. */
  review?: {
    compose(
      taskId: string,
    ): Promise<{ text: string; ids: readonly string[]; moved: number; files?: readonly string[] } | undefined>;
    markSent(taskId: string, ids: readonly string[], to: { taskId: string; name: string }): Promise<void>;
  };
}

/** What keeps a tool from acting now, checked in the order the user would fix it; undefined when nothing does. */
export async function blocker(d: ChatToolDeps, repo: 'needed' | 'optional'): Promise<Blocker | undefined> {
  if (!d.enabled()) return { kind: 'off' };
  if (d.service().kind === 'none') return { kind: 'noService' };
  if (!(await d.hasToken())) return { kind: 'noToken' };
  if (repo === 'needed' && !d.model.repo()) return { kind: 'noRepo', repoState: d.model.repoState, canListMine: false };
  return undefined;
}

export function textResult(text: string): vscode.LanguageModelToolResult {
  return new vscode.LanguageModelToolResult([new vscode.LanguageModelTextPart(text)]);
}

/** "owner/name" of a task: from its own address, else from what the model learnt, else its repository's id. */
export function textContext(d: ChatToolDeps): TaskTextContext {
  return {
    serviceUrl: d.service().url,
    repoName: (task: Task) => d.model.pictures.of(task).repo?.label,
    changes: (task: Task) => changesCount(d.model.pictures.of(task).changes),
  };
}

/** An AbortSignal that follows a cancellation token, for the requests a tool makes. */
export function signalOf(token: vscode.CancellationToken): AbortSignal {
  const abort = new AbortController();
  if (token.isCancellationRequested) abort.abort();
  else {
    const sub = token.onCancellationRequested(() => {
      abort.abort();
      sub.dispose();
    });
  }
  return abort.signal;
}
