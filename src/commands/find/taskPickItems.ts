import * as vscode from 'vscode';
import type { Task } from '../../api';
import type { TaskModel } from '../../model/taskModel';
import { matches, searchText, type Searchable, type TaskQuery } from '../../model/taskQuery';
import { forQuickPick, plainName } from '../../safety/serviceText';
import { plainLine } from '../../shared/text';
import { relativeTime } from '../../shared/relativeTime';
import { stateIcon, stateLabel } from '../../shared/stateStyle';
import { pullRequests } from '../../model/taskLinks';
import { roundText, type Round } from '../../model/roundNumbers';

/** A row of Go to Task: a task the model holds, or one known only as the task another continues. */
export interface TaskPickItem extends vscode.QuickPickItem {
  taskId: string;
  /** The task as the model holds it; undefined for a task known only by the name a continuation kept. */
  task?: Task;
  /** The row that reads further into these lists (they were longer than what was read). */
  loadMore?: readonly string[];
  /** The first line of the task's prompt, once its sessions were read: the detail line while the row is active. */
  prompt?: string;
}

export type RowAction = 'pull' | 'review';
export interface RowButton extends vscode.QuickInputButton {
  action: RowAction;
}

const button = (action: RowAction, icon: string, tooltip: string): RowButton => ({
  action,
  iconPath: new vscode.ThemeIcon(icon),
  tooltip,
});
const PULL = button('pull', 'git-pull-request', vscode.l10n.t('Open Pull Request'));
const REVIEW = button('review', 'diff-multiple', vscode.l10n.t('Review Changes'));
/** The four sets of buttons a row can have, shared by every row: none, pull request, changes, both. */
const BUTTONS: readonly RowButton[][] = [[], [PULL], [REVIEW], [PULL, REVIEW]];

export interface TaskPickSource {
  model: Pick<TaskModel, 'store' | 'names' | 'isMine'>;
  /** Tasks continued by tasks started here: id and the name they had then. */
  continued(): { id: string; name: string; by: string }[];
  /** The task's round on its work ("round 2 of 3"), when this workspace knows of two rounds or more. */
  round?(id: string): Round | undefined;
}

interface Built {
  item: TaskPickItem;
  searchable: Searchable;
  /** What the row was made from: it is made again only when one of these changes. */
  from: Task | string;
  repo?: string;
  mine?: boolean;
  age?: string;
  sessions?: readonly unknown[];
  key?: string;
  round?: Round;
}

/**
 * Makes the rows of Go to Task from what the model holds, and keeps each row until its task changes, so typing and
 * a poll that changes one task cost a filter, not 2,000 rows made anew. Every word from the service goes through
 * forQuickPick; the prompt is kept on the row once the task's sessions have been read (shown on the active row).
 */
export class TaskPickItems {
  private readonly built = new Map<string, Built>();
  private sorted: { version: number; tasks: Task[] } | undefined;

  constructor(private readonly source: TaskPickSource) {}

  /** Every task known, newest change first, with rows kept from the last call where nothing changed. */
  all(now = Date.now()): { item: TaskPickItem; searchable: Searchable }[] {
    const out: Built[] = [];
    const live = new Set<string>();
    for (const t of this.tasks()) {
      live.add(t.id);
      out.push(this.forTask(t, now));
    }
    for (const c of this.source.continued()) {
      if (live.has(c.id)) continue;
      live.add(c.id);
      out.push(this.forContinued(c));
    }
    for (const id of [...this.built.keys()]) if (!live.has(id)) this.built.delete(id);
    return out;
  }

  /** Every task of the store's lists once, newest change first: sorted again only once the store was written. */
  private tasks(): Task[] {
    const { store } = this.source.model;
    if (this.sorted?.version === store.version) return this.sorted.tasks;
    const tasks = new Map<string, Task>();
    for (const key of store.listKeys()) for (const t of store.list(key)) tasks.set(t.id, t);
    this.sorted = { version: store.version, tasks: [...tasks.values()].sort(byUpdatedDesc) };
    return this.sorted.tasks;
  }

  /** The rows that match a query, in order. */
  filter(q: TaskQuery, now = Date.now()): TaskPickItem[] {
    return this.all(now)
      .filter(b => matches(q, b.searchable))
      .map(b => b.item);
  }

  private forTask(t: Task, now: number): Built {
    const { model } = this.source;
    const sessions = model.store.sessions(t.id)?.sessions ?? NONE;
    // As every surface shows it: a name that mixes scripts with the repository's ID beside it.
    const repo = model.names.shown(t.repository?.id)?.label;
    const mine = model.isMine(t);
    const age = relativeTime(t.updated_at, now);
    const round = this.source.round?.(t.id);
    const kept = this.built.get(t.id);
    // Compared field by field: this runs for every task at every keystroke.
    if (
      kept &&
      kept.from === t &&
      kept.repo === repo &&
      kept.mine === mine &&
      kept.age === age &&
      kept.sessions === sessions &&
      kept.round === round
    )
      return kept;
    const name = plainName(t.name) || t.id;
    const prompts = sessions.map(s => (typeof s.prompt === 'string' ? s.prompt : '')).filter(Boolean);
    // Review Changes is one of the extension's own commands, there from activation on (commands/lazyCommands.ts):
    // its button is on the row from the first drawing. Asked of VS Code instead, the answer came after the rows
    // were drawn, and every row was made and sent to the window again at the first opening.
    const buttons = BUTTONS[(pullRequests(t).length ? 1 : 0) + (t.session_count > 0 ? 2 : 0)];
    const item: TaskPickItem = {
      label: forQuickPick(name),
      iconPath: stateIcon(t.state),
      description: forQuickPick(
        [repo, stateLabel(t.state), round && roundText(round), age, mine ? 'yours' : ''].filter(Boolean).join(' · '),
      ),
      ...(prompts.length ? { prompt: forQuickPick(plainLine(prompts[0], 200)) } : {}),
      alwaysShow: true,
      buttons,
      taskId: t.id,
      task: t,
    };
    const searchable = { state: t.state, repo, mine, text: searchText([name, t.id, ...prompts]) };
    const built: Built = { item, searchable, from: t, repo, mine, age, sessions, round };
    this.built.set(t.id, built);
    return built;
  }

  private forContinued(c: { id: string; name: string; by: string }): Built {
    const kept = this.built.get(c.id);
    const key = `${c.name}\n${c.by}`;
    const round = this.source.round?.(c.id);
    if (kept && kept.from === c.id && kept.key === key && kept.round === round) return kept;
    const name = plainName(c.name) || c.id;
    const item: TaskPickItem = {
      label: forQuickPick(name),
      iconPath: new vscode.ThemeIcon('history'),
      description: forQuickPick(
        [
          round && roundText(round),
          vscode.l10n.t('continued by “{0}” · not in the lists shown', plainLine(plainName(c.by), 40)),
        ]
          .filter(Boolean)
          .join(' · '),
      ),
      alwaysShow: true,
      taskId: c.id,
    };
    const searchable = { state: '', repo: undefined, mine: true, text: searchText([name, c.id]) };
    const built = { item, searchable, from: c.id, key, round };
    this.built.set(c.id, built);
    return built;
  }
}

const NONE: readonly never[] = [];

const byUpdatedDesc = (a: Task, b: Task) =>
  a.updated_at < b.updated_at ? 1 : a.updated_at > b.updated_at ? -1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
