import * as vscode from 'vscode';
import { VIEWS } from '../ids';
import { DisposableBase } from '../lifecycle';
import type { TaskModel } from '../model/taskModel';
import { repoLabel } from '../model/remotes';
import { stateLabel } from '../shared/taskState';
import type { TaskViewName, ViewChange, ViewState } from '../model/viewState';
import type { ServiceChoice } from '../service/serviceChoice';
import type { AddressWatch } from '../status/addressWatch';
import type { Draft } from '../tasks/draftStore';
import type { Observers } from '../observers';
import type { ContextKeys } from './contextKeys';
import type { TreeNode } from '../shared/treeNode';
import { TaskNode } from './nodes/taskNode';
import type { ChangedFileNode } from '../changes/changesNode';
import type { ChangedFile } from '../model/changesView';
import { TaskTreeProvider } from './taskTreeProvider';

export interface TaskViewsDeps {
  model: TaskModel;
  service: ServiceChoice;
  /** What the user chose to see; the views report visibility and expansion to it. */
  state: ViewState<Draft>;
  context: ContextKeys;
  /** What trying the address found while no token is set: the views say it as the status bar does. */
  address?: Pick<AddressWatch, 'problem' | 'onDidChange'>;
  /** A changed file's checkbox was ticked (viewed) or unticked. */
  viewed?(taskId: string, file: ChangedFile, on: boolean): void;
  observers?: Pick<Observers, 'treeRootsDrawn'>;
}

/** Both task views: collapse-all in the title; a file's viewed checkbox is its own (the rows above have none). */
const TREE_OPTIONS = { showCollapseAll: true, manageCheckboxStateManually: true } as const;

/**
 * The two task views: they draw the task model, tell it which of them are on screen and which tasks are expanded,
 * and set the context keys that choose the welcome content. They own no data.
 */
export class TaskViews extends DisposableBase {
  readonly repoProvider: TaskTreeProvider;
  readonly mineProvider: TaskTreeProvider;
  readonly repoView: vscode.TreeView<TreeNode>;
  readonly mineView: vscode.TreeView<TreeNode>;

  constructor(private readonly deps: TaskViewsDeps) {
    super();
    const { model, state, service, observers } = deps;
    this.repoProvider = this.register(
      new TaskTreeProvider({ viewId: VIEWS.repoTasks, view: 'repo', model, state, service, observers }),
    );
    this.mineProvider = this.register(
      new TaskTreeProvider({ viewId: VIEWS.myTasks, view: 'mine', model, state, service, observers }),
    );
    // The sets of attempts (given to the pictures before the views are made): Show Set-Aside Attempts' switch.
    const sets = model.pictures.sets;
    if (sets) this.register(sets.onDidChange(() => this.updateContext()));
    this.repoView = this.register(
      vscode.window.createTreeView(VIEWS.repoTasks, { treeDataProvider: this.repoProvider, ...TREE_OPTIONS }),
    );
    this.mineView = this.register(
      vscode.window.createTreeView(VIEWS.myTasks, { treeDataProvider: this.mineProvider, ...TREE_OPTIONS }),
    );
    for (const [view, name] of [
      [this.repoView, 'repo'],
      [this.mineView, 'mine'],
    ] as const) {
      this.register(view.onDidChangeVisibility(() => this.visibilityChanged()));
      const expand = (node: TreeNode, on: boolean) => node instanceof TaskNode && state.setExpanded(name, node.id, on);
      this.register(view.onDidExpandElement(e => expand(e.element, true)));
      this.register(view.onDidCollapseElement(e => expand(e.element, false)));
      this.register(view.onDidChangeCheckboxState(e => this.checked(e.items)));
    }
    this.register(
      model.onDidChangeTasks(() => {
        this.updateContext();
        this.updateBadges();
      }),
    );
    this.register(
      model.onDidChangeStatus(() => {
        this.updateContext();
        this.updateBadges();
        this.redraw();
      }),
    );
    this.register(
      model.onDidPoll(() => {
        this.repoProvider.relabel();
        this.mineProvider.relabel();
      }),
    );
    this.register(state.onDidChange(c => this.viewChanged(c)));
    // Another address: what was found of the last one no longer holds (signed out, no poll says so).
    this.register(service.onDidChange(() => this.updateContext()));
    if (deps.address) this.register(deps.address.onDidChange(() => this.updateContext()));
    this.visibilityChanged();
    this.updateContext();
    this.updateBadges();
    if (model.last.showing) this.refreshing();
  }

  /** The views show their progress while their rows are the last ones seen, until the answers replace them. */
  private refreshing(): void {
    let end = () => {};
    const done = new Promise<void>(resolve => (end = resolve));
    const listener = this.deps.model.onDidChangeStatus(() => !this.deps.model.last.showing && end());
    this.register({ dispose: () => end() });
    this.register(listener);
    for (const viewId of [VIEWS.repoTasks, VIEWS.myTasks])
      void vscode.window.withProgress({ location: { viewId } }, () => done);
  }

