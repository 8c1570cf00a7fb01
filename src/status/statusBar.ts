import * as vscode from 'vscode';
import { VIEWS } from '../ids';
import { DisposableBase } from '../lifecycle';
import type { TaskModel } from '../model/taskModel';
import type { ServiceChoice } from '../service/serviceChoice';
import { forMarkdown } from '../safety/serviceText';
import { renderingOf, type MarkdownRendering } from '../testing/rendering';
import { stateLabel } from '../views/stateStyle';

/**
 * How many tasks are running, with a spinner while any is; the running ones in the tooltip; a click reveals the
 * views. Hidden when no service is configured; says "Sandbox" when it is the built-in one.
 */
export class StatusBarController extends DisposableBase {
  private readonly item = this.register(
    vscode.window.createStatusBarItem('agentTasks.status', vscode.StatusBarAlignment.Left, 50),
  );

  constructor(
    private readonly model: TaskModel,
    private readonly service: ServiceChoice,
  ) {
    super();
    this.item.name = 'Agent Tasks';
    this.item.command = { command: `${VIEWS.repoTasks}.focus`, title: 'Show Agent Tasks' };
    this.register(model.onDidChangeTasks(() => this.update()));
    this.register(model.onDidChangeStatus(() => this.update()));
    this.register(service.onDidChange(() => this.update()));
    this.update();
  }

  /** What the item shows: its text ('' while hidden), its tooltip, and whether it is shown. */
  shown(): { text: string; tooltip: string; visible: boolean; tooltipRendering?: MarkdownRendering } {
    const visible = this.service.current().kind !== 'none';
    const t = this.item.tooltip;
    const rendering = t instanceof vscode.MarkdownString ? { tooltipRendering: renderingOf(t) } : {};
    return {
      text: visible ? this.item.text : '',
      tooltip: typeof t === 'string' ? t : (t?.value ?? ''),
      visible,
      ...rendering,
    };
  }

  private update(): void {
    const s = this.service.current();
    if (s.kind === 'none') {
      this.item.hide();
      return;
    }
    const sandbox = s.kind === 'sandbox';
    const running = this.model.running();
    const prefix = sandbox ? '$(beaker) Sandbox · ' : '';
    this.item.text = running.length
      ? `${prefix}$(sync~spin) ${running.length} task${running.length === 1 ? '' : 's'} running`
      : `${prefix}$(checklist) No tasks running`;
    const md = new vscode.MarkdownString();
    md.appendMarkdown(
      sandbox
        ? `**Agent Tasks** — built-in sandbox${s.url ? ` at ${forMarkdown(s.url)}` : ''} (demo data)\n\n`
        : `**Agent Tasks** — ${forMarkdown(s.url)}\n\n`,
    );
    if (running.length)
      for (const t of running)
        md.appendMarkdown(`- ${forMarkdown(stateLabel(t.state))}: ${forMarkdown(t.name || t.id)}\n`);
    else md.appendMarkdown('No task is queued or running.');
    this.item.tooltip = md;
    this.item.accessibilityInformation = {
      label: `Agent Tasks: ${running.length} running${sandbox ? ', sandbox' : ''}`,
    };
    this.item.show();
  }
}
