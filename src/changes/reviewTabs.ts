// Which task each Review Changes editor shows, by the task's id: the multi-file diff's title bar hands its commands
// no argument, so Apply Changes from there asks which task the active tab belongs to. Two tasks named alike have
// editors titled apart (the branches, and the id when even those agree), and the tab is found by what was opened,
// never by matching the task's words.
import * as vscode from 'vscode';
import { CHANGE_SCHEME } from './changeUris';

export class ReviewTabs {
  /** Title of an editor opened → the task's id. */
  private readonly byTitle = new Map<string, string>();

  /** The title for a task's Review Changes: `wanted`, or with the task's id beside it when another task has it. */
  titleFor(wanted: string, taskId: string): string {
    const owner = this.byTitle.get(wanted);
    const title = owner === undefined || owner === taskId ? wanted : `${wanted} · ${taskId}`;
    this.byTitle.set(title, taskId);
    return title;
  }

  /** The id of the task whose Review Changes is the active editor, or undefined. */
  activeTask(): string | undefined {
    const tab = vscode.window.tabGroups.activeTabGroup.activeTab;
    if (!tab) return undefined;
    return fromInput(tab.input) ?? this.byLabel(tab.label);
  }

  /** VS Code labels a multi-file diff with its title and the number of files: `<title> (3 files)`. */
  private byLabel(label: string): string | undefined {
    const exact = this.byTitle.get(label);
    if (exact !== undefined) return exact;
    const m = /^([\s\S]*) \([^()]*\)$/.exec(label);
    return m ? this.byTitle.get(m[1]) : undefined;
  }
}

/** The task named by our documents in a multi-file diff's input (when VS Code hands its resources over). */
function fromInput(input: unknown): string | undefined {
  const diffs = (input as { textDiffs?: unknown } | undefined)?.textDiffs;
  if (!Array.isArray(diffs)) return undefined;
  for (const d of diffs as Array<{ original?: unknown; modified?: unknown }>)
    for (const uri of [d.modified, d.original])
      if (uri instanceof vscode.Uri && uri.scheme === CHANGE_SCHEME) {
        try {
          const task = (JSON.parse(uri.query) as { task?: unknown }).task;
          if (typeof task === 'string') return task;
        } catch {
          // not one of ours
        }
      }
  return undefined;
}
