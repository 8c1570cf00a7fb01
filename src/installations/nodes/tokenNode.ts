import * as vscode from 'vscode';
import type { TreeNode } from '../../shared/treeNode';
import { RepositoryNode } from './repositoryNode';
import { slotLines, type InstallationsContext } from './slotLines';

/**
 * Installation token mode: the repositories the stored installation token can reach (list installation repositories),
 * and Revoke (revoke installation token).
 */
export class TokenNode implements TreeNode {
  readonly kind = 'token';
  constructor(private readonly ctx: InstallationsContext) {}

  getChildren(): TreeNode[] {
    return slotLines(this.ctx, this.ctx.model.tokenRepositories, {
      key: 'token',
      what: 'repositories',
      empty: vscode.l10n.t('This installation token reaches no repositories'),
      id: { what: 'tokenRepositories' },
      start: () => this.ctx.model.refreshTokenRepositories(),
      node: r => new RepositoryNode(r, undefined, undefined),
    });
  }

  getTreeItem(): vscode.TreeItem {
    const slot = this.ctx.model.tokenRepositories;
    const item = new vscode.TreeItem(vscode.l10n.t('Installation token'), vscode.TreeItemCollapsibleState.Collapsed);
    item.id = 'installation-token';
    const parts: string[] = [];
    if (slot.value) parts.push(slot.total === 1 ? '1 repository' : `${slot.total ?? slot.value.length} repositories`);
    if (slot.loading) parts.push(vscode.l10n.t('loading {0} of {1}', slot.loading.done, slot.loading.total || '…'));
    if (slot.problem) parts.push('refused');
    item.description = parts.join(' · ');
    item.tooltip = vscode.l10n.t(
      'The repositories the stored installation token can reach. Revoking the token makes it invalid at once; a new one must then be created by the app.',
    );
    item.iconPath = new vscode.ThemeIcon('key');
    item.contextValue = 'installationToken';
    return item;
  }
}
