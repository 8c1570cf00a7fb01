// What the parts report through their observers, kept for the test API. Built only in test mode.
import * as vscode from 'vscode';
import type { ChangesFeature } from '../changes/changes';
import type { Observers } from '../observers';
import type { ChangesObservers } from '../changes/changesOnDemand';
import { renderingOf, type MarkdownRendering } from './rendering';

export type Response = { method: string; path: string; status: number; attempt: number; at: number };

/** What the status bar item shows. */
export interface StatusShown {
  text: string;
  tooltip: string;
  visible: boolean;
  /** The command a click runs. */
  command?: string;
  /** The theme colour of the background, when the item stands out (a problem). */
  background?: string;
  tooltipRendering?: MarkdownRendering;
}

export interface PreparedToolCall {
  tool: string;
  invocationMessage?: string;
  confirmation?: { title: string; message: string; rendering?: MarkdownRendering };
}

export class TestRecorder {
  readonly responses: Response[] = [];
  readonly contextKeys = new Map<string, unknown>();
  private item: vscode.StatusBarItem | undefined;
  /** Each chat tool preparation as VS Code received it. */
  readonly prepared: { tool: string; prepared: vscode.PreparedToolInvocation | undefined }[] = [];
  /** The HTML each task page was last given, by task id. */
  readonly pageHtml = new Map<string, string>();
  /** The changes feature, once built. */
  changes: ChangesFeature | undefined;
  /** When each task view first handed VS Code top rows holding tasks (Date.now()). */
  readonly firstTasksDrawn = new Map<'repo' | 'mine', number>();

  readonly observers: Observers & ChangesObservers = {
    response: r =>
      this.responses.push({ method: r.method, path: r.path, status: r.status, attempt: r.attempt, at: Date.now() }),
    statusItem: item => (this.item = item),
    contextKey: (id, value) => this.contextKeys.set(id, value),
    preparedToolCall: (tool, prepared) => this.prepared.push({ tool, prepared }),
    taskPageRendered: (taskId, html) => this.pageHtml.set(taskId, html),
    changesBuilt: feature => (this.changes = feature),
    treeRootsDrawn: (view, tasks) => {
      // Counted until the first: a long view's rebuilds (a bench times them) do not pay for the count.
      if (!this.firstTasksDrawn.has(view) && tasks() > 0) this.firstTasksDrawn.set(view, Date.now());
    },
  };

  /** What each chat tool's preparation gave VS Code, oldest first. */
  preparedCalls(): PreparedToolCall[] {
    return this.prepared.map(c => describePrepared(c.tool, c.prepared));
  }

  /** The status bar item as drawn; `visible`: whether a service is chosen (the item is hidden without one). */
  statusShown(visible: boolean): StatusShown {
    const item = this.item;
    if (!item) return { text: '', tooltip: '', visible: false };
    const t = item.tooltip;
    const c = item.command;
    const bg = item.backgroundColor;
    return {
      text: visible ? item.text : '',
      tooltip: typeof t === 'string' ? t : (t?.value ?? ''),
      visible,
      ...(c ? { command: typeof c === 'string' ? c : c.command } : {}),
      ...(bg ? { background: bg.id } : {}),
      ...(t instanceof vscode.MarkdownString ? { tooltipRendering: renderingOf(t) } : {}),
    };
  }
}

function describePrepared(tool: string, p: vscode.PreparedToolInvocation | undefined): PreparedToolCall {
  const text = (m: string | vscode.MarkdownString) => (typeof m === 'string' ? m : m.value);
  const c = p?.confirmationMessages;
  return {
    tool,
    ...(p?.invocationMessage !== undefined ? { invocationMessage: text(p.invocationMessage) } : {}),
    ...(c
      ? {
          confirmation: {
            title: c.title,
            message: text(c.message),
            ...(c.message instanceof vscode.MarkdownString ? { rendering: renderingOf(c.message) } : {}),
          },
        }
      : {}),
  };
}
