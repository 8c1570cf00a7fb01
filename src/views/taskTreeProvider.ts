import type * as vscode from 'vscode';
import type { Task } from '../api';
import { explain } from '../errors/userErrors';
import { COMMANDS } from '../ids';
import { DisposableBase } from '../lifecycle';
import { Emitter } from '../shared/emitter';
import type { ServiceChoice } from '../service/serviceChoice';
import type { PicturesChange } from '../model/taskPictures';
import { stateLabel } from '../shared/taskState';
import type { ListKey, StoreChange, TaskModel } from '../model/taskModel';
import type { TaskViewName, ViewChange, ViewState } from '../model/viewState';
import type { Draft } from '../tasks/draftStore';
import { DraftNode } from './nodes/draftNode';
import { MessageNode } from '../shared/messageNode';
import type { TreeNode } from '../shared/treeNode';
import { TaskNode, type TaskRowContext } from './nodes/taskNode';
import { RepoGroups, tasksIn } from './taskGroups';
import { AttemptRows, isRow, parentSets, type AttemptRowsSource } from './attemptRows';
import type { Observers } from '../observers';
import { loadMoreNode, problemNodes } from './treeMessages';
import * as l10n from '@vscode/l10n';

export interface TaskTreeOptions {
  viewId: string;
  /** Which view this is: its lists, its filters, whether it names repositories and shows the draft. */
  view: TaskViewName;
  model: TaskModel;
  state: ViewState<Draft>;
  /** The service in use: a failure of the whole list says where it could not reach. */
  service: Pick<ServiceChoice, 'current'>;
  observers?: Pick<Observers, 'treeRootsDrawn'>;
  /** The sets of attempts started here: each drawn as one row with its attempts under it; those set aside hidden. */
  attempts?: AttemptRowsSource;
}

// Newest task first, by creation: a task keeps its place when it updates, so only its own node is redrawn.
const byCreatedDesc = (a: Task, b: Task) =>
  a.created_at < b.created_at ? 1 : a.created_at > b.created_at ? -1 : a.id < b.id ? 1 : a.id > b.id ? -1 : 0;

// Above this many rows to redraw at once, the view is drawn again whole: VS Code's extension host redraws one row by
// scanning all its siblings, so rows redrawn alone cost rows × siblings (3,080 of 10,000 took the host 1.5 s).
const MOST_ROWS_REDRAWN_ALONE = 50;

// The longest a view's first ask waits for its first list; then it is drawn as it is, and again on the answer.
const FIRST_READ_WAIT_MS = 5000;

/**
 * One task view. Nodes are kept per task id and reused: a change to one task redraws that node only, a task joining or
 * leaving the list the root. The ordered, filtered list is kept until the store, filters or lists change.
 */
export class TaskTreeProvider extends DisposableBase implements vscode.TreeDataProvider<TreeNode> {
  /** undefined: the root (the whole list); a node: that node alone. */
  private readonly changed = this.register(new Emitter<TreeNode | undefined>());
  readonly onDidChangeTreeData = this.changed.event;

  private describe(err: unknown): string {
    return explain(err, { address: this.opts.service.current().url }).text;
  }
  private readonly nodes = new Map<string, TaskNode>();
  private readonly rows: TaskRowContext;
  private visible: Task[] | undefined;
  private visibleFor = '';
  /** Every task of the view's lists, newest first, before filters: kept until the store or the lists change. */
  private sorted: Task[] | undefined;
  private sortedFor = '';
  private nodesFor: Task[] | undefined;
  /** Bumped at each new list: a node not drawn in the latest is dropped. */
  private generation = 0;
  private readonly groups: RepoGroups;
  readonly sets: AttemptRows;

  constructor(private readonly opts: TaskTreeOptions) {
    super();
    // My Tasks mixes repositories: its rows name theirs, unless they sit under their repository's row; the Repository
    // view's are all of one.
    const grouped = () => this.grouped();
    this.rows = {
      viewId: opts.viewId,
      model: opts.model,
      get showRepo() {
        return opts.view === 'mine' && !grouped();
      },
    };
    this.groups = new RepoGroups(opts.viewId);
    this.sets = this.register(new AttemptRows(opts, () => this.refresh(true)));
    this.register(opts.model.onDidChangeTasks(c => this.onStoreChange(c)));
    this.register(opts.model.pictures.onDidChange(ids => this.onPicturesChange(ids)));
    // Grouped rows sit under their repository's name: a name learnt draws the groups again.
    this.register(opts.model.names.onDidChange(() => this.grouped() && this.refresh()));
    this.register(opts.state.onDidChange(c => this.onViewChange(c)));
  }

