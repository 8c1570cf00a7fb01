import * as vscode from 'vscode';
import { TASK_STATES } from '../../api/types';
import { COMMANDS } from '../../ids';
import { disposeAll, type Disposable } from '../../lifecycle';
import type { Log } from '../../log';
import type { TaskModel } from '../../model/taskModel';
import { parseTaskQuery } from '../../model/taskQuery';
import { forQuickPick } from '../../safety/serviceText';
import type { Ui } from '../../ui';
import { TaskPickItems, type RowButton, type TaskPickItem, type TaskPickSource } from './taskPickItems';
import type { AttemptSets } from '../../model/attemptSets';

export interface GoToTaskDeps {
  model: TaskModel;
  ui: Ui;
  log: Log;
  continued: TaskPickSource['continued'];
  /** The sets of attempts started here: found by name, each attempt by "attempt 2 of 3". */
  sets?: Pick<AttemptSets, 'get'>;
}

/** How long the active row stays put before its prompt is shown there (the window's echoes come within it). */
const SETTLE_MS = 60;

const PLACEHOLDER = vscode.l10n.t('Search tasks by name or prompt; narrow with state:failed, repo:owner/name, mine');

/**
 * Go to Task…: one quick pick over every task the model knows. It shows what the model holds at once; while it is
 * open both views' lists are read (busy until the answers are in) and rows fill in as they arrive, the active row's
 * prompt too. Enter opens the task page; a row's buttons open its pull request or its changes.
 */
