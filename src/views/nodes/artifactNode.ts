import * as vscode from 'vscode';
import type { Artifact, Task } from '../../api';
import { COMMANDS } from '../../ids';
import { forLabel } from '../../safety/serviceText';
import type { TreeNode } from './node';

export class ArtifactNode implements TreeNode {
  readonly kind = 'artifact';
  constructor(
    readonly task: Task,
    readonly artifact: Artifact,
    private readonly idPrefix: string,
  ) {}

  getTreeItem(): vscode.TreeItem {
    const a = this.artifact;
    const isPull = a?.type === 'pull';
    const id = a?.data?.id;
    const item = new vscode.TreeItem(
      forLabel(isPull ? vscode.l10n.t('Pull request #{0}', id) : `${a?.type ?? 'artifact'} ${id ?? ''}`.trim()),
    );
    item.id = `${this.idPrefix}/artifact/${a?.provider}/${a?.type}/${id}`;
    item.description = a?.provider === undefined ? undefined : forLabel(a.provider);
    item.iconPath = new vscode.ThemeIcon(isPull ? 'git-pull-request' : 'package');
    item.contextValue = isPull ? 'agentArtifact.pull' : 'agentArtifact';
    if (isPull)
      item.command = {
        command: COMMANDS.openPullRequest,
        title: vscode.l10n.t('Open Pull Request'),
        arguments: [this],
      };
    return item;
  }

  getChildren(): TreeNode[] {
    return [];
  }
}
