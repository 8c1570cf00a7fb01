import * as vscode from 'vscode';

/** A line of state in the tree: loading, empty, or a problem with the way out as its click. */
export class MessageNode {
  readonly kind = 'message';
  constructor(
    readonly key: string,
    readonly text: string,
    readonly icon: 'loading' | 'info' | 'error' | 'key',
    readonly command?: vscode.Command,
    readonly tooltip?: string,
  ) {}

  treeItem(): vscode.TreeItem {
    const item = new vscode.TreeItem(this.text, vscode.TreeItemCollapsibleState.None);
    item.id = `message:${this.key}`;
    item.iconPath = new vscode.ThemeIcon(
      this.icon === 'loading' ? 'loading~spin' : this.icon,
      this.icon === 'error' ? new vscode.ThemeColor('problemsErrorIcon.foreground') : undefined);
    item.tooltip = this.tooltip ?? this.text;
    item.contextValue = `installationsMessage:${this.icon}`;
    if (this.command) item.command = this.command;
    return item;
  }
}
