import * as vscode from 'vscode';
import { COMMANDS } from '../../ids';
import { forLabel, forMarkdown, plainName } from '../../safety/serviceText';
import { plainLine } from '../../shared/text';
import type { TreeNode } from '../../shared/treeNode';

/** A prompt that was not started (it failed, or the window closed first): kept, with Retry and Discard. */
export class DraftNode implements TreeNode {
  readonly kind = 'draft';
  constructor(
    private readonly prompt: string,
    private readonly problem: string | undefined,
    /** The name of the task the prompt continues, for a kept Continue Task… prompt. */
    private readonly continues?: string,
  ) {}

  getTreeItem(): vscode.TreeItem {
    const firstLine = this.prompt.split(/\r?\n/)[0];
    const item = new vscode.TreeItem(
      forLabel(vscode.l10n.t('Not started: {0}', firstLine), 93),
      vscode.TreeItemCollapsibleState.None,
    );
    item.id = 'agentTasks.draft';
    // Whole (up to where no sidebar shows more): the tree's own ellipsis ends what the row cannot hold.
    const after =
      this.continues === undefined ? '' : vscode.l10n.t('continues “{0}”', plainLine(plainName(this.continues), 120));
    // What it continues goes first: the problem that follows may be long enough to be cut.
    item.description = forLabel([after, this.problem ?? vscode.l10n.t('draft')].filter(Boolean).join(' · '), 400);
    item.iconPath = new vscode.ThemeIcon('edit', new vscode.ThemeColor('charts.orange'));
    item.contextValue = 'agentDraft';
    const continues =
      this.continues === undefined
        ? ''
        : `${forMarkdown(vscode.l10n.t('Continues “{0}”', plainName(this.continues)))}\n\n`;
    item.tooltip = new vscode.MarkdownString(
      `${this.problem ? `${forMarkdown(this.problem)}\n\n` : ''}${continues}${forMarkdown(this.prompt)}`,
    );
    item.command = { command: COMMANDS.retryFailedStart, title: vscode.l10n.t('Retry') };
    return item;
  }

  getChildren(): TreeNode[] {
    return [];
  }
}
