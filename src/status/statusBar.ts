import * as vscode from 'vscode';
import type { Task } from '../api';
import { VIEWS } from '../ids';
import { isActive, type TaskStore } from '../model/taskStore';
import { stateLabel } from '../views/stateStyle';

/**
 * How many tasks are running, with a spinner while any is; the running ones in the tooltip; a click reveals the
 * views. Hidden when no service is configured; says "Sandbox" when it is the built-in one.
 */
export class StatusBarController implements vscode.Disposable {
  private readonly item: vscode.StatusBarItem;
  private readonly subscriptions: vscode.Disposable[] = [];

  constructor(
    private readonly store: TaskStore,
    private readonly service: () => { configured: boolean; sandbox: boolean; url: string },
    onChange: vscode.Event<void>,
  ) {
    this.item = vscode.window.createStatusBarItem('agentTasks.status', vscode.StatusBarAlignment.Left, 50);
    this.item.name = 'Agent Tasks';
    this.item.command = { command: `${VIEWS.repoTasks}.focus`, title: 'Show Agent Tasks' };
    this.subscriptions.push(this.item, { dispose: store.onDidChange(() => this.update()).dispose }, onChange(() => this.update()));
    this.update();
  }

  get text(): string {
    return this.item.text;
  }

  get visible(): boolean {
    return this.service().configured;
  }

  get tooltipText(): string {
    const t = this.item.tooltip;
    return typeof t === 'string' ? t : t?.value ?? '';
  }

  private running(): Task[] {
    const seen = new Map<string, Task>();
    for (const key of this.store.listKeys()) for (const t of this.store.list(key)) if (isActive(t.state)) seen.set(t.id, t);
    return [...seen.values()];
  }

  update(): void {
    const s = this.service();
    if (!s.configured) {
      this.item.hide();
      return;
    }
    const running = this.running();
    const prefix = s.sandbox ? '$(beaker) Sandbox · ' : '';
    this.item.text = running.length
      ? `${prefix}$(sync~spin) ${running.length} task${running.length === 1 ? '' : 's'} running`
      : `${prefix}$(checklist) No tasks running`;
    const md = new vscode.MarkdownString(undefined, true);
    md.appendMarkdown(s.sandbox ? `**Agent Tasks** — built-in sandbox${s.url ? ` at ${s.url}` : ''} (demo data)\n\n` : `**Agent Tasks** — ${s.url}\n\n`);
    if (running.length) for (const t of running) md.appendMarkdown(`- ${stateLabel(t.state)}: ${escapeMd(t.name || t.id)}\n`);
    else md.appendMarkdown('No task is queued or running.');
    this.item.tooltip = md;
    this.item.accessibilityInformation = { label: `Agent Tasks: ${running.length} running${s.sandbox ? ', sandbox' : ''}` };
    this.item.show();
  }

  dispose(): void {
    for (const s of this.subscriptions) s.dispose();
  }
}

function escapeMd(s: string): string {
  return s.replace(/[\\`*_{}[\]()#+\-.!|<>]/g, m => `\\${m}`);
}
