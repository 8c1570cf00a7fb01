import * as vscode from 'vscode';
import type { Task } from '../../api';
import { changesRows } from '../../changes/changesNode';
import { GitlessChangesNode } from '../../changes/gitlessNode';
import { explain } from '../../errors/userErrors';
import type { TaskModel } from '../../model/taskModel';
import type { TaskPicture } from '../../model/taskPicture';
import { roundText } from '../../model/roundNumbers';
import { attemptParts } from './attemptRowText';
import { forLabel, forMarkdown, plainName } from '../../safety/serviceText';
import { plainLine } from '../../shared/text';
import { timeText } from '../../shared/when';
import { relativeTime } from '../../shared/relativeTime';
import { styleIcon } from '../../shared/stateStyle';
import { isActive } from '../../shared/taskState';
import { ArtifactNode, artifactBranch } from './artifactNode';
import { MessageNode } from '../../shared/messageNode';
import type { TreeNode } from '../../shared/treeNode';
import { SessionNode } from './sessionNode';

/** What every task node of a view shares: the view, the model to read sessions through, whether to name repos. */
export interface TaskRowContext {
  readonly viewId: string;
  readonly model: Pick<TaskModel, 'loadDetails' | 'picture'>;
  /**
   * The repository's name in the description: in views that mix repositories, unless the rows sit under their
   * repository's own row (grouped), which names it once for all of them.
   */
  readonly showRepo: boolean;
}

// An ISO date: what relativeTime says of anything older than a month, and it never changes as time goes on.
const DATE_LABEL = /^\d{4}-\d\d-\d\d$/;

/**
 * A row's label is the whole name, on one line: the tree shows as much of it as the row's width allows and ends it with
 * its own ellipsis, and the tooltip has it whole. The state is told by the icon and its colour (and in words to a
 * screen reader, in the accessible label), so the name never gives way to it. Bounded only where no sidebar is wide
 * enough to show more.
 */
const NAME_MAX = 200;
const CONTINUES_MAX = 120;

/** What a row shows of a picture beside its age: worked out once per picture (and view kind), for every draw. */
interface RowText {
  readonly label: string;
  readonly state: string;
  /** " · round 2 of 3 · acme/rocket · archived · continues …", or ''. */
  readonly tail: string;
  readonly contextValue: string;
  readonly readOut: string;
  readonly readOutTail: string;
  /**
   * The description and accessible label at the age label last drawn: every row of the picture drawn at that age
   * (a first draw after a filter hid the row, the other view) shares them instead of formatting them again.
   */
  aged?: AgedText;
}

interface AgedText {
  readonly age: string;
  readonly description: string;
  readonly accessibility: vscode.AccessibilityInformation;
}

const rowTexts = [new WeakMap<TaskPicture, RowText>(), new WeakMap<TaskPicture, RowText>()];

/** Every contextValue a task row can have, made once: each row shares one instead of building its own. */
const CONTEXT_VALUES = Array.from(
  { length: 8 },
  (_, i) => `agentTask${i & 1 ? ' web' : ''}${i & 2 ? ' pull' : ''}${i & 4 ? ' branch' : ''}`,
);

function rowText(p: TaskPicture, showRepo: boolean): RowText {
  const cache = rowTexts[showRepo ? 1 : 0];
  let text = cache.get(p);
  if (text) return text;
  text = makeRowText(p, showRepo);
  cache.set(p, text);
  return text;
}

