import * as vscode from 'vscode';
import type { Repository } from '../../api';
import { permissionsLabel, type Verdict } from '../policy';
import { repoNameShown } from '../../model/repoNames';
import { forLabel, forMarkdown } from '../../safety/serviceText';
import type { TreeNode } from '../../shared/treeNode';

/**
 * A repository of an installation (list installation repositories for you, with the user's permissions and whether
 * removing it is allowed) or of
 * the installation token (list installation repositories).
 */
export class RepositoryNode implements TreeNode {
  readonly kind = 'repository';
  constructor(
    readonly repository: Repository,
    /** Undefined for a repository of the installation token. */
    readonly installationId: number | undefined,
    readonly removal: Verdict | undefined,
  ) {}

  get repositoryId(): number {
    return this.repository.id;
  }

  getChildren(): TreeNode[] {
    return [];
  }

  getTreeItem(): vscode.TreeItem {
    const r = this.repository;
    const name = r.full_name ?? r.name;
    // A name that mixes scripts shows its ID beside it: two that look alike are told apart.
    const shown = name ? repoNameShown(name, r.id) : { label: String(r.id) };
    const item = new vscode.TreeItem(forLabel(shown.label), vscode.TreeItemCollapsibleState.None);
    item.id =
      this.installationId === undefined ? `token:repo:${r.id}` : `installation:${this.installationId}:repo:${r.id}`;
    const perms = permissionsLabel(r.permissions);
    const blocked = this.removal && !this.removal.allowed;
    item.description = forLabel([perms, blocked ? vscode.l10n.t('cannot be removed') : ''].filter(Boolean).join(' · '));
    item.iconPath = new vscode.ThemeIcon(r.private ? 'lock' : 'repo');
    const md = new vscode.MarkdownString(
      `**${forMarkdown(r.full_name ?? r.name)}** (${r.id}${r.private ? ', private' : ''})\n\n`,
    );
    if (shown.note) md.appendMarkdown(`${forMarkdown(shown.note)}\n\n`);
    if (r.description) md.appendMarkdown(`${forMarkdown(r.description)}\n\n`);
    if (perms) md.appendMarkdown(vscode.l10n.t('Your access: {0}\n\n', forMarkdown(perms)));
    if (this.removal && !this.removal.allowed)
      md.appendMarkdown(vscode.l10n.t('Cannot be removed: {0}', forMarkdown(this.removal.message)));
    item.tooltip = md;
    item.contextValue =
      this.installationId === undefined
        ? 'installationTokenRepo'
        : `installationRepo:${blocked ? 'blocked' : 'removable'}${r.html_url ? ':web' : ''}`;
    return item;
  }
}