  /** Redraws the whole view. `filtersOnly`: only what the view state chose changed, the store did not. */
  refresh(filtersOnly = false): void {
    this.visible = undefined;
    if (!filtersOnly) this.sorted = undefined;
    this.changed.fire(undefined);
  }

  getTreeItem(node: TreeNode): vscode.TreeItem {
    return node.getTreeItem();
  }

  /** On hover: what a task shows only then (its tooltip). */
  resolveTreeItem(item: vscode.TreeItem, node: TreeNode): vscode.TreeItem {
    return node instanceof TaskNode ? node.resolved() : item;
  }

  getParent(node: TreeNode): TreeNode | undefined {
    // Only task and set nodes are revealed: roots, under their set, or under their repository while grouped.
    return this.sets.parentOf(node) ?? (isRow(node) && this.grouped() ? this.groups.parentOf(node) : undefined);
  }

  async getChildren(node?: TreeNode): Promise<TreeNode[]> {
    try {
      // VS Code asks for a task's children only while it is expanded, also when it restored that itself (a reload)
      // without a word through onDidExpandElement: its sessions and changes are followed from here too.
      if (node instanceof TaskNode) this.opts.state.setExpanded(this.opts.view, node.id, true);
      if (node) return await node.getChildren();
      // Asked while the view's first list is being read: answered when it is (VS Code shows the view's progress bar
      // meanwhile), rather than with nothing and a call to ask again, which costs a round trip through the window.
      const keys = this.opts.model.lists(this.opts.view);
      if (keys) await this.opts.model.firstRead(keys, FIRST_READ_WAIT_MS);
      const roots = this.roots();
      this.opts.observers?.treeRootsDrawn?.(this.opts.view, () => tasksIn(roots));
      return roots;
    } catch (err) {
      return [new MessageNode(l10n.t('Could not show this: {0}', this.describe(err)), 'warning')];
    }
  }

  /** Redraws the nodes whose "how long ago" label has moved on since they were drawn (called after each poll). */
  relabel(now = Date.now()): void {
    const moved = [...this.nodes.values()].filter(n => n.drawnAge !== undefined && n.age(now) !== n.drawnAge);
    this.redrawRows(moved);
  }

  /** The tasks the view shows now, in order, after filters. */
  visibleTasks(keys = this.opts.model.lists(this.opts.view)): Task[] {
    if (!keys) return [];
    // The lists and the user's id can change without a store event (another repository chosen, the id learnt).
    const basis = `${keys.join('\n')}\n${this.opts.model.me}`;
    if (this.visible && basis === this.visibleFor) return this.visible;
    this.visible = this.opts.state.filter.apply(this.opts.view, this.allTasks(keys), this.opts.model.me);
    this.visible = this.sets.hide(this.visible);
    this.visibleFor = basis;
    return this.visible;
  }

  /** Every task of these lists once, newest first; a filter change filters it again without sorting it again. */
  private allTasks(keys: ListKey[]): Task[] {
    const basis = keys.join('\n');
    if (this.sorted && basis === this.sortedFor) return this.sorted;
    let all: Task[];
    if (keys.length === 1) all = this.opts.model.store.list(keys[0]);
    else {
      const seen = new Set<string>();
      all = [];
      for (const key of keys)
        for (const t of this.opts.model.store.list(key)) if (!seen.has(t.id) && seen.add(t.id)) all.push(t);
    }
    this.sorted = all.sort(byCreatedDesc);
    this.sortedFor = basis;
    return this.sorted;
  }

  /** Whether the view's lists hold any task at all, before filters. */
  hasAnyTask(): boolean {
    return (this.opts.model.lists(this.opts.view) ?? []).some(k => this.opts.model.store.list(k).length > 0);
  }

  nodeFor(taskId: string): TaskNode | undefined {
    return this.nodes.get(taskId);
  }

  /** Redraws the nodes of these tasks that are shown and whose picture changed. */
  private redrawTasks(taskIds: Iterable<string>): void {
    const nodes: TaskNode[] = [];
    for (const id of taskIds) {
      const node = this.nodes.get(id);
      if (node) nodes.push(node);
    }
    this.redrawNodes(nodes);
  }

