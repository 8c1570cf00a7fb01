import * as vscode from 'vscode';
import type { Repository } from '../api';
import type { Slot } from '../model';

/** Installation token mode: the repositories the stored installation token can reach (B1), and Revoke (B2). */
export class TokenNode {
  readonly kind = 'token';

  treeItem(slot: Slot<Repository>): vscode.TreeItem {
    const item = new vscode.TreeItem('Installation token', vscode.TreeItemCollapsibleState.Collapsed);
    item.id = 'installation-token';
    const parts: string[] = [];
    if (slot.value) parts.push(slot.total === 1 ? '1 repository' : `${slot.total ?? slot.value.length} repositories`);
    if (slot.loading) parts.push(`loading ${slot.loading.done} of ${slot.loading.total || '…'}`);
    if (slot.problem) parts.push('refused');
    item.description = parts.join(' · ');
    item.tooltip = 'The repositories the stored installation token can reach. Revoking the token makes it invalid at once; ' +
      'a new one must then be created by the app.';
    item.iconPath = new vscode.ThemeIcon('key');
    item.contextValue = 'installationToken';
    return item;
  }
}