function makeRowText(p: TaskPicture, showRepo: boolean): RowText {
  const t = p.task;
  const state = forLabel(p.state.label);
  const repo = showRepo ? p.repo?.label : undefined;
  const archived = t.archived_at ? vscode.l10n.t('archived') : '';
  const after = p.continues
    ? vscode.l10n.t('continues “{0}”', plainLine(plainName(p.continues.name), CONTINUES_MAX))
    : '';
  // The round's number tells apart rounds of one work whose names read alike.
  const round = p.round ? roundText(p.round) : '';
  // Shown from the last list this workspace saw, not yet refreshed: a running task may have moved on since.
  const seen =
    p.lastSeen !== undefined && isActive(t.state)
      ? vscode.l10n.t('last seen {0}', relativeTime(new Date(p.lastSeen).toISOString()))
      : '';
  // An attempt of a set sits under the set's row, which has the name: its row says which attempt, and what it changed.
  const attempt = p.attempt ? attemptParts(p) : undefined;
  const rest = forLabel([...(attempt?.parts ?? []), seen, round, repo, archived, after].filter(Boolean).join(' · '));
  const flags =
    CONTEXT_VALUES[(p.links.web ? 1 : 0) + (p.links.pullRequests.length ? 2 : 0) + (t.session_count > 0 ? 4 : 0)] +
    (attempt?.flags ?? '');
  const readOutTail = [...(attempt?.parts ?? []), seen, round, repo && vscode.l10n.t('in {0}', repo), archived]
    .filter(Boolean)
    .join(', ');
  return {
    label: attempt ? forLabel(attempt.label, NAME_MAX + 1) : forLabel(plainLine(p.name, NAME_MAX), NAME_MAX + 1),
    state,
    tail: rest ? ` · ${rest}` : '',
    contextValue: flags,
    readOut: attempt ? `${forLabel(attempt.label)}, ${p.state.label}` : `${forLabel(p.name)}, ${p.state.label}`,
    readOutTail: readOutTail ? `, ${readOutTail}` : '',
    // There from the start, so every row text has one shape and the draw's property reads stay monomorphic.
    aged: undefined,
  };
}

/** The row's description and accessible label at an age label, made once per picture and age. */
function agedText(text: RowText, age: string): AgedText {
  if (text.aged?.age === age) return text.aged;
  // The state first, then when: what may be cut at the row's end comes last.
  const when = age ? ` · ${age}` : '';
  // Read out whole: the name as it is, the state in words (the icon and colour say it only to the eye).
  const label = age
    ? vscode.l10n.t('{0}, updated {1}{2}', text.readOut, age, text.readOutTail)
    : text.readOut + text.readOutTail;
  text.aged = { age, description: `${text.state}${when}${text.tail}`, accessibility: { label } };
  return text.aged;
}

