import * as vscode from 'vscode';
import type { Session } from '../../api';
import { duration, relativeTime } from '../../shared/relativeTime';
import { stateIcon, stateLabel } from '../../shared/stateStyle';
import { forLabel, forMarkdown, plainName } from '../../safety/serviceText';
import { timeText } from '../../shared/when';
import type { TreeNode } from '../../shared/treeNode';

export class SessionNode implements TreeNode {
  readonly kind = 'session';
  constructor(
    readonly session: Session,
    private readonly idPrefix: string,
  ) {}

  getTreeItem(): vscode.TreeItem {
    const s = this.session;
    const item = new vscode.TreeItem(
      forLabel(plainName(s.name) || `Session ${s.id}`),
      vscode.TreeItemCollapsibleState.None,
    );
    item.id = `${this.idPrefix}/session/${s.id}`;
    const refs = s.head_ref ? `${s.head_ref} → ${s.base_ref || '?'}` : s.base_ref;
    const described = [stateLabel(s.state), s.model, refs, relativeTime(s.updated_at)].filter(Boolean).join(' · ');
    item.description = forLabel(described);
    item.iconPath = stateIcon(s.state);
    // The state in words for a screen reader: the icon and colour say it only to the eye.
    item.accessibilityInformation = { label: forLabel(`${plainName(s.name) || `Session ${s.id}`}, ${described}`) };
    item.contextValue = 'agentSession';
    const md = new vscode.MarkdownString();
    md.appendMarkdown(`**${forMarkdown(s.name || s.id)}** — ${forMarkdown(stateLabel(s.state))}\n\n`);
    md.appendMarkdown(
      `Model: ${forMarkdown(s.model || 'default')}  \n` +
        `Branch: ${forMarkdown(s.head_ref || '—')} → ${forMarkdown(s.base_ref || '—')}\n\n`,
    );
    // In the user's locale and time zone, as the task page shows them.
    const when = (v: unknown) => forMarkdown(timeText(v, { locale: vscode.env.language }));
    md.appendMarkdown(`Created ${when(s.created_at)}  \nUpdated ${when(s.updated_at)}`);
    if (s.completed_at)
      md.appendMarkdown(`  \nCompleted ${when(s.completed_at)} (${duration(s.created_at, s.completed_at)})`);
    if (s.prompt) {
      md.appendMarkdown('\n\n---\n\n');
      // Not a code block: a prompt holding ``` would close its fence.
      md.appendMarkdown(forMarkdown(s.prompt, 2000));
    }
    item.tooltip = md;
    return item;
  }

  getChildren(): TreeNode[] {
    return [];
  }
}
