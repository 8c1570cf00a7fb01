import * as path from 'node:path';
import * as vscode from 'vscode';
import type { Task } from '../api';
import { countsLabel, kindLabel, type ChangeCommit, type ChangedFile, type ChangesView } from '../model/changesView';
import { COMMANDS } from '../ids';
import type { ReviewSummary } from '../model/reviewSummary';
import { forLabel } from '../safety/serviceText';
import { timeText } from '../shared/when';
import { isoTime, relativeTime } from '../shared/relativeTime';
import { MessageNode } from '../shared/messageNode';
import type { TreeNode } from '../shared/treeNode';
import { roundsLines, roundsShort } from './rounds/roundsWords';

type Ready = Extract<ChangesView, { kind: 'ready' }>;

/** "3 files · +40 −2", and why it may be old: one whole sentence each, for translators. */
export function changesDescription(v: Ready): string {
  const t = v.totals;
  const files = t.files === 1 ? vscode.l10n.t('1 file') : vscode.l10n.t('{0} files', t.files);
  return v.stale
    ? vscode.l10n.t('{0} · +{1} −{2} · not refreshed: {3}', files, t.added, t.removed, v.stale)
    : vscode.l10n.t('{0} · +{1} −{2}', files, t.added, t.removed);
}

/** What the review adds to the Changes row: files left to view, comments to send and sent, a remote that moved on. */
export function reviewDescription(v: Ready, review: ReviewSummary | undefined): string[] {
  const out: string[] = [];
  if (v.files.length) {
    const left = review?.toView ?? v.files.length;
    out.push(left === 0 ? vscode.l10n.t('all viewed') : vscode.l10n.t('{0} to view', left));
  }
  const unsent = review?.unsent ?? 0;
  if (unsent)
    out.push(unsent === 1 ? vscode.l10n.t('1 comment to send') : vscode.l10n.t('{0} comments to send', unsent));
  const sent = review?.sent ?? 0;
  if (sent) out.push(sent === 1 ? vscode.l10n.t('1 comment sent') : vscode.l10n.t('{0} comments sent', sent));
  if (v.behind) out.push(vscode.l10n.t('behind the remote'));
  return out;
}

/**
 * A task's Changes: the files its branch changes against the base (`base...head`), or why they cannot be shown.
 * contextValue `agentChanges` followed by the view's kind (` ready`, ` problem`, ` noBranch`, ` loading`), and
 * ` comments` when review comments wait to be sent.
 */
export class ChangesNode implements TreeNode {
  readonly kind = 'changes';
  constructor(
    readonly task: Task,
    private readonly view: ChangesView,
    private readonly idPrefix: string,
    private readonly review?: ReviewSummary,
  ) {}

  getTreeItem(): vscode.TreeItem {
    const v = this.view;
    const open = v.kind === 'ready' ? v.files.length > 0 : v.kind === 'problem';
    const item = new vscode.TreeItem(
      vscode.l10n.t('Changes'),
      open ? vscode.TreeItemCollapsibleState.Collapsed : vscode.TreeItemCollapsibleState.None,
    );
    item.id = `${this.idPrefix}/changes`;
    item.contextValue = `agentChanges ${v.kind}${this.review?.unsent ? ' comments' : ''}`;
    switch (v.kind) {
      case 'ready': {
        const first = v.files.length ? changesDescription(v) : vscode.l10n.t('no file changed against {0}', v.base);
        const whose = v.rounds ? [roundsShort(v.rounds)] : [];
        item.description = forLabel([first, ...whose, ...reviewDescription(v, this.review)].join(' · '));
        item.iconPath = new vscode.ThemeIcon(v.stale || v.behind ? 'warning' : 'diff-multiple');
        const notes = [
          v.stale ? vscode.l10n.t('Not refreshed: {0}; showing what was fetched before.', v.stale) : '',
          v.behind
            ? vscode.l10n.t(
                'The remote has moved on to {0}: Refresh reads it; until then Review and Apply use {1}, shown here.',
                v.behind.slice(0, 7),
                v.headSha.slice(0, 7),
              )
            : '',
          ...(v.rounds ? roundsLines(v.rounds, s => forLabel(s, 200)) : []),
        ].filter(Boolean);
        item.tooltip = forLabel(
          vscode.l10n.t(
            '{0} against {1} (as a pull request counts: from their merge base){2}',
            v.head,
            v.base,
            notes.length ? `\n${notes.join('\n')}` : '',
          ),
          1600,
        );
        break;
      }
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
    const marks = this.review?.viewed;
    return v.files.map(f => new ChangedFileNode(this.task.id, f, v, `${this.idPrefix}/changes`, marks?.get(f.path)));
  }
}

const capitalised = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/**
 * A changed file: a click opens its diff; its checkbox ticks it as viewed (for the content it has: when the branch
 * changes it, the tick goes and the row says so).
 */
export class ChangedFileNode implements TreeNode {
  readonly kind = 'changedFile';
  constructor(
    readonly taskId: string,
    readonly file: ChangedFile,
    private readonly view: Ready,
    private readonly idPrefix: string,
    readonly viewed?: 'viewed' | 'changed',
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
    const since = this.viewed === 'changed' ? vscode.l10n.t('changed since you viewed it') : '';
    item.description = forLabel([where, kind, countsLabel(f), since].filter(Boolean).join(' · '));
    item.tooltip = forLabel(`${f.path}\n${kindLabel(f)} · ${countsLabel(f)}${since ? `\n${since}` : ''}`, 600);
    item.contextValue = `agentChangedFile ${f.kind}`;
    item.checkboxState = {
      state: this.viewed === 'viewed' ? vscode.TreeItemCheckboxState.Checked : vscode.TreeItemCheckboxState.Unchecked,
      tooltip: vscode.l10n.t('Viewed'),
      accessibilityInformation: { label: vscode.l10n.t('Mark {0} as viewed', f.path) },
    };
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
    readonly task: Task,
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
    return this.commits.map(c => new CommitNode(this.task, c, `${this.idPrefix}/commits`));
  }
}

/** One commit: a click opens its own changes (against its parent); its tooltip has its whole message and time. */
export class CommitNode implements TreeNode {
  readonly kind = 'commit';
  constructor(
    readonly task: Task,
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
    // The whole message as text (a tooltip string is not Markdown), then the commit and its time where the user is.
    const at = iso ? timeText(iso, { locale: vscode.env.language }) : vscode.l10n.t('date unknown');
    const lines = (c.message || c.subject).split('\n').slice(0, 40);
    item.tooltip = [...lines, '', c.sha, at].map(line => forLabel(line, 300)).join('\n');
    item.iconPath = new vscode.ThemeIcon('git-commit');
    item.contextValue = 'agentCommit';
    item.command = {
      command: COMMANDS.openCommit,
      title: vscode.l10n.t('Open Commit'),
      arguments: [this.task.id, c.sha],
    };
    return item;
  }

  getChildren(): TreeNode[] {
    return [];
  }
}

/** The rows a task shows for its changes read through git: Changes, and beside it its Commits once known. */
export function changesRows(
  task: Task,
  view: Exclude<ChangesView, { kind: 'noGit' }>,
  prefix: string,
  review?: ReviewSummary,
): TreeNode[] {
  const rows: TreeNode[] = [new ChangesNode(task, view, prefix, review)];
  if (view.kind === 'ready' && view.commits.length) rows.push(new CommitsNode(task, view.commits, prefix));
  return rows;
}