const artifactCount = (t: Task) => (Array.isArray(t.artifacts) ? t.artifacts.length : 0);

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
  /** Which of its view's lists last held the node: the view drops the nodes a newer list no longer holds. */
  generation = 0;
  /** The model's picture version when the view last gave the node its picture (TaskPictures.version). */
  picturedAt = -1;
  /** The row of the set of attempts it is drawn under, if any. */
  parentSet: TreeNode | undefined;
  private item: vscode.TreeItem | undefined;
  private withTooltip: vscode.TreeItem | undefined;
  private drawn: TaskPicture | undefined;
  private drawnWithRepo = false;
  private ageOf: string | undefined;
  private ageLabel = '';
  private ageFinal = false;

  constructor(
    public picture: TaskPicture,
    private readonly ctx: TaskRowContext,
  ) {}

  get id(): string {
    return this.picture.id;
  }

  /** The task as the service sent it: what commands run from the node's menu are handed. */
  get task(): Task {
    return this.picture.task;
  }

  /** The age label of the task's last change at `now`. */
  age(now = Date.now()): string {
    const iso = this.picture.task.updated_at;
    if (iso !== this.ageOf || !this.ageFinal) {
      this.ageOf = iso;
      this.ageLabel = relativeTime(iso, now);
      this.ageFinal = DATE_LABEL.test(this.ageLabel);
    }
    return this.ageLabel;
  }

  getTreeItem(): vscode.TreeItem {
    const p = this.picture;
    const age = this.age();
    const showRepo = this.ctx.showRepo;
    // A picture is made anew only when something it shows changed: the same one draws the same item.
    if (this.item && p === this.drawn && age === this.drawnAge && showRepo === this.drawnWithRepo) return this.item;
    const text = rowText(p, showRepo);
    const aged = agedText(text, age);
    const item = new vscode.TreeItem(text.label, vscode.TreeItemCollapsibleState.Collapsed);
    item.id = `${this.ctx.viewId}/${p.id}`;
    item.description = aged.description;
    item.iconPath = styleIcon(p.state);
    item.contextValue = text.contextValue;
    item.accessibilityInformation = aged.accessibility;
    this.item = item;
    this.withTooltip = undefined;
    this.drawn = p;
    this.drawnAge = age;
    this.drawnWithRepo = showRepo;
    return item;
  }

  /**
   * The item as it draws now, with its tooltip: what VS Code asks for when the pointer rests on the task. A copy, so
   * the item handed out at redraws stays without it.
   */
  resolved(): vscode.TreeItem {
    const item = this.getTreeItem();
    if (!this.withTooltip) {
      const p = this.drawn ?? this.picture;
      const t = p.task;
      const repo = this.drawnWithRepo ? p.repo : undefined;
      // Untrusted, no HTML, no theme icons: every piece from the service goes through forMarkdown. The name is as
      // sent (as text), where the label shows it without its Markdown marks.
      const md = new vscode.MarkdownString();
      const state = `**${forMarkdown(p.state.label)}**`;
      const stateLine = repo ? vscode.l10n.t('{0} in {1}', state, forMarkdown(repo.label)) : state;
      md.appendMarkdown(`${forMarkdown(t.name || t.id)}\n\n${stateLine}\n\n`);
      const aboutRepo = repo?.why ?? repo?.note;
      if (aboutRepo) md.appendMarkdown(`${forMarkdown(aboutRepo)}\n\n`);
      if (p.creator) md.appendMarkdown(vscode.l10n.t('Created by {0}\n\n', forMarkdown(p.creator)));
      if (p.round) {
        const { n, of, first } = p.round;
        const text = vscode.l10n.t('Round {0} of {1} of “{2}”', n, of, plainName(first.name));
        md.appendMarkdown(`${forMarkdown(text)}\n\n`);
      }
      if (p.continues)
        md.appendMarkdown(`${forMarkdown(vscode.l10n.t('Continues “{0}”', plainName(p.continues.name)))}\n\n`);
      // In the user's locale and time zone, as the task page shows them.
      const when = (v: unknown) => timeText(v, { locale: vscode.env.language });
      const dates = [
        vscode.l10n.t('Created {0}', when(t.created_at)),
        vscode.l10n.t('Updated {0}', when(t.updated_at)),
      ];
      if (t.archived_at) dates.push(vscode.l10n.t('Archived {0}', when(t.archived_at)));
      md.appendMarkdown(`${forMarkdown(dates.join('\n'))}\n\n`);
      const counts = vscode.l10n.t('Sessions: {0}  ·  Artifacts: {1}', t.session_count, artifactCount(t));
      md.appendMarkdown(forMarkdown(`${counts}\n${vscode.l10n.t('ID: {0}', t.id)}`));
      this.withTooltip = Object.assign(new vscode.TreeItem(item.label ?? '', item.collapsibleState), item, {
        tooltip: md,
      });
    }
    return this.withTooltip;
  }

  async getChildren(): Promise<TreeNode[]> {
    const id = this.picture.id;
    const prefix = `${this.ctx.viewId}/${id}`;
    const artifacts = (p: TaskPicture) => {
      const head = [...(p.sessions?.list ?? [])]
        .reverse()
        .find(s => typeof s.head_ref === 'string' && s.head_ref)?.head_ref;
      return (Array.isArray(p.task.artifacts) ? p.task.artifacts : []).map(
        a => new ArtifactNode(p.task, a, prefix, artifactBranch(a, head)),
      );
    };
    let p = this.picture;
    if (!p.sessions) {
      try {
        await this.ctx.model.loadDetails(id);
      } catch {
        // The picture carries the error until a read goes well.
      }
      p = this.ctx.model.picture(id) ?? p;
      if (p.error && !p.sessions)
        return [
          new MessageNode(vscode.l10n.t('Sessions could not be read: {0}', explain(p.error).text), 'warning'),
          ...artifacts(p),
        ];
    } else if (!p.sessions.fresh) {
      // Shown at once from memory; the store reports the fresh copy when it arrives.
      void this.ctx.model.loadDetails(id).catch(() => undefined);
    }
    const sessions = (p.sessions?.list ?? []).map(s => new SessionNode(s, prefix));
    // The changes row once anyone asked for them; the view state's expansion starts reading them.
    const view = p.changes ?? { kind: 'loading' };
    const changes =
      view.kind === 'noGit'
        ? [new GitlessChangesNode(p.task, view, prefix)]
        : changesRows(p.task, view, prefix, p.review);
    const children: TreeNode[] = [...changes, ...sessions, ...artifacts(p)];
    return children.length
      ? children
      : [new MessageNode(vscode.l10n.t('No sessions or artifacts yet'), 'circle-outline')];
  }
}
