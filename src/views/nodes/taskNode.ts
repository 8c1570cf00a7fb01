import * as vscode from 'vscode';
import type { Task } from '../../api';
import type { TaskModel } from '../../model/taskModel';
import { forLabel, forMarkdown, plainName } from '../../safety/serviceText';
import { plainLine } from '../../taskPage/text';
import { timeText } from '../../taskPage/when';
import { relativeTime } from '../relativeTime';
import { stateIcon, stateLabel } from '../stateStyle';
import { pullRequests } from '../../model/taskLinks';
import { ArtifactNode } from './artifactNode';
import { MessageNode } from './messageNode';
import type { TreeNode } from './node';
import { SessionNode } from './sessionNode';

export interface TaskNodeContext {
  readonly viewId: string;
  readonly model: TaskModel;
  /** The repository's name for the description, in views that mix repositories. */
  repoName?(task: Task): string | undefined;
  /** Why the repository shows as an ID (no answer named it yet), for the tooltip. */
  repoWhy?(task: Task): string | undefined;
  /** "you" for the user's own tasks. */
  creator?(task: Task): string | undefined;
  /** The name of the task this one continues, when this workspace started it as a continuation. */
  continues?(task: Task): string | undefined;
  describeError(err: unknown): string;
  /** The rows of the task's changes (Changes, Commits), drawn first among its children. */
  changes?(task: Task, idPrefix: string): TreeNode[];
}

// An ISO date: what relativeTime says of anything older than a month, and it never changes as time goes on.
const DATE_LABEL = /^\d{4}-\d\d-\d\d$/;

/**
 * How much of a task's row its label and state take at VS Code's default sidebar width (300 px), in characters of
 * the label's font (the description's is a tenth smaller), and the least of a name that is kept. The tree cuts a row
 * at its end, where the state is: so the name is shortened first, and the state after it stays whole. The whole name
 * is in the tooltip, the accessible label and the task page.
 */
const ROW_CHARS = 30;
const MIN_NAME = 14;

function shortName(name: string, state: string): string {
  return plainLine(name, Math.max(MIN_NAME, Math.floor(ROW_CHARS - 1.5 - 0.9 * state.length)));
}

const artifactCount = (t: Task) => (Array.isArray(t.artifacts) ? t.artifacts.length : 0);

/** Whether two versions of a task draw the same item and tooltip. */
function drawsSame(a: Task, b: Task): boolean {
  return (
    a === b ||
    (a.id === b.id &&
      a.name === b.name &&
      a.state === b.state &&
      a.updated_at === b.updated_at &&
      a.created_at === b.created_at &&
      a.archived_at === b.archived_at &&
      a.html_url === b.html_url &&
      a.session_count === b.session_count &&
      artifactCount(a) === artifactCount(b) &&
      pullRequests(a).length === pullRequests(b).length)
  );
}

/**
 * A task: name, state (icon and colour), how long ago it changed; expands into its sessions and artifacts.
 * contextValue: `agentTask` followed by ` web` (has a web page), ` pull` (has a pull request), ` branch`
 * (has sessions, so a head branch), read by the manifest's `when` clauses.
 * The item is kept and handed out again while the task draws the same and its age label has not moved on: a
 * root redraw of a long list then costs a comparison per task. The tooltip is Markdown, which VS Code parses for
 * every item it is handed at every redraw; so it is made only when asked for (on hover, `resolved()`).
 */
export class TaskNode implements TreeNode {
  readonly kind = 'task';
  /** The "5 min ago" shown when last drawn, so the view can redraw just the nodes whose age label moved on. */
  drawnAge: string | undefined;
  private item: vscode.TreeItem | undefined;
  private withTooltip: vscode.TreeItem | undefined;
  private drawnFrom: Task | undefined;
  private drawnRepo: string | undefined;
  private drawnContinues: string | undefined;
  private ageOf: string | undefined;
  private ageLabel = '';
  private ageFinal = false;

  constructor(
    public task: Task,
    private readonly ctx: TaskNodeContext,
  ) {}

  get id(): string {
    return this.task.id;
  }

  /** The age label of the task's last change at `now`. */
  age(now = Date.now()): string {
    const iso = this.task.updated_at;
    if (iso !== this.ageOf || !this.ageFinal) {
      this.ageOf = iso;
      this.ageLabel = relativeTime(iso, now);
      this.ageFinal = DATE_LABEL.test(this.ageLabel);
    }
    return this.ageLabel;
  }

