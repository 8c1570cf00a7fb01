import * as vscode from 'vscode';
import type { Session } from '../../api';
import { duration, relativeTime } from '../relativeTime';
import { stateIcon, stateLabel } from '../stateStyle';
import type { TreeNode } from './node';

export class SessionNode implements TreeNode {
  readonly kind = 'session';
  constructor(readonly session: Session, private readonly idPrefix: string) {}

  getTreeItem(): vscode.TreeItem {
    const s = this.session;
    const item = new vscode.TreeItem(s.name || `Session ${s.id}`, vscode.TreeItemCollapsibleState.None);
    item.id = `${this.idPrefix}/session/${s.id}`;
    const refs = s.head_ref ? `${s.head_ref} → ${s.base_ref || '?'}` : s.base_ref;
    item.description = [stateLabel(s.state), s.model, refs, relativeTime(s.updated_at)].filter(Boolean).join(' · ');
    item.iconPath = stateIcon(s.state);
    item.contextValue = 'agentSession';
    const md = new vscode.MarkdownString(undefined, true);
    md.appendMarkdown(`**${escape(s.name || s.id)}** — ${stateLabel(s.state)}\n\n`);
    md.appendMarkdown(`Model: \`${escape(s.model || 'default')}\`  \nBranch: \`${escape(s.head_ref || '—')}\` → \`${escape(s.base_ref || '—')}\`\n\n`);
    md.appendMarkdown(`Created ${escape(s.created_at)}  \nUpdated ${escape(s.updated_at)}`);
    if (s.completed_at) md.appendMarkdown(`  \nCompleted ${escape(s.completed_at)} (${duration(s.created_at, s.completed_at)})`);
    if (s.prompt) {
      md.appendMarkdown('\n\n---\n\n');
      md.appendCodeblock(s.prompt, 'markdown');
    }
    item.tooltip = md;
    return item;
  }

  getChildren(): TreeNode[] {
    return [];
  }
}

function escape(s: string): string {
  return String(s ?? '').replace(/[\\`*_{}[\]()#+\-.!|<>]/g, m => `\\${m}`);
}
