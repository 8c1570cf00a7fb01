import type * as vscode from 'vscode';

/** Every node of the task trees: draws its own item and lists its own children; never throws. */
export interface TreeNode {
  readonly kind: 'task' | 'session' | 'artifact' | 'message' | 'draft';
  getTreeItem(): vscode.TreeItem;
  getChildren(): TreeNode[] | Promise<TreeNode[]>;
}
