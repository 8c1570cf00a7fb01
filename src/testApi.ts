import * as vscode from 'vscode';
import type { ServiceClients } from './clients';
import type { DraftStore } from './commands/start/draftStore';
import type { StartResult, TaskStarter } from './commands/start/taskStarter';
import type { RepoDetector } from './model/repoDetector';
import { repoLabel } from './model/remotes';
import type { TaskNotifier } from './notify/taskNotifier';
import type { StatusBarController } from './status/statusBar';
import type { TreeNode } from './views/nodes/node';
import type { TaskViews } from './views/taskViews';

/** A tree item as a test sees it. */
export interface TestTreeItem {
  kind: TreeNode['kind'];
  id?: string;
  label: string;
  description?: string;
  contextValue?: string;
  /** Codicon id, e.g. `sync~spin`, and its theme colour id. */
  icon?: string;
  color?: string;
  tooltip?: string;
  children?: TestTreeItem[];
}

/**
 * What `activate()` returns, for integration tests and scripts: read what the views and the status bar show without
 * scraping the screen. Nothing here is secret and nothing changes state except `refresh()`.
 * - `treeItems(view, depth)`: the items of `repoTasks` or `myTasks`, with children to `depth` levels (0: roots only).
 * - `statusBar()`: the status bar item's text, tooltip and visibility.
 * - `refresh()`: poll now and wait until the views hold the answer.
 * - `repository()`: "owner/repo" the Repository Tasks view shows, if any.
 * - `lastStart()`, `draft()`: the outcome of the last start, and the prompt kept after a failure.
 * - `notifications()`: the task notifications shown so far.
 * - `requestCount()`, `pollMode()`, `treeStats()`: figures for the benchmarks.
 * - `context()`: the context keys that choose the welcome content (`agentTasks.service`, `.hasToken`, `.reachable`…).
 * - `storedState()`: everything the extension keeps in globalState and workspaceState, as JSON (never a token).
 * - `logFile`: the path of the log channel's file, to check what is (and is not) written there.
 */
export interface AgentTasksTestApi {
  treeItems(view: 'repoTasks' | 'myTasks', depth?: number): Promise<TestTreeItem[]>;
  statusBar(): { text: string; tooltip: string; visible: boolean };
  refresh(): Promise<void>;
  repository(): string | undefined;
  lastStart(): StartResult | undefined;
  draft(): { prompt: string; problem?: string } | undefined;
  notifications(): string[];
  requestCount(): number;
  pollMode(): string;
  readonly logFile: string;
  context(): Record<string, unknown>;
  storedState(): string;
  treeStats(): { repoTasks: { rootRefreshes: number; nodeRefreshes: number }; myTasks: { rootRefreshes: number; nodeRefreshes: number } };
}

export function createTestApi(deps: {
  views: TaskViews;
  status: StatusBarController;
  repos: RepoDetector;
  starter: TaskStarter;
  drafts: DraftStore;
  notifier: TaskNotifier;
  clients: ServiceClients;
  logFile: string;
  mementos: vscode.Memento[];
}): AgentTasksTestApi {
  const { views } = deps;
  async function describe(provider: vscode.TreeDataProvider<TreeNode>, node: TreeNode, depth: number): Promise<TestTreeItem> {
    const item = await provider.getTreeItem(node);
    const icon = item.iconPath instanceof vscode.ThemeIcon ? item.iconPath : undefined;
    const label = typeof item.label === 'string' ? item.label : item.label?.label ?? '';
    const tooltip = typeof item.tooltip === 'string' ? item.tooltip : item.tooltip?.value;
    const out: TestTreeItem = {
      kind: node.kind,
      id: item.id,
      label,
      description: typeof item.description === 'string' ? item.description : undefined,
      contextValue: item.contextValue,
      icon: icon?.id,
      color: icon?.color?.id,
      tooltip,
    };
    if (depth > 0) {
      const kids = (await provider.getChildren(node)) ?? [];
      out.children = await Promise.all(kids.map(k => describe(provider, k, depth - 1)));
    }
    return out;
  }
  return {
    async treeItems(view, depth = 0) {
      const provider = view === 'repoTasks' ? views.repoProvider : views.mineProvider;
      const roots = (await provider.getChildren()) ?? [];
      return Promise.all(roots.map(n => describe(provider, n, depth)));
    },
    statusBar: () => ({ text: deps.status.visible ? deps.status.text : '', tooltip: deps.status.tooltipText, visible: deps.status.visible }),
    refresh: () => views.refresh(),
    repository: () => {
      const r = deps.repos.current();
      return r && repoLabel(r);
    },
    lastStart: () => deps.starter.last,
    draft: () => {
      const d = deps.drafts.get();
      return d && { prompt: d.prompt, problem: d.problem };
    },
    notifications: () => [...deps.notifier.shown],
    requestCount: () => deps.clients.requestCount,
    pollMode: () => views.poller.mode,
    logFile: deps.logFile,
    context: () => Object.fromEntries(views.contextValues),
    storedState: () => JSON.stringify(deps.mementos.map(m => Object.fromEntries(m.keys().map(k => [k, m.get(k)])))),
    treeStats: () => ({ repoTasks: { ...views.repoProvider.stats }, myTasks: { ...views.mineProvider.stats } }),
  };
}
