import type * as vscode from 'vscode';

/**
 * Every node of every tree (task views and Installations): draws its own item and lists its own children from the
 * model it was given; never throws and never waits for the network to draw.
 */
export interface TreeNode {
  readonly kind:
    | 'task'
    | 'session'
    | 'artifact'
    | 'message'
    | 'draft'
    | 'installation'
    | 'repository'
    | 'token'
    | 'changes'
    | 'changedFile'
    | 'commits'
    | 'commit'
    | 'repoGroup'
    | 'attemptSet';
  getTreeItem(): vscode.TreeItem;
  getChildren(): TreeNode[] | Promise<TreeNode[]>;
}
