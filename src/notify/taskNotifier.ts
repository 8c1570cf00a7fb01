import * as vscode from 'vscode';
import type { Task } from '../api';
import { COMMANDS } from '../ids';
import type { StateTransition, TaskStore } from '../model/taskStore';
import { pullRequests } from '../views/taskLinks';

const NOTIFY: Record<string, 'info' | 'warning' | 'error'> = {
  completed: 'info',
  waiting_for_user: 'warning',
  failed: 'error',
  timed_out: 'error',
};

const PHRASE: Record<string, string> = {
  completed: 'finished',
  waiting_for_user: 'is waiting for you',
  failed: 'failed',
  timed_out: 'timed out',
};

/**
 * One notification when a task of the user finishes, fails, times out or waits for the user; nothing while tasks
 * merely move along. A task's first sighting is not a change, so a reload does not replay old news.
 */
export class TaskNotifier implements vscode.Disposable {
  private readonly subscription: { dispose(): void };
  private readonly told = new Set<string>();
  /** The notifications shown, for the test API. */
  readonly shown: string[] = [];

  constructor(
    store: TaskStore,
    private readonly enabled: () => boolean,
    private readonly isMine: (task: Task) => boolean,
  ) {
    this.subscription = store.onDidChange(c => c.transitions.forEach(t => this.consider(t)));
  }

  private consider(t: StateTransition): void {
    const level = NOTIFY[t.to];
    if (!level || !this.enabled() || !this.isMine(t.task)) return;
    const key = `${t.id}:${t.to}:${t.task.updated_at}`;
    if (this.told.has(key)) return;
    this.told.add(key);
    const text = `Task “${t.task.name || t.id}” ${PHRASE[t.to]}.`;
    this.shown.push(text);
    const actions: string[] = [];
    if (pullRequests(t.task).length) actions.push('Open Pull Request');
    if (t.task.html_url) actions.push('Open Task');
    actions.push('Show Details');
    const show = level === 'info' ? vscode.window.showInformationMessage : level === 'warning' ? vscode.window.showWarningMessage : vscode.window.showErrorMessage;
    void show(text, ...actions).then(choice => {
      if (choice === 'Open Pull Request') void vscode.commands.executeCommand(COMMANDS.openPullRequest, t.task);
      else if (choice === 'Open Task') void vscode.commands.executeCommand(COMMANDS.openTaskOnWeb, t.task);
      else if (choice === 'Show Details') void vscode.commands.executeCommand(COMMANDS.showTaskDetails, t.task);
    });
  }

  dispose(): void {
    this.subscription.dispose();
  }
}
