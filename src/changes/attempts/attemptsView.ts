// The Compare Attempts view: the attempts of the set compared (each attempt's state and Changes, or why it cannot be
// compared), then every file any attempt changed, with what each did to it, which attempts agree, and the version
// picked; under a file, one row per attempt that changed it. A file's click opens two attempts' versions side by side;
// an attempt's row, that attempt's change against the base. Text from the service and the branches is shown as text.
import * as vscode from 'vscode';
import { countsLabel, kindLabel, type ChangedFile } from '../../model/changesView';
import { forLabel } from '../../safety/serviceText';
import type { AttemptColumn, Comparison } from './comparison';
import type { FileAcross } from './compareFiles';

import { ATTEMPT_COMMANDS } from '../attemptCommandIds';

export { ATTEMPT_COMMANDS };

export const ATTEMPTS_VIEW = 'agentTasks.attempts';
/** Context key: a comparison is open (the view shows). */
export const COMPARING = 'agentTasks.comparingAttempts';

/** Which version of each file is kept: an attempt's (its index); a file not picked keeps the base. */
export type Picks = ReadonlyMap<string, number>;

export type AttemptNode =
  | { kind: 'attempt'; column: AttemptColumn }
  | { kind: 'file'; file: FileAcross }
  | { kind: 'version'; file: FileAcross; index: number; change: ChangedFile };

/** "attempts 1 and 3", "attempts 1, 2 and 4". */
export function attemptsWords(indices: readonly number[]): string {
  const n = indices.map(i => String(i + 1));
  if (n.length === 1) return vscode.l10n.t('attempt {0}', n[0]);
  return vscode.l10n.t('attempts {0} and {1}', n.slice(0, -1).join(', '), n[n.length - 1]);
}

/** What an attempt did to a file, short: "+3 −1", "deleted", "binary", "renamed from a.ts +0 −0". */
export function changeWords(f: ChangedFile): string {
  if (f.kind === 'deleted') return vscode.l10n.t('deleted');
  const counts = countsLabel(f);
  return f.kind === 'modified' ? counts : `${kindLabel(f)} ${counts}`;
}

export function attemptName(c: Pick<AttemptColumn, 'index' | 'model'>, total: number): string {
  return c.model
    ? vscode.l10n.t('Attempt {0} of {1} ({2})', c.index + 1, total, c.model)
    : vscode.l10n.t('Attempt {0} of {1}', c.index + 1, total);
}

export class AttemptsTree implements vscode.TreeDataProvider<AttemptNode> {
  private readonly changed = new vscode.EventEmitter<AttemptNode | undefined>();
  readonly onDidChangeTreeData = this.changed.event;
  private shown: Comparison | undefined;
  private picks: Picks = new Map();

  show(c: Comparison | undefined, picks: Picks): void {
    this.shown = c;
    this.picks = picks;
    this.changed.fire(undefined);
  }

  get comparison(): Comparison | undefined {
    return this.shown;
  }

  getChildren(node?: AttemptNode): AttemptNode[] {
    const c = this.shown;
    if (!c) return [];
    if (!node)
      return [
        ...c.attempts.map(column => ({ kind: 'attempt' as const, column })),
        ...c.files.map(file => ({ kind: 'file' as const, file })),
      ];
    if (node.kind !== 'file') return [];
    return [...node.file.changes].map(([index, change]) => ({
      kind: 'version' as const,
      file: node.file,
      index,
      change,
    }));
  }

  getTreeItem(node: AttemptNode): vscode.TreeItem {
    const total = this.shown?.set.attempts.length ?? 0;
    switch (node.kind) {
      case 'attempt':
        return this.attemptItem(node.column, total);
      case 'file':
        return this.fileItem(node.file, total);
      case 'version': {
        const picked = this.picks.get(node.file.path) === node.index;
        const others = node.file.agree.find(g => g.includes(node.index))?.filter(i => i !== node.index) ?? [];
        const column = this.shown?.attempts[node.index];
        const item = new vscode.TreeItem(attemptName({ index: node.index, model: column?.model ?? '' }, total));
        item.id = `${this.shown?.set.id}/file/${node.file.path}/${node.index}`;
        item.description = forLabel(
          [
            changeWords(node.change),
            others.length ? vscode.l10n.t('same as {0}', attemptsWords(others)) : '',
            picked ? vscode.l10n.t('picked') : '',
          ]
            .filter(Boolean)
            .join(' · '),
        );
        item.iconPath = new vscode.ThemeIcon(picked ? 'pass-filled' : 'circle-large-outline');
        item.contextValue = `agentAttemptVersion${picked ? ' picked' : ''}`;
        item.tooltip = vscode.l10n.t('Click: the change of attempt {0} against the base', node.index + 1);
        item.command = {
          command: ATTEMPT_COMMANDS.openBaseDiff,
          title: vscode.l10n.t('Open Changes of This Attempt'),
          arguments: [node],
        };
        return item;
      }
    }
  }

  private attemptItem(c: AttemptColumn, total: number): vscode.TreeItem {
    const item = new vscode.TreeItem(attemptName(c, total));
    item.id = `${this.shown?.set.id}/attempt/${c.index}`;
    item.contextValue = `agentAttempt ${c.kind}`;
    if (c.kind === 'ready') {
      const t = c.view.totals;
      const files = t.files === 1 ? vscode.l10n.t('1 file') : vscode.l10n.t('{0} files', t.files);
      item.description = forLabel(vscode.l10n.t('{0} · +{1} −{2}', files, t.added, t.removed));
      item.tooltip = forLabel(vscode.l10n.t('{0} against {1}', c.view.head, c.view.base), 600);
      item.iconPath = new vscode.ThemeIcon('git-branch');
    } else {
      item.description = forLabel(c.why);
      item.tooltip = forLabel(c.todo ? `${c.why}. ${c.todo}` : c.why, 600);
      item.iconPath = new vscode.ThemeIcon(c.kind === 'notStarted' ? 'circle-slash' : 'warning');
    }
    return item;
  }

  private fileItem(f: FileAcross, total: number): vscode.TreeItem {
    const item = new vscode.TreeItem(f.path, vscode.TreeItemCollapsibleState.Collapsed);
    item.id = `${this.shown?.set.id}/file/${f.path}`;
    const each = [...f.changes].map(([i, ch]) => `${i + 1}: ${changeWords(ch)}`);
    const agree = f.agree.map(g => vscode.l10n.t('{0} agree', attemptsWords(g)));
    const picked = this.picks.get(f.path);
    const keeps =
      picked === undefined ? vscode.l10n.t('keeps the base') : vscode.l10n.t('keeps attempt {0}', picked + 1);
    item.description = forLabel([each.join(', '), ...agree, keeps].join(' · '), 400);
    item.iconPath = new vscode.ThemeIcon(picked === undefined ? 'file' : 'pass-filled');
    const only = f.changes.size === 1;
    item.contextValue = `agentAttemptFile${only ? ' one' : ''}${picked !== undefined ? ' picked' : ''}`;
    const lines = [...f.changes].map(([i, ch]) => `${attemptName({ index: i, model: '' }, total)}: ${changeWords(ch)}`);
    item.tooltip = forLabel([f.path, ...lines, ...agree, keeps].join('\n'), 1200);
    item.command = {
      command: ATTEMPT_COMMANDS.openDiff,
      title: vscode.l10n.t('Open Diff of Two Attempts'),
      arguments: [{ kind: 'file', file: f }],
    };
    return item;
  }

  dispose(): void {
    this.changed.dispose();
  }
}
