// What `activate()` returns in development and test mode only (integration tests, benchmarks, scripts): what the
// views, the status bar and the messages show, read from the things themselves or recorded from their events since
// activation. Production builds none of it.
import * as vscode from 'vscode';
import { expandTask } from './expandTask';
import type { ChangesOnDemand } from '../changes/changesOnDemand';
import type { LazyCommands } from '../commands/lazyCommands';
import type { ChangesView } from '../model/changesView';
import { roundsProbe, type RoundsProbe } from './roundsProbe';
import { lastListsProbe, type LastListsDeps, type LastListsProbe } from './lastListsProbe';
import type { DraftStore } from '../tasks/draftStore';
import type { TaskPicture } from '../model/taskPicture';
import type { ViewChange, ViewState } from '../model/viewState';
import type { TaskModel } from '../model/taskModel';
import { repoLabel } from '../model/remotes';
import type { ServiceChoice } from '../service/serviceChoice';
import type { TaskPagesOnDemand } from '../taskPage/pagesOnDemand';
import type { InstallationsOnDemand } from '../installations/installationsOnDemand';
import type { TreeNode } from '../shared/treeNode';
import type { TaskViews } from '../views/taskViews';
import type { Answers, Asked, RecordingUi, Said } from './recordingUi';
import type { PreparedToolCall, Response, StatusShown, TestRecorder } from './recorder';
import { renderingOf, type MarkdownRendering } from './rendering';
import { recordTaskPages, type TaskPagesProbe } from './taskPagesProbe';
import { reviewProbe, type ReviewProbe } from './reviewProbe';
import { EARLIER_ROWS } from '../views/earlierRows';

/** A tree item as a test sees it. */
export interface TestTreeItem {
  kind: TreeNode['kind'];
  id?: string;
  label: string;
  description?: string;
  /** What a screen reader says of the item (its accessibility label), when it has its own. */
  accessibilityLabel?: string;
  contextValue?: string;
  /** Codicon id, e.g. `sync~spin`, and its theme colour id. */
  icon?: string;
  color?: string;
  tooltip?: string;
  /** How a Markdown tooltip is rendered: whether its links run commands, HTML shows, `$(icon)` draws. */
  tooltipRendering?: MarkdownRendering;
  /** What a click runs. */
  command?: { command: string; arguments?: unknown[] };
  children?: TestTreeItem[];
}

export type ViewName = 'repoTasks' | 'myTasks' | 'installations';
type Redraws = { rootRefreshes: number; nodeRefreshes: number };
export type { PreparedToolCall, Response, StatusShown } from './recorder';

export interface AgentTasksTestApi extends RoundsProbe, LastListsProbe {
  /** The items of a view, with children to `depth` levels (0: roots only). */
  treeItems(view: ViewName, depth?: number): Promise<TestTreeItem[]>;
  statusBar(): StatusShown;
  /** The badge of each task view (its running count), undefined when it shows none. */
  badges(): { repoTasks?: number; myTasks?: number };
  /**
   * When (Date.now()) the task view first handed VS Code top rows holding a task, as VS Code asked for them; undefined
   * until then. Reading it asks the view for nothing, so a bench waiting on it does not draw the tree itself.
   */
  firstTasksDrawn(view: 'repoTasks' | 'myTasks'): number | undefined;
  /** Poll now and wait until the model holds the answer. */
  refresh(): Promise<void>;
  /** "owner/repo" the Repository view shows, if any. */
  repository(): string | undefined;
  /** The prompt kept after a failed start. */
  draft(): { prompt: string; problem?: string; continues?: { id: string; name: string } } | undefined;
  /** Every message shown since activation, oldest first, and every question asked. */
  said(): Said[];
  asked(): Asked[];
  /** Answers the questions from now on as told; undefined hands them back to the window. */
  answer(answers: Answers | undefined): void;
  /** Every address handed on to be opened outside the editor since activation (the one open seam). */
  opened(): string[];
  /** Responses the API clients received since activation (304s answered from the cache included), with when. */
  responses(): Response[];
  requestCount(): number;
  pollMode(): string;
  /** Root redraws and single-node redraws of each task view since activation. */
  treeStats(): { repoTasks: Redraws; myTasks: Redraws };
  /** The context keys that choose the welcome content (`agentTasks.service`, `.hasToken`, `.reachable`…). */
  context(): Record<string, unknown>;
  /** Everything the extension keeps in globalState and workspaceState, as JSON (never a token). */
  storedState(): string;
  /** The log channel's file, to check what is (and is not) written there. */
  readonly logFile: string;
  /** The open task pages and the HTML each last rendered. */
  readonly taskPages: TaskPagesProbe;
  /** What each chat tool's preparation gave VS Code since activation: the question put to the user, if any. */
  preparedToolCalls(): PreparedToolCall[];
  /** The picture the model holds of a task, and every change of the view state since activation, oldest first. */
  model: { picture(id: string): TaskPicture | undefined; viewChanges(): ViewChange[] };
  /** The node a task view holds for a task: what its context menu and inline buttons hand a command. */
  taskNode(view: 'repoTasks' | 'myTasks', taskId: string): TreeNode | undefined;
  /** A view's tree data provider itself, as VS Code holds it (the tree bench reads it as it reads its floor's). */
  treeProvider(view: ViewName): vscode.TreeDataProvider<TreeNode>;
  /** What a task view's title bar says beside its name. */
  viewDescription(view: 'repoTasks' | 'myTasks'): string | undefined;
  /** A task's changes as known now (undefined: never asked for); `load` reads them and waits. */
  changes(taskId: string, load?: boolean): Promise<ChangesView | undefined>;
  /** Expands a task's node in a task view, as a click on its twistie does (or collapses it). */
  expandTask(view: 'repoTasks' | 'myTasks', taskId: string, expand?: boolean): Promise<void>;
  /** How many git processes the changes feature started since activation. */
  gitProcesses(): number;
  /** Where Undo's copies and the applies' journals are kept for this workspace. */
  landStorage(): string;
  /** The quick pick open now that the extension made through its `Ui` (Go to Task…): its value, rows and state. */
  quickPick(): vscode.QuickPick<vscode.QuickPickItem> | undefined;
  /** Every list of rows handed to that quick pick while it is open, in order. */
  quickPickDrawings(): readonly (readonly vscode.QuickPickItem[])[];
  /** The review's threads and checkboxes, as the editor and the tree use them. */
  readonly review: ReviewProbe;
  /** The ids of the commands' handlers (commands/handlers.ts), built now if no command ran yet. */
  commandHandlerIds(): Promise<string[]>;
}

