import * as vscode from 'vscode';
import { COMMANDS } from '../../ids';
import type { TreeNode } from './node';

/** A prompt that was not started (it failed, or the window closed first): kept, with Retry and Discard. */
export class DraftNode implements TreeNode {
  readonly kind = 'draft';
  constructor(private readonly prompt: string, private readonly problem: string | undefined) {}

  getTreeItem(): vscode.TreeItem {
    const firstLine = this.prompt.split(/\r?\n/)[0].slice(0, 80);
    const item = new vscode.TreeItem(`Not started: ${firstLine}`, vscode.TreeItemCollapsibleState.None);
    item.id = 'agentTasks.draft';
    item.description = this.problem ?? 'draft';
    item.iconPath = new vscode.ThemeIcon('edit', new vscode.ThemeColor('charts.orange'));
    item.contextValue = 'agentDraft';
    item.tooltip = new vscode.MarkdownString().appendText(`${this.problem ? `${this.problem}\n\n` : ''}${this.prompt}`);
    item.command = { command: COMMANDS.retryFailedStart, title: 'Retry' };
    return item;
  }

  getChildren(): TreeNode[] {
    return [];
  }
}