  /** Files ticked or unticked as viewed; the review keeps it, and the rows are drawn again from it. */
  checked(items: readonly (readonly [TreeNode, vscode.TreeItemCheckboxState])[]): void {
    for (const [node, state] of items)
      // By its kind, not `instanceof`: the browser's build has no ChangedFileNode (no file rows without git).
      if (node.kind === 'changedFile') {
        const file = node as ChangedFileNode;
        this.deps.viewed?.(file.taskId, file.file, state === vscode.TreeItemCheckboxState.Checked);
      }
  }

  private viewChanged(c: ViewChange): void {
    if (c.kind === 'filter' || c.kind === 'grouping' || c.kind === 'draft') this.updateContext();
  }

  /** Reveals a task's node in whichever view shows it. */
  async reveal(taskId: string): Promise<boolean> {
    for (const [view, provider] of [
      [this.repoView, this.repoProvider],
      [this.mineView, this.mineProvider],
    ] as const) {
      await provider.getChildren();
      const node = provider.nodeFor(taskId);
      if (node) {
        await view.reveal(node, { select: true, focus: true, expand: false });
        return true;
      }
    }
    return false;
  }

  /** Reveals a set of attempts' row in whichever view shows it. */
  async revealSet(setId: string): Promise<boolean> {
    for (const [view, provider] of [
      [this.repoView, this.repoProvider],
      [this.mineView, this.mineProvider],
    ] as const) {
      await provider.getChildren();
      const node = provider.sets.rowOf(setId);
      if (node) {
        await view.reveal(node, { select: true, focus: true, expand: true });
        return true;
      }
    }
    return false;
  }

  private redraw(): void {
    this.repoProvider.refresh();
    this.mineProvider.refresh();
  }

  /**
   * The views' badges, counting running tasks (queued ones are not running yet). VS Code adds up the number badges of
   * the views of one container for its activity-bar badge, so a task in both lists would count twice there: the
   * Repository view counts its running tasks, My Tasks only those the Repository view does not show. Together they
   * count each running task once.
   */
  private updateBadges(): void {
    const running = (which: 'repo' | 'mine') => {
      const ids = new Set<string>();
      for (const key of this.deps.model.lists(which) ?? [])
        for (const t of this.deps.model.store.list(key)) if (t.state === 'in_progress') ids.add(t.id);
      return ids;
    };
    const repo = running('repo');
    const elsewhere = [...running('mine')].filter(id => !repo.has(id)).length;
    const plural = (n: number) => `${n} task${n === 1 ? '' : 's'}`;
    this.setBadge(this.repoView, repo.size, `${plural(repo.size)} running`);
    this.setBadge(this.mineView, elsewhere, vscode.l10n.t('{0} more running', elsewhere));
  }

  private setBadge(view: vscode.TreeView<TreeNode>, n: number, tooltip: string): void {
    const badge = n ? { value: n, tooltip } : undefined;
    if (view.badge?.value !== badge?.value || view.badge?.tooltip !== badge?.tooltip) view.badge = badge;
  }

  private visibilityChanged(): void {
    this.deps.state.setVisible({ repo: this.repoView.visible, mine: this.mineView.visible });
  }

  private updateContext(): void {
    const { model, context } = this.deps;
    const { filter } = this.deps.state;
    const service = this.deps.service.current();
    context.set('serviceState', service.kind);
    context.set('hasToken', model.signedIn);
    context.set('reachable', model.reachable);
    // Before a token, an address that does not answer (or answers as no service) is what the welcome says.
    context.set('addressProblem', this.deps.address?.problem()?.kind ?? '');
    context.set('repoState', model.repoState);
    context.set('hasTasks', this.repoProvider.hasAnyTask());
    context.set('myHasTasks', this.mineProvider.hasAnyTask());
    context.set('filtered', filter.statesFiltered('repo'));
    context.set('myFiltered', filter.statesFiltered('mine'));
    context.set('onlyMine', filter.onlyMine);
    context.set('showArchived', filter.showArchived('repo'));
    context.set('myShowArchived', filter.showArchived('mine'));
    context.set('hasDraft', this.deps.state.draft() !== undefined);
    context.set('myGroupedByRepo', this.deps.state.groupedByRepo);
    context.set('showingSetAside', model.pictures.sets?.showingAside() === true);
    const sandbox = service.kind === 'sandbox' ? 'sandbox' : undefined;
    const repo = model.repo();
    // A filter in force is said where the eye goes first, the view's title bar; the list repeats it with a way out.
    const filtered = (view: TaskViewName) => {
      const what = filter.describe(view, stateLabel);
      return what && `filtered: ${what}`;
    };
    const describe = (...parts: (string | undefined)[]) => parts.filter(Boolean).join(' · ') || undefined;
    this.repoView.description = describe(repo && repoLabel(repo), sandbox, filtered('repo'));
    this.mineView.description = describe(sandbox, filtered('mine'));
  }
}