export class GoToTask {
  /**
   * The rows, kept from one opening to the next while the pick is opened again within `keepRowsMs` of its last
   * closing (each row is made again only when its task changed), then let go: they are memory only a search needs.
   */
  private rows: TaskPickItems | undefined;
  private release: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly deps: GoToTaskDeps,
    private readonly keepRowsMs = 2 * 60_000,
  ) {}

  /** Resolves when the pick is closed and what was chosen has run (a failure reaches the command's handler). */
  run(initial = ''): Promise<void> {
    const { model, ui } = this.deps;
    clearTimeout(this.release);
    const items = (this.rows ??= new TaskPickItems({
      model,
      continued: this.deps.continued,
      round: id => model.pictures.round(id),
      attempt: id => model.picture(id)?.attempt,
      set: id => this.deps.sets?.get(id),
    }));
    const qp = ui.quickPick<TaskPickItem>();
    const subs: Disposable[] = [qp];
    qp.title = vscode.l10n.t('Go to Task');
    qp.placeholder = PLACEHOLDER;
    qp.matchOnDescription = true;
    qp.matchOnDetail = true;
    qp.value = initial;
    // The row the user rests on: the only one whose prompt is shown (its detail line); the others stay one line.
    let activeId: string | undefined;
    let settle: ReturnType<typeof setTimeout> | undefined;
    // The prompt is the active row's detail line: read for the row the user rests on, once. Rows sent again make the
    // window say first that the first row is active, then the row sent active: only where the active row settles
    // counts, or the prompt would chase the first row and back.
    const settleActive = () => {
      clearTimeout(settle);
      settle = setTimeout(() => {
        const [active] = qp.activeItems;
        if (!active?.taskId || active.taskId === activeId) return;
        activeId = active.taskId;
        if (active.task && !model.store.sessions(active.taskId))
          void model.loadDetails(active.taskId).catch(() => undefined);
        redraw();
      }, SETTLE_MS);
    };
    const redraw = () => {
      const q = parseTaskQuery(qp.value);
      const rows: TaskPickItem[] = model.signedIn ? items.filter(q) : [];
      if (q.unknownStates.length)
        rows.unshift(note(vscode.l10n.t('No state “{0}”', q.unknownStates.join('”, “')), TASK_STATES));
      else if (!model.signedIn) rows.push(note(vscode.l10n.t('Not signed in: set a token to see tasks'), []));
      // A list longer than its page budget was read in part: the search says so, and reads further when asked,
      // as the views do; it never leaves older tasks out in silence.
      const cut = model.signedIn ? model.cutLists(model.store.listKeys()) : [];
      if (cut.length) rows.push(loadMoreRow(cut));
      const at = activeId === undefined ? -1 : rows.findIndex(r => r.taskId === activeId);
      if (at >= 0 && rows[at].prompt) rows[at] = withDetail(rows[at]);
      // The same rows again (a poll that changed nothing shown here) are not sent to the window again.
      if (rows.length === qp.items.length && rows.every((r, i) => r === qp.items[i])) return;
      // The row the window said last is active (it may have moved on since the prompt's row settled) is sent active
      // with the rows, so the window keeps it rather than going back to the first.
      const now = (qp.activeItems[0] as TaskPickItem | undefined)?.taskId;
      qp.items = rows;
      const keep = now === undefined ? undefined : rows.find(r => r.taskId === now);
      if (keep) qp.activeItems = [keep];
    };
    redraw();
    const release = model.searchAll();
    subs.push({ dispose: release });
    qp.busy = true;
    void model
      .refresh()
      .catch(() => undefined) // a failed read is the views' and the status bar's to say; the rows stay
      .finally(() => (qp.busy = false));
    subs.push(
      qp.onDidChangeValue(() => {
        // The window makes the first row of the new list active (it may say so before this, or not at all when
        // that row was active already): the row active once things settle is the one.
        activeId = undefined;
        redraw();
        settleActive();
      }),
      model.onDidChangeTasks(redraw),
      model.names.onDidChange(redraw),
      qp.onDidChangeActive(settleActive),
      { dispose: () => clearTimeout(settle) },
    );
    qp.show();
    return new Promise<void>((resolve, reject) => {
      let chosen: Promise<void> = Promise.resolve();
      const finish = () => {
        disposeAll(subs);
        this.release = setTimeout(() => (this.rows = undefined), this.keepRowsMs);
        chosen.then(resolve, reject);
      };
      subs.push(
        qp.onDidAccept(() => {
          const [pick] = qp.selectedItems;
          if (pick?.loadMore) return void this.loadMore(qp, pick.loadMore);
          if (pick?.setId) {
            chosen = Promise.resolve(vscode.commands.executeCommand(COMMANDS.revealAttemptSet, pick.setId)).then(
              () => {},
            );
            return qp.hide();
          }
          if (!pick?.taskId) return;
          chosen = this.open(pick);
          qp.hide();
        }),
        qp.onDidTriggerItemButton(e => {
          chosen = this.button(e.item, e.button as RowButton);
          qp.hide();
        }),
        qp.onDidHide(finish),
      );
    });
  }

  /** Reads further into the lists that were cut; their rows fill in as the pages arrive, the pick stays open. */
  private async loadMore(qp: vscode.QuickPick<TaskPickItem>, keys: readonly string[]): Promise<void> {
    qp.busy = true;
    try {
      await Promise.all(keys.map(k => this.deps.model.loadMore(k)));
    } catch {
      // A failed read is the views' and the status bar's to say; the rows stay.
    } finally {
      qp.busy = false;
    }
  }

  /** The task page, through Show Task Details; a task known only by name is read first. */
  private async open(pick: TaskPickItem): Promise<void> {
    const { model } = this.deps;
    let task = pick.task ?? model.task(pick.taskId);
    if (!task) {
      await model.loadDetails(pick.taskId);
      task = model.task(pick.taskId);
    }
    if (!task) throw new Error(vscode.l10n.t('The task could not be read.'));
    this.deps.log.info(`go to task ${task.id}`);
    await vscode.commands.executeCommand(COMMANDS.showTaskDetails, task);
  }

  private async button(pick: TaskPickItem, button: RowButton): Promise<void> {
    if (!pick.task) return;
    const command = button.action === 'pull' ? COMMANDS.openPullRequest : COMMANDS.reviewChanges;
    await vscode.commands.executeCommand(command, pick.task);
  }
}

/** The active row's copy with its prompt as the detail line; one copy per row, so redraws send the same object. */
const detailed = new WeakMap<TaskPickItem, TaskPickItem>();
function withDetail(row: TaskPickItem): TaskPickItem {
  let shown = detailed.get(row);
  if (!shown) detailed.set(row, (shown = { ...row, detail: row.prompt }));
  return shown;
}

/** The last row while a list was read in part: choosing it reads the next pages of those lists. */
function loadMoreRow(keys: string[]): TaskPickItem {
  return {
    label: vscode.l10n.t('Only the most recently updated tasks are searched. Load more…'),
    iconPath: new vscode.ThemeIcon('ellipsis'),
    alwaysShow: true,
    taskId: '',
    loadMore: keys,
  };
}

/** A row that says something and opens nothing. */
function note(text: string, states: readonly string[]): TaskPickItem {
  return {
    label: forQuickPick(text),
    ...(states.length ? { description: vscode.l10n.t('states: {0}', states.join(', ')) } : {}),
    iconPath: new vscode.ThemeIcon('info'),
    alwaysShow: true,
    taskId: '',
  };
}
