import * as vscode from 'vscode';
import { statusOf } from '../../errors/failure';
import { explain } from '../../errors/userErrors';
import type { AttemptSet } from '../../model/attemptSets';
import { attemptLabel, attemptsText, countStates, countsText } from '../../model/attemptSummary';
import type { TaskModel } from '../../model/taskModel';
import { forLabel } from '../../safety/serviceText';
import { MessageNode } from '../../shared/messageNode';
import { plainLine } from '../../shared/text';
import type { TreeNode } from '../../shared/treeNode';
import type { TaskNode } from './taskNode';

/** What a set's row reads beside its attempts' nodes: a task the view does not show, read once to know if gone. */
export interface SetRowContext {
  readonly viewId: string;
  readonly model: Pick<TaskModel, 'loadDetails' | 'picture'>;
  /** Whether the views show attempts set aside (then they are shown, marked). */
  showingAside(): boolean;
}

/** What reading an attempt the view does not show found: it exists (a filter hides it), it is gone, or a failure. */
type Looked = { kind: 'there' } | { kind: 'gone' } | { kind: 'failed'; text: string };

/**
 * A set of attempts of one prompt, started here: one row named after the prompt ("3 attempts · 2 finished, 1
 * running"), its attempts' own task rows under it in order. An attempt without a row says why: it did not start, the
 * service no longer has it, or it could not be read. One the filters hide is left out, as any task would be.
 * contextValue `agentAttemptSet`, then ` aside` when the whole set is set aside.
 */
export class AttemptSetNode implements TreeNode {
  readonly kind = 'attemptSet';
  /** Its attempts' nodes the view shows, in attempt order. */
  attempts: TaskNode[] = [];
  /** Tasks of the set the view does not show, as read once (per node: a set drawn anew reads again). */
  private readonly looked = new Map<string, Looked | Promise<void>>();

  constructor(
    public set: AttemptSet,
    private readonly ctx: SetRowContext,
  ) {}

  get id(): string {
    return this.set.id;
  }

  /** Its newest attempt's task: which repository the set belongs to, for My Tasks grouped by repository. */
  get task() {
    return this.attempts[0].task;
  }

  get picture() {
    return this.attempts[0].picture;
  }

  getTreeItem(): vscode.TreeItem {
    const name = forLabel(plainLine(this.set.name, 200), 201) || vscode.l10n.t('Attempts');
    const item = new vscode.TreeItem(name, vscode.TreeItemCollapsibleState.Expanded);
    item.id = `${this.ctx.viewId}/set:${this.set.id}`;
    const counts = countsText(countStates(this.attempts.map(n => String(n.task.state))));
    const aside = this.set.aside ? vscode.l10n.t('set aside') : '';
    const description = [attemptsText(this.set.attempts.length), counts, aside].filter(Boolean).join(' · ');
    item.description = description;
    item.iconPath = new vscode.ThemeIcon('layers');
    item.contextValue = this.set.aside ? 'agentAttemptSet aside' : 'agentAttemptSet';
    item.tooltip = vscode.l10n.t('Attempts of one prompt, started in this workspace: {0}', `${name} · ${description}`);
    item.accessibilityInformation = { label: vscode.l10n.t('{0}, set of {1}', name, description) };
    return item;
  }

  async getChildren(): Promise<TreeNode[]> {
    const shown = new Map(this.attempts.map(n => [n.picture.attempt?.index, n]));
    const out: TreeNode[] = [];
    for (const [index, a] of this.set.attempts.entries()) {
      const node = shown.get(index);
      if (node) {
        out.push(node);
        continue;
      }
      const label = attemptLabel(index, a.model);
      if (a.aside && !this.ctx.showingAside()) continue;
      if (a.taskId === undefined) {
        const why = a.failure
          ? vscode.l10n.t('{0}: did not start ({1})', label, a.failure)
          : vscode.l10n.t('{0}: not started', label);
        out.push(new MessageNode(why, a.failure ? 'error' : 'circle-outline', undefined, undefined, this.rowId(index)));
        continue;
      }
      const looked = await this.look(a.taskId);
      if (looked.kind === 'gone')
        out.push(
          new MessageNode(
            vscode.l10n.t('{0}: the service no longer has this task', label),
            'warning',
            undefined,
            undefined,
            this.rowId(index),
          ),
        );
      else if (looked.kind === 'failed')
        out.push(
          new MessageNode(
            vscode.l10n.t('{0}: could not be read: {1}', label, looked.text),
            'warning',
            undefined,
            undefined,
            this.rowId(index),
          ),
        );
    }
    return out;
  }

  private rowId(index: number): string {
    return `${this.ctx.viewId}/set:${this.set.id}/${index}`;
  }

  /** A task of the set this view does not show: one the model holds is there (a filter hides it); else read once. */
  private async look(taskId: string): Promise<Looked> {
    if (this.ctx.model.picture(taskId)) return { kind: 'there' };
    let seen = this.looked.get(taskId);
    if (!seen) {
      seen = this.ctx.model.loadDetails(taskId).then(
        () => void this.looked.set(taskId, { kind: 'there' }),
        (err: unknown) =>
          void this.looked.set(
            taskId,
            statusOf(err) === 404 ? { kind: 'gone' } : { kind: 'failed', text: explain(err).text },
          ),
      );
      this.looked.set(taskId, seen);
    }
    if (seen instanceof Promise) await seen;
    return this.looked.get(taskId) as Looked;
  }
}