export interface TestApiDeps extends LastListsDeps {
  model: TaskModel;
  views: TaskViews;
  installations: InstallationsOnDemand;
  service: ServiceChoice;
  recorder: TestRecorder;
  pages: TaskPagesOnDemand;
  drafts: DraftStore;
  viewState: ViewState;
  ui: RecordingUi;
  logFile: string;
  mementos: vscode.Memento[];
  subscriptions: vscode.Disposable[];
  changes?: Pick<ChangesOnDemand, 'load' | 'known' | 'storage'>;
  commands?: LazyCommands;
}

export function createTestApi(d: TestApiDeps): AgentTasksTestApi {
  const { responses } = d.recorder;
  const viewChanges: ViewChange[] = [];
  d.subscriptions.push(d.viewState.onDidChange(c => viewChanges.push(c)));
  const redraws = {
    repoTasks: { rootRefreshes: 0, nodeRefreshes: 0 },
    myTasks: { rootRefreshes: 0, nodeRefreshes: 0 },
  };
  const count = (r: Redraws) => (n: unknown) => (n ? n !== EARLIER_ROWS && r.nodeRefreshes++ : r.rootRefreshes++);
  d.subscriptions.push(
    d.views.repoProvider.onDidChangeTreeData(count(redraws.repoTasks)),
    d.views.mineProvider.onDidChangeTreeData(count(redraws.myTasks)),
  );
  const providers: Record<ViewName, vscode.TreeDataProvider<TreeNode>> = {
    repoTasks: d.views.repoProvider,
    myTasks: d.views.mineProvider,
    installations: d.installations,
  };
  return {
    async treeItems(view, depth = 0) {
      const provider = providers[view];
      const roots = (await provider.getChildren()) ?? [];
      return Promise.all(roots.map(n => describeNode(provider, n, depth)));
    },
    statusBar: () => d.recorder.statusShown(d.service.current().kind !== 'none'),
    firstTasksDrawn: view => d.recorder.firstTasksDrawn.get(view === 'repoTasks' ? 'repo' : 'mine'),
    badges: () => ({ repoTasks: d.views.repoView.badge?.value, myTasks: d.views.mineView.badge?.value }),
    refresh: () => d.model.refresh(),
    repository: () => {
      const r = d.model.repo();
      return r && repoLabel(r);
    },
    draft: () => {
      const draft = d.drafts.get();
      return draft && { prompt: draft.prompt, problem: draft.problem, continues: draft.continues };
    },
    said: () => [...d.ui.said],
    asked: () => [...d.ui.asked],
    answer: answers => d.ui.answer(answers),
    opened: () => [...d.ui.opened],
    responses: () => [...responses],
    requestCount: () => responses.length,
    pollMode: () => d.model.pollMode,
    treeStats: () => ({ repoTasks: { ...redraws.repoTasks }, myTasks: { ...redraws.myTasks } }),
    context: () => Object.fromEntries(d.recorder.contextKeys),
    storedState: () => JSON.stringify(d.mementos.map(m => Object.fromEntries(m.keys().map(k => [k, m.get(k)])))),
    logFile: d.logFile,
    taskPages: recordTaskPages(d.pages, d.recorder.pageHtml, d.subscriptions),
    preparedToolCalls: () => d.recorder.preparedCalls(),
    model: { picture: id => d.model.picture(id), viewChanges: () => [...viewChanges] },
    treeProvider: view => providers[view],
    taskNode: (view, id) => (view === 'repoTasks' ? d.views.repoProvider : d.views.mineProvider).nodeFor(id),
    viewDescription: view => (view === 'repoTasks' ? d.views.repoView : d.views.mineView).description,
    ...roundsProbe(d.mementos[1], d.model.pictures.sets),
    ...lastListsProbe(d.model, d.reactivate),
    changes: async (id, load) => {
      if (load) await d.changes?.load(id);
      return d.changes?.known(id);
    },
    gitProcesses: () => d.recorder.changes?.git.processes ?? 0,
    landStorage: () => d.changes?.storage() ?? '',
    expandTask: (view, id, expand = true) => expandTask(d.views, view, id, expand),
    quickPick: () => d.ui.openQuickPick,
    quickPickDrawings: () => (d.ui.openQuickPick ? d.ui.openQuickPickDrawings : []),
    review: reviewProbe(() => d.recorder.changes, d.views),
    commandHandlerIds: async () => (await d.commands?.handlerIds()) ?? [],
  };
}

