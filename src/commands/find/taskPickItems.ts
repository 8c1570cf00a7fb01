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
import type { AttemptFact } from '../../model/attemptFact';
import type { AttemptSet } from '../../model/attemptSets';
import { attemptsText, countStates, countsText } from '../../model/attemptSummary';

/** A row of Go to Task: a task the model holds, or one known only as the task another continues. */
export interface TaskPickItem extends vscode.QuickPickItem {
  taskId: string;
  /** The task as the model holds it; undefined for a task known only by the name a continuation kept. */
  task?: Task;
  /** The row that reads further into these lists (they were longer than what was read). */
  loadMore?: readonly string[];
  /** The first line of the task's prompt, once its sessions were read: the detail line while the row is active. */
  prompt?: string;
  /** A set of attempts' row: choosing it reveals the set in the views. */
  setId?: string;
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
  /** The task's place in a set of attempts started here. */
  attempt?(id: string): AttemptFact | undefined;
  /** A set of attempts started here, by id. */
  set?(id: string): AttemptSet | undefined;
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
  attempt?: string;
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
      const row = this.forTask(t, now);
      // A set of attempts is found by its name: its row comes before the first of its attempts.
      const setId = row.attempt && this.source.attempt?.(t.id)?.setId;
      const set = setId !== undefined && !live.has(`set:${setId}`) ? this.source.set?.(setId) : undefined;
      if (set) {
        live.add(`set:${set.id}`);
        out.push(this.forSet(set));
      }
      out.push(row);
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
    const fact = this.source.attempt?.(t.id);
    const attempt = fact && `${fact.setId} ${fact.index} ${fact.count} ${fact.model}`;
    const kept = this.built.get(t.id);
    // Compared field by field: this runs for every task at every keystroke.
    if (
      kept &&
      kept.from === t &&
      kept.repo === repo &&
      kept.mine === mine &&
      kept.age === age &&
      kept.sessions === sessions &&
      kept.round === round &&
      kept.attempt === attempt
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
        [fact && attemptText(fact), repo, stateLabel(t.state), round && roundText(round), age, mine ? 'yours' : '']
          .filter(Boolean)
          .join(' · '),
      ),
      ...(prompts.length ? { prompt: forQuickPick(plainLine(prompts[0], 200)) } : {}),
      alwaysShow: true,
      buttons,
      taskId: t.id,
      task: t,
    };
    const setWords = fact ? [fact.setName, attemptText(fact)] : [];
    const searchable = { state: t.state, repo, mine, text: searchText([name, t.id, ...prompts, ...setWords]) };
    const built: Built = { item, searchable, from: t, repo, mine, age, sessions, round, attempt };
    this.built.set(t.id, built);
    return built;
  }

  /** A set's row: its name, how many attempts and how they stand. */
  private forSet(set: AttemptSet): Built {
    const states = set.attempts.flatMap(a => {
      const t = a.taskId === undefined ? undefined : this.source.model.store.get(a.taskId);
      return t ? [String(t.state)] : [];
    });
    const key = `${set.attempts.length} ${states.join(',')}`;
    const id = `set:${set.id}`;
    const kept = this.built.get(id);
    if (kept && kept.from === set.name && kept.key === key) return kept;
    const what = [vscode.l10n.t('set of {0}', attemptsText(set.attempts.length)), countsText(countStates(states))];
    const item: TaskPickItem = {
      label: forQuickPick(plainLine(set.name, 200)),
      iconPath: new vscode.ThemeIcon('layers'),
      description: forQuickPick(what.filter(Boolean).join(' · ')),
      alwaysShow: true,
      taskId: '',
      setId: set.id,
    };
    const searchable = { state: '', repo: set.start.repo, mine: true, text: searchText([set.name, set.start.prompt]) };
    const built: Built = { item, searchable, from: set.name, key };
    this.built.set(id, built);
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

/** "attempt 2 of 3 · gpt-5". */
const attemptText = (a: AttemptFact) =>
  vscode.l10n.t('attempt {0} of {1} · {2}', a.index + 1, a.count, a.model || vscode.l10n.t('any model'));

const byUpdatedDesc = (a: Task, b: Task) =>
  a.updated_at < b.updated_at ? 1 : a.updated_at > b.updated_at ? -1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