  getTreeItem(): vscode.TreeItem {
    const t = this.task;
    const repo = this.ctx.repoName?.(t);
    const age = this.age();
    const continues = this.ctx.continues?.(t);
    const same =
      this.drawnFrom &&
      age === this.drawnAge &&
      repo === this.drawnRepo &&
      continues === this.drawnContinues &&
      drawsSame(this.drawnFrom, t);
    if (this.item && same) {
      this.drawnFrom = t;
      return this.item;
    }
    const name = plainName(t.name) || t.id;
    const state = stateLabel(t.state);
    const item = new vscode.TreeItem(forLabel(shortName(name, state)), vscode.TreeItemCollapsibleState.Collapsed);
    item.id = `${this.ctx.viewId}/${t.id}`;
    const archived = t.archived_at ? 'archived' : '';
    const after = continues === undefined ? '' : `continues “${plainLine(plainName(continues), 40)}”`;
    // The state first, then when: what may be cut at the row's end comes last.
    item.description = forLabel([state, age, repo, archived, after].filter(Boolean).join(' · '));
    item.iconPath = stateIcon(t.state);
    const flags = ['agentTask'];
    if (t.html_url) flags.push('web');
    if (pullRequests(t).length) flags.push('pull');
    if (t.session_count > 0) flags.push('branch');
    item.contextValue = flags.join(' ');
    // Read out whole: the name as it is, the state in words (the icon and colour say it only to the eye).
    const heard = [forLabel(name), state, `updated ${age}`, repo && `in ${repo}`, archived].filter(Boolean);
    item.accessibilityInformation = { label: heard.join(', ') };
    this.item = item;
    this.withTooltip = undefined;
    this.drawnFrom = t;
    this.drawnAge = age;
    this.drawnRepo = repo;
    this.drawnContinues = continues;
    return item;
  }

  /**
   * The item as it draws now, with its tooltip: what VS Code asks for when the pointer rests on the task. A copy, so
   * the item handed out at redraws stays without it.
   */
  resolved(): vscode.TreeItem {
    const item = this.getTreeItem();
    if (!this.withTooltip) {
      const t = this.drawnFrom ?? this.task;
      const repo = this.drawnRepo;
      // Untrusted, no HTML, no theme icons: every piece from the service goes through forMarkdown. The name is as
      // sent (as text), where the label shows it without its Markdown marks.
      const md = new vscode.MarkdownString();
      const where = repo ? ` in ${forMarkdown(repo)}` : '';
      md.appendMarkdown(`${forMarkdown(t.name || t.id)}\n\n**${forMarkdown(stateLabel(t.state))}**${where}\n\n`);
      const why = this.ctx.repoWhy?.(t);
      if (why) md.appendMarkdown(`${forMarkdown(why)}\n\n`);
      const by = this.ctx.creator?.(t);
      if (by) md.appendMarkdown(`Created by ${forMarkdown(by)}\n\n`);
      const continues = this.drawnContinues;
      if (continues !== undefined) md.appendMarkdown(`${forMarkdown(`Continues “${plainName(continues)}”`)}\n\n`);
      // In the user's locale and time zone, as the task page shows them.
      const when = (v: unknown) => timeText(v, { locale: vscode.env.language });
      const dates = [`Created ${when(t.created_at)}`, `Updated ${when(t.updated_at)}`];
      if (t.archived_at) dates.push(`Archived ${when(t.archived_at)}`);
      md.appendMarkdown(`${forMarkdown(dates.join('\n'))}\n\n`);
      md.appendMarkdown(forMarkdown(`Sessions: ${t.session_count}  ·  Artifacts: ${artifactCount(t)}\nID: ${t.id}`));
      this.withTooltip = Object.assign(new vscode.TreeItem(item.label ?? '', item.collapsibleState), item, {
        tooltip: md,
      });
    }
    return this.withTooltip;
  }

  async getChildren(): Promise<TreeNode[]> {
    const prefix = `${this.ctx.viewId}/${this.task.id}`;
    const artifacts = (Array.isArray(this.task.artifacts) ? this.task.artifacts : []).map(
      a => new ArtifactNode(this.task, a, prefix),
    );
    let cached = this.ctx.model.store.sessions(this.task.id);
    if (!cached) {
      try {
        await this.ctx.model.loadDetails(this.task.id);
      } catch (err) {
        return [new MessageNode(`Sessions could not be read: ${this.ctx.describeError(err)}`, 'warning'), ...artifacts];
      }
      cached = this.ctx.model.store.sessions(this.task.id);
    } else if (!cached.fresh) {
      // Shown at once from memory; the store reports the fresh copy when it arrives.
      void this.ctx.model.loadDetails(this.task.id).catch(() => undefined);
    }
    const sessions = (cached?.sessions ?? []).map(s => new SessionNode(s, prefix));
    const changes = this.ctx.changes?.(this.task, prefix) ?? [];
    const children: TreeNode[] = [...changes, ...sessions, ...artifacts];
    return children.length ? children : [new MessageNode('No sessions or artifacts yet', 'circle-outline')];
  }
}