const NEVER: vscode.CancellationToken = {
  isCancellationRequested: false,
  onCancellationRequested: () => ({ dispose() {} }),
};

/**
 * A tree item as a test sees it. The tooltip of an item drawn without one is asked of its provider the way VS Code
 * asks when the pointer rests on the item, and only when a test reads it: reading thousands of items (the benches do)
 * must not hover them all.
 */
class DescribedItem implements TestTreeItem {
  readonly kind: TreeNode['kind'];
  readonly id?: string;
  readonly label: string;
  readonly description?: string;
  readonly accessibilityLabel?: string;
  readonly contextValue?: string;
  readonly icon?: string;
  readonly color?: string;
  command?: { command: string; arguments?: unknown[] };
  children?: TestTreeItem[];
  readonly #provider: vscode.TreeDataProvider<TreeNode>;
  readonly #node: TreeNode;
  readonly #item: vscode.TreeItem;
  #hovered: vscode.TreeItem | undefined;

  constructor(provider: vscode.TreeDataProvider<TreeNode>, node: TreeNode, item: vscode.TreeItem) {
    this.#provider = provider;
    this.#node = node;
    this.#item = item;
    const icon = item.iconPath instanceof vscode.ThemeIcon ? item.iconPath : undefined;
    this.kind = node.kind;
    this.id = item.id;
    this.label = typeof item.label === 'string' ? item.label : (item.label?.label ?? '');
    this.description = typeof item.description === 'string' ? item.description : undefined;
    this.contextValue = item.contextValue;
    if (item.accessibilityInformation) this.accessibilityLabel = item.accessibilityInformation.label;
    this.icon = icon?.id;
    this.color = icon?.color?.id;
    if (item.command) this.command = { command: item.command.command, arguments: item.command.arguments };
    // A tooltip drawn with the item is a field, as the rest (snapshots of a view compare it); only one made on hover
    // is left to the getters below.
    if (item.tooltip !== undefined) {
      const { tooltip, tooltipRendering } = this;
      Object.defineProperties(this, {
        tooltip: { value: tooltip, enumerable: true },
        tooltipRendering: { value: tooltipRendering, enumerable: true },
      });
    }
  }

  get tooltip(): string | undefined {
    const t = this.#hover();
    return typeof t === 'string' ? t : t?.value;
  }

  get tooltipRendering(): MarkdownRendering | undefined {
    const t = this.#hover();
    return t instanceof vscode.MarkdownString ? renderingOf(t) : undefined;
  }

  #hover(): vscode.TreeItem['tooltip'] {
    const item = this.#item;
    if (item.tooltip !== undefined || !this.#provider.resolveTreeItem) return item.tooltip;
    if (!this.#hovered) {
      const resolved = this.#provider.resolveTreeItem(item, this.#node, NEVER);
      this.#hovered = resolved instanceof vscode.TreeItem ? resolved : item;
    }
    return this.#hovered.tooltip;
  }
}

async function describeNode(
  provider: vscode.TreeDataProvider<TreeNode>,
  node: TreeNode,
  depth: number,
): Promise<TestTreeItem> {
  const item = await provider.getTreeItem(node);
  const out = new DescribedItem(provider, node, item);
  if (
    depth > 0 &&
    item.collapsibleState !== undefined &&
    item.collapsibleState !== vscode.TreeItemCollapsibleState.None
  ) {
    // A task's own children: a test reading a tree does not expand its tasks, as VS Code's asking would.
    const kids = node.kind === 'task' ? await node.getChildren() : ((await provider.getChildren(node)) ?? []);
    out.children = await Promise.all(kids.map(k => describeNode(provider, k, depth - 1)));
  }
  return out;
}
