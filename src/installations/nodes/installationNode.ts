import * as vscode from 'vscode';
import type { Installation } from '../../api';
import { canRemove } from '../policy';
import { forLabel, forMarkdown } from '../../safety/serviceText';
import { timeText } from '../../shared/when';
import type { TreeNode } from '../../shared/treeNode';
import { RepositoryNode } from './repositoryNode';
import { slotLines, type InstallationsContext } from './slotLines';

/**
 * An installation the user can access (list your installations); expands into the repositories the user can reach in it
 * (list installation repositories for you).
 */
export class InstallationNode implements TreeNode {
  readonly kind = 'installation';
  constructor(
    public installation: Installation,
    private readonly ctx: InstallationsContext,
  ) {}

  get id(): number {
    return this.installation.id;
  }

  getChildren(): TreeNode[] {
    const id = this.id;
    const slot = this.ctx.model.repositoriesOf(id);
    const all = slot.value ?? [];
    return slotLines(this.ctx, slot, {
      key: `installation:${id}`,
      what: 'repositories',
      empty: vscode.l10n.t('No repositories you can access in this installation'),
      id: { what: 'repositories', installationId: id },
      start: () => this.ctx.model.refreshRepositories(id),
      node: r => new RepositoryNode(r, id, canRemove(this.installation, r, all)),
    });
  }

  getTreeItem(): vscode.TreeItem {
    const repos = this.ctx.model.repositoriesOf(this.id);
    const i = this.installation;
    const item = new vscode.TreeItem(
      forLabel(i.account?.login ?? `installation ${i.id}`),
      vscode.TreeItemCollapsibleState.Collapsed,
    );
    item.id = `installation:${i.id}`;
    const parts = [i.app_slug];
    if (i.repository_selection === 'all') parts.push(vscode.l10n.t('all repositories'));
    else
      parts.push(
        repos.value ? `${count(repos.total ?? repos.value.length)} selected` : vscode.l10n.t('selected repositories'),
      );
    if (repos.loading) parts.push(vscode.l10n.t('loading {0} of {1}', repos.loading.done, repos.loading.total || '…'));
    if (i.suspended_at) parts.push('suspended');
    item.description = forLabel(parts.join(' · '));
    item.tooltip = tooltip(i);
    item.iconPath =
      avatar(i) ??
      new vscode.ThemeIcon(i.suspended_at ? 'debug-pause' : i.account?.type === 'User' ? 'account' : 'organization');
    // Stable tokens for the manifest's `when` clauses: adding makes sense only on a `selected` installation.
    const selection = i.repository_selection === 'all' ? 'all' : 'selected';
    item.contextValue = `installation:${selection}${i.html_url ? ':web' : ''}`;
    return item;
  }
}

function count(n: number): string {
  return n === 1 ? '1 repository' : `${n} repositories`;
}

/** The account's avatar, over https only: the workbench's content policy loads no plain-http image (the sandbox's). */
function avatar(i: Installation): vscode.Uri | undefined {
  const url = i.account?.avatar_url;
  if (!url || !/^https:\/\//i.test(url)) return undefined;
  try {
    return vscode.Uri.parse(url, true);
  } catch {
    return undefined;
  }
}

function tooltip(i: Installation): vscode.MarkdownString {
  const md = new vscode.MarkdownString();
  md.appendMarkdown(
    `**${forMarkdown(i.app_slug)}** on **${forMarkdown(i.account?.login ?? '?')}** ` +
      `(${forMarkdown(i.target_type ?? i.account?.type ?? '')})\n\n`,
  );
  md.appendMarkdown(vscode.l10n.t('Installation {0}, app {1}\n\n', i.id, String(i.app_id)));
  md.appendMarkdown(
    i.repository_selection === 'all'
      ? vscode.l10n.t('Repository selection: **all** (repositories cannot be added or removed one by one)\n\n')
      : vscode.l10n.t('Repository selection: **{0}**\n\n', forMarkdown(i.repository_selection)),
  );
  if (i.suspended_at)
    md.appendMarkdown(
      vscode.l10n.t('Suspended since {0}\n\n', forMarkdown(timeText(i.suspended_at, { locale: vscode.env.language }))),
    );
  const perms = Object.entries(i.permissions ?? {});
  md.appendMarkdown(
    perms.length
      ? `Permissions: ${perms.map(([k, v]) => `${forMarkdown(k)} (${forMarkdown(v)})`).join(', ')}\n\n`
      : vscode.l10n.t('Permissions: none\n\n'),
  );
  const events = i.events ?? [];
  md.appendMarkdown(
    events.length ? `Events: ${events.map(e => forMarkdown(e)).join(', ')}` : vscode.l10n.t('Events: none'),
  );
  return md;
}
