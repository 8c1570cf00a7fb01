import * as vscode from 'vscode';
import type { TreeNode } from './node';

/** A line of information (loading, an error with its way out) inside a tree. */
export class MessageNode implements TreeNode {
  readonly kind = 'message';
  constructor(
    private readonly text: string,
    private readonly icon = 'info',
    private readonly command?: vscode.Command,
    private readonly tooltip?: string,
  ) {}

  getTreeItem(): vscode.TreeItem {
    const item = new vscode.TreeItem(this.text, vscode.TreeItemCollapsibleState.None);
    item.iconPath = new vscode.ThemeIcon(this.icon);
    item.contextValue = 'agentMessage';
    item.command = this.command;
    item.tooltip = this.tooltip ?? this.text;
    return item;
  }

  getChildren(): TreeNode[] {
    return [];
  }
}
