import * as vscode from 'vscode';
import { forLabel, forTooltip } from '../safety/serviceText';
import type { TreeNode } from './treeNode';

/** A line of information inside a tree: loading, empty, a problem with its way out as its click, "Load more…". */
export class MessageNode implements TreeNode {
  readonly kind = 'message';
  constructor(
    private readonly text: string,
    /** A codicon id; `error` is drawn in the error colour. */
    private readonly icon = 'info',
    private readonly command?: vscode.Command,
    private readonly tooltip?: string,
    /** A stable id, where the line must keep its place (and its selection) across redraws. */
    private readonly id?: string,
  ) {}

  getTreeItem(): vscode.TreeItem {
    // Problem lines quote the service (its error messages): shown as text, never as icons.
    const item = new vscode.TreeItem(forLabel(this.text, 400), vscode.TreeItemCollapsibleState.None);
    if (this.id) item.id = `message:${this.id}`;
    item.iconPath = new vscode.ThemeIcon(
      this.icon,
      this.icon === 'error' ? new vscode.ThemeColor('problemsErrorIcon.foreground') : undefined,
    );
    item.contextValue = 'agentMessage';
    item.command = this.command;
    item.tooltip = forTooltip(this.tooltip ?? this.text);
    return item;
  }

  getChildren(): TreeNode[] {
    return [];
  }
}
