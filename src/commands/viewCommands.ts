import * as vscode from 'vscode';
import type { RepoRef } from '../api';
import { TASK_STATES } from '../api/types';
import { COMMANDS } from '../ids';
import { DisposableBase } from '../lifecycle';
import type { RepoDetector } from '../model/repoDetector';
import { repoLabel, sameRepo } from '../model/remotes';
import type { TaskFilter, TaskViewName } from '../model/taskFilter';
import type { TaskModel } from '../model/taskModel';
import { stateLabel } from '../shared/stateStyle';
import type { TaskViews } from '../views/taskViews';
import { windowUi, type Ui } from '../ui';
import type { CommandRegistry } from '../shared/registry';
import { taskOf } from '../shared/taskArgs';

/** Refresh, filters, the repository pick, the log, revealing a task. */
export class ViewCommands extends DisposableBase {
  constructor(
    private readonly model: TaskModel,
    private readonly views: TaskViews,
    private readonly filter: TaskFilter,
    private readonly repos: RepoDetector,
    commands: CommandRegistry,
    showLog: () => void,
    /** Repositories worth offering besides the detected ones (the built-in sandbox's demo repositories). */
    private readonly suggestions: () => Promise<RepoRef[]> = () => Promise.resolve([]),
    private readonly ui: Ui = windowUi,
    /** Reads again the changes of the tasks looked at (expanded, or with a page open). */
    private readonly refreshChanges: () => Promise<void> = () => Promise.resolve(),
  ) {
    super();
    const filterStates = (states?: unknown) => this.filterStates('repo', states);
    const filterMyStates = (states?: unknown) => this.filterStates('mine', states);
    this.register(
      commands.register({
        [COMMANDS.refresh]: () => Promise.all([this.model.refresh(), this.refreshChanges()]),
        [COMMANDS.filterStates]: filterStates,
        [COMMANDS.filterStatesActive]: filterStates,
        [COMMANDS.filterMyStates]: filterMyStates,
        [COMMANDS.filterMyStatesActive]: filterMyStates,
        [COMMANDS.clearFilters]: (view?: unknown) => this.clearFilters(view),
        [COMMANDS.toggleOnlyMine]: () => this.filter.setOnlyMine(true),
        [COMMANDS.toggleOnlyMineOn]: () => this.filter.setOnlyMine(false),
        [COMMANDS.toggleArchived]: () => this.filter.setShowArchived('repo', true),
        [COMMANDS.toggleArchivedOn]: () => this.filter.setShowArchived('repo', false),
        [COMMANDS.toggleMyArchived]: () => this.filter.setShowArchived('mine', true),
        [COMMANDS.toggleMyArchivedOn]: () => this.filter.setShowArchived('mine', false),
        [COMMANDS.chooseRepository]: (repo?: unknown) => this.chooseRepository(repo),
        [COMMANDS.showLog]: showLog,
        [COMMANDS.revealTask]: (arg: unknown) => this.reveal(arg),
      }),
    );
  }

  /** A view's state filter. `states` (an array) sets it without UI; an empty array clears it. */
  private async filterStates(view: TaskViewName, states?: unknown): Promise<void> {
    if (Array.isArray(states)) {
      await this.filter.setStates(
        view,
        states.filter((s): s is string => typeof s === 'string'),
      );
      return;
    }
    const current = new Set(this.filter.states(view));
    // Each state by its name on screen (the one the tree shows), never the service's token for it.
    const picked = await this.ui.pickMany(
      TASK_STATES.map(s => ({ label: stateLabel(s), state: s, picked: current.has(s) })),
      {
        title: view === 'mine' ? vscode.l10n.t('Filter My Tasks') : vscode.l10n.t('Filter Repository'),
        placeHolder: vscode.l10n.t('Show tasks in these states (none selected: all)'),
      },
    );
    if (picked)
      await this.filter.setStates(
        view,
        picked.map(p => p.state),
      );
  }

  /** `repo` or `mine` clears that view's filters; nothing (the palette) clears both. */
  private async clearFilters(view?: unknown): Promise<void> {
    const views: TaskViewName[] = view === 'repo' || view === 'mine' ? [view] : ['repo', 'mine'];
    for (const v of views) await this.filter.clear(v);
  }

  /** `{owner, repo}` or "owner/repo" picks without UI; `null` returns to the detected repository. */
  private async chooseRepository(arg?: unknown): Promise<void> {
    if (arg === null) {
      await this.repos.choose(undefined);
      return;
    }
    const typed = parseRepoArg(arg);
    if (typed) {
      await this.repos.choose(typed, !this.detected(typed));
      return;
    }
    const current = this.repos.current();
    type Item = vscode.QuickPickItem & { repo?: RepoRef };
    const items: Item[] = this.repos.candidates().map(c => ({
      label: repoLabel(c),
      description: [c.remote && `remote ${c.remote}`, c.git && vscode.workspace.asRelativePath(c.git.rootUri)]
        .filter(Boolean)
        .join(' · '),
      picked: current !== undefined && sameRepo(current, c),
      repo: { owner: c.owner, repo: c.repo },
    }));
    for (const r of await this.suggestions()) {
      if (items.some(i => i.repo && sameRepo(i.repo, r))) continue;
      items.push({ label: repoLabel(r), description: vscode.l10n.t('sandbox demo repository'), repo: r });
    }
    items.push({ label: vscode.l10n.t('$(edit) Enter owner/repo…') });
    const pick = await this.ui.pick(items, {
      placeHolder: vscode.l10n.t('Which repository should the Repository view show?'),
    });
    if (!pick) return;
    if (pick.repo) {
      await this.repos.choose(pick.repo, !this.detected(pick.repo));
      return;
    }
    const value = await this.ui.input({
      prompt: vscode.l10n.t('Repository as owner/repo'),
      value: current ? repoLabel(current) : '',
      validate: v => (parseRepoArg(v) ? undefined : vscode.l10n.t('Write it as owner/repo')),
    });
    const parsed = parseRepoArg(value);
    if (parsed) await this.repos.choose(parsed, true);
  }

  private detected(repo: RepoRef): boolean {
    return this.repos.candidates().some(c => sameRepo(c, repo));
  }

  private async reveal(arg: unknown): Promise<void> {
    const t = taskOf(arg);
    if (t) await this.views.reveal(t.id);
  }
}

function parseRepoArg(arg: unknown): RepoRef | undefined {
  if (arg && typeof arg === 'object') {
    const o = arg as { owner?: unknown; repo?: unknown };
    if (typeof o.owner === 'string' && typeof o.repo === 'string' && o.owner && o.repo)
      return { owner: o.owner, repo: o.repo };
    return undefined;
  }
  if (typeof arg !== 'string') return undefined;
  const m = /^\s*([A-Za-z0-9_.-]+)\/([A-Za-z0-9_.-]+?)(?:\.git)?\s*$/.exec(arg);
  return m ? { owner: m[1], repo: m[2] } : undefined;
}
