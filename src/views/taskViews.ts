import * as vscode from 'vscode';
import type { Task } from '../api';
import type { TokenStore } from '../auth/tokenStore';
import type { ServiceClients } from '../clients';
import type { DraftStore } from '../commands/start/draftStore';
import { readSettings } from '../config';
import { explain, statusOf } from '../errors/userErrors';
import { CONTEXT, VIEWS } from '../ids';
import type { Log } from '../log';
import { Poller } from '../model/poller';
import type { RepoDetector } from '../model/repoDetector';
import { repoLabel } from '../model/remotes';
import { TaskStore } from '../model/taskStore';
import { listKeys, TaskSync } from '../model/taskSync';
import type { ServiceChoice } from '../service/serviceChoice';
import type { TreeNode } from './nodes/node';
import { TaskNode } from './nodes/taskNode';
import type { TaskFilter } from './taskFilter';
import { repoOfTask } from './taskLinks';
import { TaskTreeProvider } from './taskTreeProvider';

export interface TaskViewsDeps {
  clients: ServiceClients;
  service: ServiceChoice;
  tokens: TokenStore;
  repos: RepoDetector;
  filter: TaskFilter;
  drafts: DraftStore;
  log: Log;
}

/**
 * The two task views, the store behind them and the one poller that keeps them fresh; sets the context keys that
 * choose the welcome content.
 */
export class TaskViews implements vscode.Disposable {
  readonly store = new TaskStore();
  readonly sync: TaskSync;
  readonly poller: Poller;
  readonly repoProvider: TaskTreeProvider;
  readonly mineProvider: TaskTreeProvider;
  readonly repoView: vscode.TreeView<TreeNode>;
  readonly mineView: vscode.TreeView<TreeNode>;
  private readonly subscriptions: vscode.Disposable[] = [];
  private hasToken = false;
  private reachable: 'unknown' | 'yes' | 'no' | 'unauthorized' | 'forbidden' = 'unknown';
  private readonly log: Log;
  /** The context keys as last set (they choose the welcome content); read by the test API. */
  readonly contextValues = new Map<string, unknown>();
  private readonly repoNames = new Map<number, string>();

  constructor(private readonly deps: TaskViewsDeps) {
    this.log = deps.log.child('poll');
    this.sync = new TaskSync(() => deps.clients.forKind('fine_grained'), this.store, () => ({
      repo: deps.repos.current(),
      repoVisible: this.repoView.visible,
      mineVisible: this.mineView.visible,
      archived: deps.filter.showArchived,
      needMine: deps.filter.onlyMine,
    }));
    this.poller = new Poller({
      tick: async signal => {
        try {
          const result = await this.sync.tick(signal);
          this.noteOutcome(undefined);
          this.repoProvider.relabel();
          this.mineProvider.relabel();
          return result;
        } catch (err) {
          if (!signal.aborted) this.noteOutcome(err);
          throw err;
        }
      },
      activeIntervalMs: () => readSettings().activePollSeconds * 1000,
      idleIntervalMs: () => readSettings().idlePollSeconds * 1000,
      waitHintMs: err => (err as { retryAfterMs?: number })?.retryAfterMs,
    });
    const describeError = (err: unknown) => explain(err).text;
    this.repoProvider = new TaskTreeProvider({
      viewId: VIEWS.repoTasks,
      store: this.store,
      sync: this.sync,
      filter: deps.filter,
      onlyMineApplies: true,
      lists: () => this.repoLists(),
      draft: () => {
        const d = deps.drafts.get();
        return d && { prompt: d.prompt, problem: d.problem };
      },
      describeError,
    });
    this.mineProvider = new TaskTreeProvider({
      viewId: VIEWS.myTasks,
      store: this.store,
      sync: this.sync,
      filter: deps.filter,
      onlyMineApplies: false,
      lists: () => (this.ready() ? [listKeys.mine(), ...(deps.filter.showArchived ? [listKeys.mine(true)] : [])] : undefined),
      repoName: task => this.repoName(task),
      describeError,
    });
    this.repoView = vscode.window.createTreeView(VIEWS.repoTasks, { treeDataProvider: this.repoProvider, showCollapseAll: true });
    this.mineView = vscode.window.createTreeView(VIEWS.myTasks, { treeDataProvider: this.mineProvider, showCollapseAll: true });
    const storeSub = this.store.onDidChange(() => this.updateContext());
    this.subscriptions.push(
      this.repoProvider,
      this.mineProvider,
      this.repoView,
      this.mineView,
      { dispose: () => storeSub.dispose() },
      { dispose: () => this.poller.dispose() },
      { dispose: this.poller.onDidChangeMode(m => this.log.debug(`mode ${m}`)).dispose },
      vscode.window.onDidChangeWindowState(s => this.poller.update({ focused: s.focused })),
      this.repoView.onDidChangeVisibility(() => this.visibilityChanged()),
      this.mineView.onDidChangeVisibility(() => this.visibilityChanged()),
      ...[this.repoView, this.mineView].flatMap(v => [
        v.onDidExpandElement(e => e.element instanceof TaskNode && this.sync.expanded.add(e.element.id)),
        v.onDidCollapseElement(e => e.element instanceof TaskNode && this.sync.expanded.delete(e.element.id)),
      ]),
      // Only the fine-grained token matters here: setting a classic or installation token leaves the tasks be.
      deps.service.onDidChange(() => void this.serviceOrTokenChanged()),
      deps.tokens.onDidChange(kind => kind === 'fine_grained' && void this.serviceOrTokenChanged()),
      deps.repos.onDidChange(() => this.repoChanged()),
      deps.filter.onDidChange(() => {
        this.updateContext();
        void this.poller.trigger();
      }),
      deps.drafts.onDidChange(() => {
        this.updateContext();
        this.repoProvider.refresh();
      }),
    );
    this.poller.update({ focused: vscode.window.state.focused });
    this.visibilityChanged();
    void this.serviceOrTokenChanged();
  }

