// A task's Changes row where git cannot run (the browser, src/env): one line where the user looks for the changes,
// and a click that opens where they are (the pull request, else the task's page on the web). The rows of changes
// read through git (changesNode.ts) are not part of the browser's build; this one is, and runs in both hosts.
import * as vscode from 'vscode';
import type { Task } from '../api';
import { COMMANDS } from '../ids';
import type { ChangesView } from '../model/changesView';
import { pullRequests } from '../model/taskLinks';
import { forLabel } from '../safety/serviceText';
import type { TreeNode } from '../shared/treeNode';

/** contextValue `agentChanges noGit`, the id of the Changes row it stands for. */
export class GitlessChangesNode implements TreeNode {
  readonly kind = 'changes';
  constructor(
    readonly task: Task,
    private readonly view: Extract<ChangesView, { kind: 'noGit' }>,
    private readonly idPrefix: string,
  ) {}

  getTreeItem(): vscode.TreeItem {
    const v = this.view;
    const item = new vscode.TreeItem(vscode.l10n.t('Changes'), vscode.TreeItemCollapsibleState.None);
    item.id = `${this.idPrefix}/changes`;
    item.contextValue = 'agentChanges noGit';
    item.description = forLabel(v.why);
    item.tooltip = forLabel(`${v.why.charAt(0).toUpperCase()}${v.why.slice(1)}. ${v.todo}`, 600);
    item.iconPath = new vscode.ThemeIcon('link-external');
    item.command = pullRequests(this.task).length
      ? {
          command: COMMANDS.openPullRequest,
          title: vscode.l10n.t('Open Pull Request'),
          arguments: [{ task: this.task }],
        }
      : { command: COMMANDS.openTaskOnWeb, title: vscode.l10n.t('Open on Web'), arguments: [{ task: this.task }] };
    return item;
  }

  getChildren(): TreeNode[] {
    return [];
  }
}
