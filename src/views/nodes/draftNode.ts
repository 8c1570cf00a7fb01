import * as vscode from 'vscode';
import { COMMANDS } from '../../ids';
import { forLabel, forMarkdown, plainName } from '../../safety/serviceText';
import { plainLine } from '../../taskPage/text';
import type { TreeNode } from './node';

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
    const after = this.continues === undefined ? '' : `continues “${plainLine(plainName(this.continues), 40)}”`;
    // What it continues goes first: the problem that follows may be long enough to be cut.
    item.description = forLabel([after, this.problem ?? 'draft'].filter(Boolean).join(' · '));
    item.iconPath = new vscode.ThemeIcon('edit', new vscode.ThemeColor('charts.orange'));
    item.contextValue = 'agentDraft';
    item.tooltip = new vscode.MarkdownString(
      `${this.problem ? `${forMarkdown(this.problem)}\n\n` : ''}` +
        `${this.continues === undefined ? '' : `${forMarkdown(`Continues “${plainName(this.continues)}”`)}\n\n`}` +
        forMarkdown(this.prompt),
    );
    item.command = { command: COMMANDS.retryFailedStart, title: vscode.l10n.t('Retry') };
    return item;
  }

  getChildren(): TreeNode[] {
    return [];
  }
}
