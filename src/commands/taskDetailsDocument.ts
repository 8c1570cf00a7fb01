import * as vscode from 'vscode';
import type { Task } from '../api';
import { DisposableBase } from '../lifecycle';
import { Emitter } from '../model/emitter';
import { duration } from '../views/relativeTime';
import { stateLabel } from '../views/stateStyle';

export const DETAILS_SCHEME = 'agent-task';

/** Read-only documents with a task's details (sessions, prompts, times), rendered as Markdown. */
export class TaskDetailsDocuments extends DisposableBase implements vscode.TextDocumentContentProvider {
  private readonly changed = this.register(new Emitter<vscode.Uri>());
  readonly onDidChange = this.changed.event;

  constructor(private readonly lookup: (id: string) => Task | undefined) {
    super();
    this.register(vscode.workspace.registerTextDocumentContentProvider(DETAILS_SCHEME, this));
  }

  uriFor(task: Task): vscode.Uri {
    return vscode.Uri.from({ scheme: DETAILS_SCHEME, path: `/${encodeURIComponent(task.id)}.md` });
  }

  /** The store has a fresher copy: open documents follow. */
  taskChanged(id: string): void {
    this.changed.fire(vscode.Uri.from({ scheme: DETAILS_SCHEME, path: `/${encodeURIComponent(id)}.md` }));
  }

  provideTextDocumentContent(uri: vscode.Uri): string {
    const id = decodeURIComponent(uri.path.replace(/^\//, '').replace(/\.md$/, ''));
    const task = this.lookup(id);
    return task ? render(task) : `# Task ${id}\n\nThis task is no longer in the list.\n`;
  }
}

export function render(t: Task): string {
  const lines = [
    `# ${t.name || t.id}`,
    '',
    `| | |`,
    `|---|---|`,
    `| State | ${stateLabel(t.state)} |`,
    `| ID | \`${t.id}\` |`,
    ...(t.html_url ? [`| Web | ${t.html_url} |`] : []),
    `| Created | ${t.created_at} |`,
    `| Updated | ${t.updated_at} |`,
    ...(t.archived_at ? [`| Archived | ${t.archived_at} |`] : []),
    `| Creator | ${creatorLabel(t)} |`,
    `| Sessions | ${t.session_count} |`,
    '',
  ];
  const artifacts = Array.isArray(t.artifacts) ? t.artifacts : [];
  if (artifacts.length) {
    lines.push('## Artifacts', '');
    for (const a of artifacts) lines.push(`- ${a.type === 'pull' ? 'Pull request' : a.type} #${a.data?.id} (${a.provider})`);
    lines.push('');
  }
  for (const s of t.sessions ?? []) {
    lines.push(`## ${s.name || s.id} — ${stateLabel(s.state)}`, '');
    lines.push(`- Model: ${s.model || 'default'}`, `- Branch: \`${s.head_ref || '—'}\` → \`${s.base_ref || '—'}\``);
    lines.push(`- Created ${s.created_at}, updated ${s.updated_at}${s.completed_at ? `, completed ${s.completed_at} (${duration(s.created_at, s.completed_at)})` : ''}`, '');
    lines.push('```text', s.prompt ?? '', '```', '');
  }
  if (!t.sessions) lines.push('_Sessions are loading…_', '');
  return lines.join('\n');
}

/** "user 1001": the service's lower-case creator kind, in the words a person reads; an unknown kind is shown as sent. */
function creatorLabel(t: Task): string {
  const kind = typeof t.creator_type === 'string' && t.creator_type ? t.creator_type.toLowerCase() : 'creator';
  return `${kind} ${t.creator?.id ?? '?'}`;
}
