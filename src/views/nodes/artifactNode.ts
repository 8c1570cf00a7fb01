import * as vscode from 'vscode';
import type { Artifact, Task } from '../../api';
import { COMMANDS } from '../../ids';
import { forLabel } from '../../safety/serviceText';
import type { TreeNode } from '../../shared/treeNode';

/**
 * What a task produced: a pull request (a click opens it), a branch (a click opens the branch's page), or another
 * kind, drawn as what it is and doing nothing (so it does not look like something to click).
 */
export class ArtifactNode implements TreeNode {
  readonly kind = 'artifact';
  constructor(
    readonly task: Task,
    readonly artifact: Artifact,
    private readonly idPrefix: string,
    /** The branch a `branch` artifact names: its own `head_ref`, else the task's newest session's. */
    readonly branch?: string,
  ) {}

  getTreeItem(): vscode.TreeItem {
    const a = this.artifact;
    const isPull = a?.type === 'pull';
    const isBranch = a?.type === 'branch' && !!this.branch;
    const id = a?.data?.id;
    const label = isPull
      ? vscode.l10n.t('Pull request #{0}', id)
      : isBranch
        ? vscode.l10n.t('Branch {0}', this.branch)
        : `${a?.type ?? 'artifact'} ${id ?? ''}`.trim();
    const item = new vscode.TreeItem(forLabel(label));
    item.id = `${this.idPrefix}/artifact/${a?.provider}/${a?.type}/${id}`;
    item.description = a?.provider === undefined ? undefined : forLabel(a.provider);
    item.iconPath = new vscode.ThemeIcon(isPull ? 'git-pull-request' : isBranch ? 'git-branch' : 'package');
    item.contextValue = isPull ? 'agentArtifact.pull' : isBranch ? 'agentArtifact.branch' : 'agentArtifact';
    if (isPull)
      item.command = {
        command: COMMANDS.openPullRequest,
        title: vscode.l10n.t('Open Pull Request'),
        arguments: [this],
      };
    else if (isBranch)
      item.command = {
        command: COMMANDS.openBranchOnWeb,
        title: vscode.l10n.t('Open Branch on the Web'),
        arguments: [this],
      };
    return item;
  }

  getChildren(): TreeNode[] {
    return [];
  }
}

/** The branch a `branch` artifact names: its data's `head_ref` when the service put one there, else `fallback`. */
export function artifactBranch(a: Artifact, fallback: string | undefined): string | undefined {
  const named = (a?.data as { head_ref?: unknown } | undefined)?.head_ref;
  return typeof named === 'string' && named ? named : fallback;
}
