import * as path from 'node:path';
import * as vscode from 'vscode';
import type { Task } from '../../api';
import { countsLabel, kindLabel, type ChangeCommit, type ChangedFile, type ChangesView } from '../../changes/types';
import { COMMANDS } from '../../ids';
import { forLabel } from '../../safety/serviceText';
import { isoTime, relativeTime } from '../relativeTime';
import { MessageNode } from './messageNode';
import type { TreeNode } from './node';

type Ready = Extract<ChangesView, { kind: 'ready' }>;

/** "3 files · +40 −2", and why it may be old: one whole sentence each, for translators. */
export function changesDescription(v: Ready): string {
  const t = v.totals;
  const files = t.files === 1 ? vscode.l10n.t('1 file') : vscode.l10n.t('{0} files', t.files);
  return v.stale
    ? vscode.l10n.t('{0} · +{1} −{2} · not refreshed: {3}', files, t.added, t.removed, v.stale)
    : vscode.l10n.t('{0} · +{1} −{2}', files, t.added, t.removed);
}

/**
 * A task's Changes: the files its branch changes against the base (`base...head`), or why they cannot be shown.
 * contextValue `agentChanges` followed by the view's kind (` ready`, ` problem`, ` noBranch`, ` loading`).
 */
export class ChangesNode implements TreeNode {
  readonly kind = 'changes';
  constructor(
    readonly task: Task,
    private readonly view: ChangesView,
    private readonly idPrefix: string,
  ) {}

  getTreeItem(): vscode.TreeItem {
    const v = this.view;
    const open = v.kind === 'ready' ? v.files.length > 0 : v.kind === 'problem';
    const item = new vscode.TreeItem(
      vscode.l10n.t('Changes'),
      open ? vscode.TreeItemCollapsibleState.Collapsed : vscode.TreeItemCollapsibleState.None,
    );
    item.id = `${this.idPrefix}/changes`;
    item.contextValue = `agentChanges ${v.kind}`;
    switch (v.kind) {
      case 'ready':
        item.description = forLabel(
          v.files.length ? changesDescription(v) : vscode.l10n.t('no file changed against {0}', v.base),
        );
        item.iconPath = new vscode.ThemeIcon(v.stale ? 'warning' : 'diff-multiple');
        item.tooltip = forLabel(
          vscode.l10n.t(
            '{0} against {1} (as a pull request counts: from their merge base){2}',
            v.head,
            v.base,
            v.stale ? `\n${vscode.l10n.t('Not refreshed: {0}; showing what was fetched before.', v.stale)}` : '',
          ),
          600,
        );
        break;
      case 'loading':
        item.description = vscode.l10n.t('reading the branch…');
        item.iconPath = new vscode.ThemeIcon('loading~spin');
        break;
      case 'noBranch':
      case 'problem':
        item.description = forLabel(v.why);
        item.tooltip = forLabel(`${v.why}. ${v.todo}`, 600);
        item.iconPath = new vscode.ThemeIcon(v.kind === 'problem' ? 'warning' : 'circle-outline');
        break;
    }
    return item;
  }

  getChildren(): TreeNode[] {
    const v = this.view;
    if (v.kind === 'problem') {
      const retry = {
        command: COMMANDS.refreshChanges,
        title: vscode.l10n.t('Retry'),
        arguments: [{ task: this.task }],
      };
      return [
        new MessageNode(capitalised(v.why), 'warning', undefined, v.why),
        new MessageNode(
          vscode.l10n.t('{0} Click to retry.', v.todo),
          'lightbulb',
          retry,
          vscode.l10n.t('Click to read the branch again'),
        ),
      ];
    }
    if (v.kind !== 'ready') return [];
    return v.files.map(f => new ChangedFileNode(this.task.id, f, v, `${this.idPrefix}/changes`));
  }
}

const capitalised = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

export class ChangedFileNode implements TreeNode {
  readonly kind = 'changedFile';
  constructor(
    private readonly taskId: string,
    readonly file: ChangedFile,
    private readonly view: Ready,
    private readonly idPrefix: string,
  ) {}

  getTreeItem(): vscode.TreeItem {
    const f = this.file;
    const slash = f.path.lastIndexOf('/');
    const item = new vscode.TreeItem(forLabel(f.path.slice(slash + 1)), vscode.TreeItemCollapsibleState.None);
    item.id = `${this.idPrefix}/${f.path}`;
    // The file's icon from the theme, by its name; the label and description are ours.
    item.resourceUri = vscode.Uri.file(path.join(this.view.root, f.path));
    const where = slash > 0 ? f.path.slice(0, slash) : '';
    const kind = f.kind === 'modified' ? '' : kindLabel(f);
    item.description = forLabel([where, kind, countsLabel(f)].filter(Boolean).join(' · '));
    item.tooltip = forLabel(`${f.path}\n${kindLabel(f)} · ${countsLabel(f)}`, 600);
    item.contextValue = `agentChangedFile ${f.kind}`;
    item.command = {
      command: COMMANDS.openChange,
      title: vscode.l10n.t('Open Changes'),
      arguments: [this.taskId, f.path],
    };
    return item;
  }

  getChildren(): TreeNode[] {
    return [];
  }
}

/** The commits on the head that the base does not have, newest first. */
export class CommitsNode implements TreeNode {
  readonly kind = 'commits';
  constructor(
    private readonly commits: readonly ChangeCommit[],
    private readonly idPrefix: string,
  ) {}

  getTreeItem(): vscode.TreeItem {
    const item = new vscode.TreeItem(vscode.l10n.t('Commits'), vscode.TreeItemCollapsibleState.Collapsed);
    item.id = `${this.idPrefix}/commits`;
    const n = this.commits.length;
    item.description = n === 1 ? vscode.l10n.t('1 commit') : vscode.l10n.t('{0} commits', n);
    item.iconPath = new vscode.ThemeIcon('git-commit');
    item.contextValue = 'agentCommits';
    return item;
  }

  getChildren(): TreeNode[] {
    return this.commits.map(c => new CommitNode(c, `${this.idPrefix}/commits`));
  }
}

export class CommitNode implements TreeNode {
  readonly kind = 'commit';
  constructor(
    readonly commit: ChangeCommit,
    private readonly idPrefix: string,
  ) {}

  getTreeItem(): vscode.TreeItem {
    const c = this.commit;
    const item = new vscode.TreeItem(
      forLabel(c.subject || vscode.l10n.t('(no message)')),
      vscode.TreeItemCollapsibleState.None,
    );
    item.id = `${this.idPrefix}/${c.sha}`;
    // Its time is the author's to write: one no date can hold is said to be unknown.
    const iso = isoTime(c.time);
    const when = iso ? relativeTime(iso) : vscode.l10n.t('date unknown');
    item.description = forLabel(`${c.sha.slice(0, 7)} · ${when}`);
    item.tooltip = forLabel(`${c.subject}\n${c.sha}\n${iso ?? vscode.l10n.t('date unknown')}`, 600);
    item.iconPath = new vscode.ThemeIcon('git-commit');
    item.contextValue = 'agentCommit';
    return item;
  }

  getChildren(): TreeNode[] {
    return [];
  }
}

/** The rows a task shows for its changes: Changes, and beside it its Commits once known. */
export function changesRows(task: Task, view: ChangesView, prefix: string): TreeNode[] {
  const rows: TreeNode[] = [new ChangesNode(task, view, prefix)];
  if (view.kind === 'ready' && view.commits.length) rows.push(new CommitsNode(view.commits, prefix));
  return rows;
}
