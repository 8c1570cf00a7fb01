import * as vscode from 'vscode';
import { forLabel } from '../../safety/serviceText';
import type { TreeNode } from '../../shared/treeNode';
import type { TaskRow } from '../attemptRows';

/**
 * A repository in My Tasks grouped by repository: `owner/name` (or its number while no answer has named it), how
 * many of its tasks are shown and how many of them run. Its children are the task nodes the view keeps anyway.
 */
export class RepoGroupNode implements TreeNode {
  readonly kind = 'repoGroup';
  /** Its rows: tasks, and sets of attempts. */
  tasks: TaskRow[] = [];

  constructor(
    private readonly viewId: string,
    /** The repository's id as text, or `unknown` for tasks that name none. */
    readonly key: string,
    public label: string,
  ) {}

  getTreeItem(): vscode.TreeItem {
    const item = new vscode.TreeItem(forLabel(this.label), vscode.TreeItemCollapsibleState.Expanded);
    item.id = `${this.viewId}/repository:${this.key}`;
    const all = this.tasks.flatMap(t => ('attempts' in t ? t.attempts : [t]));
    const n = all.length;
    const running = all.filter(t => t.task.state === 'in_progress').length;
    const counts = [`${n} task${n === 1 ? '' : 's'}`, ...(running ? [`${running} running`] : [])].join(' · ');
    item.description = counts;
    item.iconPath = new vscode.ThemeIcon('repo');
    item.contextValue = 'agentRepoGroup';
    item.tooltip = `${forLabel(this.label)}: ${counts}`;
    item.accessibilityInformation = { label: `${forLabel(this.label)}, ${counts}` };
    return item;
  }

  getChildren(): TreeNode[] {
    return this.tasks;
  }
}
