// What some parts report as it happens, to whoever built them with observers: the test surface, in test mode.
// Production passes none, so nothing is kept or fired. A seam like `Ui`: the parts have no member only tests read.
import type * as vscode from 'vscode';
import type { ResponseInfo } from './api';

export interface Observers {
  /** Every response the API clients received (a 304 answered from the cache too). */
  response?(info: ResponseInfo): void;
  /** The status bar item, once made. */
  statusItem?(item: vscode.StatusBarItem): void;
  /** A context key sent to VS Code, by its id. */
  contextKey?(id: string, value: unknown): void;
  /** What a chat tool's preparation gave VS Code (VS Code shows it; nobody else sees it). */
  preparedToolCall?(tool: string, prepared: vscode.PreparedToolInvocation | undefined): void;
  /** The HTML a task page was given. */
  taskPageRendered?(taskId: string, html: string): void;
  /** A task view handed VS Code its top rows; `tasks` counts the tasks in them (a bench times the first tree by it). */
  treeRootsDrawn?(view: 'repo' | 'mine', tasks: () => number): void;
}