  private roots(): TreeNode[] {
    const keys = this.opts.model.lists(this.opts.view);
    if (!keys) return [];
    const out: TreeNode[] = [];
    const draft = this.opts.view === 'repo' ? this.opts.state.draft() : undefined;
    if (draft) out.push(new DraftNode(draft.prompt, draft.problem, draft.continues?.name));
    const problem = this.opts.model.problem(keys);
    const loaded = keys.some(k => this.opts.model.store.hasList(k));
    if (problem !== undefined) out.push(...problemNodes(problem, loaded, this.describe(problem)));
    const filtered = loaded ? this.filterNode() : undefined;
    if (filtered) out.push(filtered);
    const tasks = this.visibleTasks(keys);
    const fresh = this.nodesFor !== tasks;
    const generation = fresh ? ++this.generation : this.generation;
    const taskNodes: TaskNode[] = [];
    // A node given its picture at this version still has the one the model would give: no lookup (a redraw of a long
    // list with nothing changed, as its ages move on, then costs one map read per row).
    const version = this.opts.model.pictures.version;
    for (const t of tasks) {
      let node = this.nodes.get(t.id);
      if (node?.picturedAt !== version) {
        const picture = this.opts.model.picture(t.id);
        if (!picture) continue;
        if (node) node.picture = picture;
        else this.nodes.set(t.id, (node = new TaskNode(picture, this.rows)));
        node.picturedAt = version;
      }
      node.generation = generation;
      taskNodes.push(node);
    }
    const rows = this.sets.arrange(taskNodes);
    out.push(...(this.grouped() ? this.groups.arrange(rows) : rows));
    // Nodes of tasks no longer shown are dropped, once per new list.
    if (fresh) {
      this.nodesFor = tasks;
      for (const [id, node] of this.nodes) if (node.generation !== generation) this.nodes.delete(id);
    }
    if (!tasks.length && this.hasAnyTask()) {
      out.push(
        new MessageNode(l10n.t('No task matches the filters'), 'filter', {
          command: this.opts.view === 'mine' ? COMMANDS.filterMyStates : COMMANDS.filterStates,
          title: l10n.t('Change Filters'),
        }),
      );
    }
    for (const key of this.opts.model.cutLists(keys)) out.push(loadMoreNode(key));
    // With nothing loaded and nothing to say this is empty, and the welcome content speaks.
    return out;
  }

  /** The filter in force, said on top of the list; a click shows everything again. */
  private filterNode(): MessageNode | undefined {
    const what = this.opts.state.filter.describe(this.opts.view, stateLabel);
    if (what === undefined) return undefined;
    return new MessageNode(
      l10n.t('Filtered: {0} — click to clear', what),
      'filter-filled',
      { command: COMMANDS.clearFilters, title: l10n.t('Clear Filters'), arguments: [this.opts.view] },
      l10n.t('Click to clear the filters and show every task'),
    );
  }

  private onStoreChange(change: StoreChange): void {
    this.visible = undefined;
    this.sorted = undefined;
    const keys = this.opts.model.lists(this.opts.view) ?? [];
    const statesFiltered = this.opts.state.filter.statesFiltered(this.opts.view);
    if (
      (change.membership && change.list !== undefined && keys.includes(change.list)) ||
      ((statesFiltered || this.grouped()) && change.transitions.length)
    ) {
      this.refresh();
      return;
    }
    this.redrawTasks(change.changed);
  }

  /** Names learnt (every row may show one; grouped, the groups too), or a task's link, changes or error: redrawn. */
  private onPicturesChange(ids: PicturesChange): void {
    if (!ids) {
      if (this.grouped()) this.refresh();
      else this.redrawNodes(this.nodes.values());
      return;
    }
    this.redrawTasks(ids);
  }

  private onViewChange(c: ViewChange): void {
    if (c.kind === 'filter') this.refresh(true);
    else if (c.kind === 'grouping' && this.opts.view === 'mine') this.refresh(true);
    else if (c.kind === 'draft' && this.opts.view === 'repo') this.refresh(true);
  }

  private grouped(): boolean {
    return this.opts.view === 'mine' && this.opts.state.groupedByRepo;
  }

  /** Redraws the nodes whose picture changed. */
  private redrawNodes(nodes: Iterable<TaskNode>): void {
    const changed: TaskNode[] = [];
    for (const node of nodes) {
      const picture = this.opts.model.picture(node.id);
      if (!picture || picture === node.picture) continue;
      node.picture = picture;
      changed.push(node);
    }
    this.redrawRows(changed);
  }

  /** These rows drawn again: each alone, or the whole view when they are many (see MOST_ROWS_REDRAWN_ALONE). */
  private redrawRows(nodes: readonly TaskNode[]): void {
    if (nodes.length > MOST_ROWS_REDRAWN_ALONE) this.refresh(true);
    else for (const node of [...nodes, ...parentSets(nodes)]) this.changed.fire(node);
  }
}