  private ready(): boolean {
    return this.deps.service.current().kind !== 'none' && this.hasToken;
  }

  private repoLists(): string[] | undefined {
    const repo = this.deps.repos.current();
    if (!this.ready() || !repo) return undefined;
    return [listKeys.repo(repo), ...(this.deps.filter.showArchived ? [listKeys.repo(repo, true)] : [])];
  }

  private repoName(task: Task): string | undefined {
    const r = repoOfTask(task);
    // The user's list (A4) carries only the repository's id; names learnt from richer reads fill the gap.
    if (r) {
      if (task.repository) this.repoNames.set(task.repository.id, repoLabel(r));
      return repoLabel(r);
    }
    const known = task.repository && this.repoNames.get(task.repository.id);
    if (known) return known;
    const current = this.deps.repos.current();
    if (current) {
      const sample = this.store.list(listKeys.repo(current))[0];
      if (sample && sample.repository?.id === task.repository?.id) return repoLabel(current);
    }
    return task.repository ? `repository ${task.repository.id}` : undefined;
  }

  /** Poll now and wait for it: Refresh, a started task, the test API. */
  async refresh(): Promise<void> {
    await this.poller.trigger();
  }

  private visibilityChanged(): void {
    this.poller.update({ visible: this.repoView.visible || this.mineView.visible });
    // A view that just opened on a list never read should not wait for the next slot of the slow pace.
    if (this.ready() && this.sync.watchedLists().some(k => !this.store.hasList(k))) void this.refresh();
  }

  private async serviceOrTokenChanged(): Promise<void> {
    const kind = this.deps.service.current().kind;
    this.hasToken = kind !== 'none' && (await this.deps.tokens.has('fine_grained'));
    this.deps.log.info(`service: ${kind}${kind === 'remote' ? ` ${this.deps.clients.describe().url}` : ''}; fine-grained token ${this.hasToken ? 'set' : 'not set'}`);
    // Another service or token means another user's world: forget what was shown.
    this.store.clear();
    this.sync.reset();
    this.repoNames.clear();
    this.reachable = 'unknown';
    this.deps.repos.refresh();
    this.updateContext();
    this.repoProvider.refresh();
    this.mineProvider.refresh();
    this.poller.update({ signedIn: this.ready() });
    if (this.ready()) await this.refresh();
  }

  private repoChanged(): void {
    this.updateContext();
    this.repoProvider.refresh();
    if (this.ready()) void this.refresh();
  }

  private noteOutcome(err: unknown): void {
    const before = this.reachable;
    if (err === undefined) this.reachable = this.ready() ? 'yes' : 'unknown';
    else {
      const status = statusOf(err);
      this.reachable = status === 401 ? 'unauthorized' : status === 403 ? 'forbidden' : 'no';
      this.log.warn(`refresh failed: ${explain(err).text}`);
    }
    if (before !== this.reachable) {
      this.repoProvider.refresh();
      this.mineProvider.refresh();
    }
    this.updateContext();
  }

  private updateContext(): void {
    const target = this.deps.service.current();
    const set = (k: string, v: unknown) => {
      if (this.contextValues.get(k) === v) return;
      this.contextValues.set(k, v);
      void vscode.commands.executeCommand('setContext', k, v);
    };
    set(CONTEXT.serviceState, target.kind);
    set(CONTEXT.hasToken, this.hasToken);
    set(CONTEXT.repoState, this.deps.repos.state);
    set(CONTEXT.reachable, this.reachable);
    set(CONTEXT.hasTasks, this.repoProvider.hasAnyTask());
    set(CONTEXT.myHasTasks, this.mineProvider.hasAnyTask());
    set(CONTEXT.filtered, this.deps.filter.active);
    set(CONTEXT.onlyMine, this.deps.filter.onlyMine);
    set(CONTEXT.showArchived, this.deps.filter.showArchived);
    set(CONTEXT.hasDraft, this.deps.drafts.get() !== undefined);
    const sandbox = target.kind === 'sandbox' ? 'sandbox' : undefined;
    const repo = this.deps.repos.current();
    this.repoView.description = [repo && repoLabel(repo), sandbox].filter(Boolean).join(' · ') || undefined;
    this.mineView.description = sandbox;
  }

  dispose(): void {
    for (const s of this.subscriptions) s.dispose();
    this.store.dispose();
  }
}
