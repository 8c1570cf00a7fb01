import * as vscode from 'vscode';
import type { Task } from '../api';
import type { DraftStore } from '../commands/start/draftStore';
import { explain } from '../errors/userErrors';
import { VIEWS } from '../ids';
import { DisposableBase } from '../lifecycle';
import type { ContinuationLinks } from '../model/continuationLinks';
import type { TaskFilter, TaskViewName } from '../model/taskFilter';
import type { TaskGrouping } from '../model/taskGrouping';
import type { TaskModel } from '../model/taskModel';
import { repoLabel } from '../model/remotes';
import type { ServiceChoice } from '../service/serviceChoice';
import type { ChangesModel } from '../changes/changesModel';
import { changesRows } from './nodes/changesNode';
import type { ContextKeys } from './contextKeys';
import type { TreeNode } from './nodes/node';
import { TaskNode } from './nodes/taskNode';
import { stateLabel } from './stateStyle';
import { TaskTreeProvider } from './taskTreeProvider';

export interface TaskViewsDeps {
  model: TaskModel;
  service: ServiceChoice;
  filter: TaskFilter;
  drafts: DraftStore;
  context: ContextKeys;
  /** Which task continues which (drawn beside the task). */
  links?: Pick<ContinuationLinks, 'of' | 'onDidChange'>;
  /** Each task's changes: read while its node is expanded, redrawn when they change. */
  changes?: Pick<ChangesModel, 'get' | 'watch' | 'onDidChange'>;
  /** My Tasks' switch: its tasks under their repositories. */
  grouping?: Pick<TaskGrouping, 'byRepository' | 'onDidChange'>;
}

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
    const { model, filter } = deps;
    const describeError = (err: unknown) => explain(err, { address: deps.service.current().url }).text;
    const continues = (task: Task) => deps.links?.of(task.id)?.name;
    const changes = deps.changes;
    const rows = changes && ((task: Task, prefix: string) => changesRows(task, changes.get(task.id), prefix));
    this.repoProvider = this.register(
      new TaskTreeProvider({
        viewId: VIEWS.repoTasks,
        model,
        filter,
        filterView: 'repo',
        lists: () => model.lists('repo'),
        draft: () => {
          const d = deps.drafts.get();
          return d && { prompt: d.prompt, problem: d.problem, continues: d.continues };
        },
        continues,
        describeError,
        changes: rows,
      }),
    );
    this.mineProvider = this.register(
      new TaskTreeProvider({
        viewId: VIEWS.myTasks,
        model,
        filter,
        filterView: 'mine',
        lists: () => model.lists('mine'),
        repoName: task => model.repoName(task),
        repoWhy: task => model.repoShown(task)?.why,
        continues,
        describeError,
        changes: rows,
        groupByRepo: () => deps.grouping?.byRepository ?? false,
      }),
    );
    this.repoView = this.register(
      vscode.window.createTreeView(VIEWS.repoTasks, { treeDataProvider: this.repoProvider, showCollapseAll: true }),
    );
    this.mineView = this.register(
      vscode.window.createTreeView(VIEWS.myTasks, { treeDataProvider: this.mineProvider, showCollapseAll: true }),
    );
    for (const view of [this.repoView, this.mineView]) {
      this.register(view.onDidChangeVisibility(() => this.visibilityChanged()));
      this.register(
        view.onDidExpandElement(e => e.element instanceof TaskNode && model.watchSessions(e.element.id, true)),
      );
      this.register(
        view.onDidCollapseElement(e => e.element instanceof TaskNode && model.watchSessions(e.element.id, false)),
      );
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
    this.register(filter.onDidChange(() => this.updateContext()));
    if (deps.grouping)
      this.register(
        deps.grouping.onDidChange(() => {
          this.updateContext();
          this.mineProvider.refresh();
        }),
      );
    // A repository named at last: the rows that showed its ID show its name.
    this.register(model.names.onDidChange(() => this.redraw()));
    if (deps.links)
      this.register(
        deps.links.onDidChange(id => {
          this.repoProvider.redrawTask(id);
          this.mineProvider.redrawTask(id);
        }),
      );
    if (changes) this.watchChanges(changes);
    if (changes)
      this.register(
        changes.onDidChange(id => {
          this.repoProvider.redrawTask(id);
          this.mineProvider.redrawTask(id);
        }),
      );
    this.register(
      deps.drafts.onDidChange(() => {
        this.updateContext();
        this.repoProvider.refresh();
      }),
    );
    this.visibilityChanged();
    this.updateContext();
    this.updateBadges();
  }

  /** An expanded task's changes follow its branch while it stays expanded. */
  private watchChanges(changes: Pick<ChangesModel, 'watch'>): void {
    for (const [view, id] of [
      [this.repoView, VIEWS.repoTasks],
      [this.mineView, VIEWS.myTasks],
    ] as const) {
      const watch = (node: TreeNode, on: boolean) =>
        node instanceof TaskNode && changes.watch(node.id, `tree:${id}`, on);
      this.register(view.onDidExpandElement(e => watch(e.element, true)));
      this.register(view.onDidCollapseElement(e => watch(e.element, false)));
    }
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
    this.deps.model.setVisible({ repo: this.repoView.visible, mine: this.mineView.visible });
  }

  private updateContext(): void {
    const { model, filter, context } = this.deps;
    const service = this.deps.service.current();
    context.set('serviceState', service.kind);
    context.set('hasToken', model.signedIn);
    context.set('reachable', model.reachable);
    context.set('repoState', model.repoState);
    context.set('hasTasks', this.repoProvider.hasAnyTask());
    context.set('myHasTasks', this.mineProvider.hasAnyTask());
    context.set('filtered', filter.statesFiltered('repo'));
    context.set('myFiltered', filter.statesFiltered('mine'));
    context.set('onlyMine', filter.onlyMine);
    context.set('showArchived', filter.showArchived('repo'));
    context.set('myShowArchived', filter.showArchived('mine'));
    context.set('hasDraft', this.deps.drafts.get() !== undefined);
    context.set('myGroupedByRepo', this.deps.grouping?.byRepository ?? false);
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
