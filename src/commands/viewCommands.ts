import * as vscode from 'vscode';
import { TASK_STATES } from '../api/types';
import { COMMANDS } from '../ids';
import type { RepoDetector } from '../model/repoDetector';
import { repoLabel } from '../model/remotes';
import type { TaskFilter } from '../views/taskFilter';
import type { TaskViews } from '../views/taskViews';
import { stateLabel } from '../views/stateStyle';
import { taskOf } from './taskArgs';

/** Refresh, filters, the repository pick, the log, revealing a task. */
export class ViewCommands implements vscode.Disposable {
  private readonly subscriptions: vscode.Disposable[] = [];

  constructor(
    private readonly views: TaskViews,
    private readonly filter: TaskFilter,
    private readonly repos: RepoDetector,
    private readonly showLog: () => void,
    /** Repositories worth offering besides the detected ones (the built-in sandbox's demo repositories). */
    private readonly suggestions: () => Array<{ owner: string; repo: string }> = () => [],
  ) {
    const filterStates = (states?: unknown) => this.filterStates(states);
    this.subscriptions.push(
      vscode.commands.registerCommand(COMMANDS.refresh, () => this.views.refresh()),
      vscode.commands.registerCommand(COMMANDS.filterStates, filterStates),
      vscode.commands.registerCommand(COMMANDS.filterStatesActive, filterStates),
      vscode.commands.registerCommand(COMMANDS.toggleOnlyMine, () => this.filter.setOnlyMine(true)),
      vscode.commands.registerCommand(COMMANDS.toggleOnlyMineOn, () => this.filter.setOnlyMine(false)),
      vscode.commands.registerCommand(COMMANDS.toggleArchived, () => this.filter.setShowArchived(true)),
      vscode.commands.registerCommand(COMMANDS.toggleArchivedOn, () => this.filter.setShowArchived(false)),
      vscode.commands.registerCommand(COMMANDS.chooseRepository, (repo?: unknown) => this.chooseRepository(repo)),
      vscode.commands.registerCommand(COMMANDS.showLog, () => this.showLog()),
      vscode.commands.registerCommand(COMMANDS.revealTask, (arg: unknown) => this.reveal(arg)),
    );
  }

  /** `states` (an array) sets the filter without UI; an empty array clears it. */
  private async filterStates(states?: unknown): Promise<void> {
    if (Array.isArray(states)) {
      await this.filter.setStates(states.filter((s): s is string => typeof s === 'string'));
      return;
    }
    const current = new Set(this.filter.states);
    const picked = await vscode.window.showQuickPick(
      TASK_STATES.map(s => ({ label: stateLabel(s), description: s, state: s, picked: current.has(s) })),
      { canPickMany: true, placeHolder: 'Show tasks in these states (none selected: all)' },
    );
    if (picked) await this.filter.setStates(picked.map(p => p.state));
  }

  /** `{owner, repo}` or "owner/repo" picks without UI; `null` returns to the detected repository. */
  private async chooseRepository(arg?: unknown): Promise<void> {
    if (arg === null) {
      await this.repos.choose(undefined);
      return;
    }
    const typed = parseRepoArg(arg);
    if (typed) {
      const detected = this.repos.candidates().some(c => repoLabel(c).toLowerCase() === repoLabel(typed).toLowerCase());
      await this.repos.choose(typed, !detected);
      return;
    }
    const current = this.repos.current();
    type Item = vscode.QuickPickItem & { repo?: { owner: string; repo: string } };
    const items: Item[] = this.repos.candidates().map(c => ({
      label: repoLabel(c),
      description: [c.remote && `remote ${c.remote}`, c.git && vscode.workspace.asRelativePath(c.git.rootUri)].filter(Boolean).join(' · '),
      picked: current !== undefined && repoLabel(current) === repoLabel(c),
      repo: { owner: c.owner, repo: c.repo },
    }));
    const seen = new Set(items.map(i => i.label.toLowerCase()));
    for (const r of this.suggestions()) {
      if (seen.has(repoLabel(r).toLowerCase())) continue;
      items.push({ label: repoLabel(r), description: 'sandbox demo repository', repo: r });
    }
    items.push({ label: '$(edit) Enter owner/repo…' });
    const pick = await vscode.window.showQuickPick(items, { placeHolder: 'Which repository should Repository Tasks show?' });
    if (!pick) return;
    if (pick.repo) {
      const detected = this.repos.candidates().some(c => repoLabel(c) === repoLabel(pick.repo!));
      await this.repos.choose(pick.repo, !detected);
      return;
    }
    const value = await vscode.window.showInputBox({
      prompt: 'Repository as owner/repo',
      value: current ? repoLabel(current) : '',
      validateInput: v => (parseRepoArg(v) ? undefined : 'Write it as owner/repo'),
    });
    const parsed = parseRepoArg(value);
    if (parsed) await this.repos.choose(parsed, true);
  }

  private async reveal(arg: unknown): Promise<void> {
    const t = taskOf(arg);
    if (!t) return;
    for (const [view, provider] of [
      [this.views.repoView, this.views.repoProvider],
      [this.views.mineView, this.views.mineProvider],
    ] as const) {
      await provider.getChildren();
      const node = provider.nodeFor(t.id);
      if (node) {
        await view.reveal(node, { select: true, focus: true, expand: false });
        return;
      }
    }
  }

  dispose(): void {
    for (const s of this.subscriptions) s.dispose();
  }
}

function parseRepoArg(arg: unknown): { owner: string; repo: string } | undefined {
  if (arg && typeof arg === 'object') {
    const o = arg as { owner?: unknown; repo?: unknown };
    if (typeof o.owner === 'string' && typeof o.repo === 'string' && o.owner && o.repo) return { owner: o.owner, repo: o.repo };
    return undefined;
  }
  if (typeof arg !== 'string') return undefined;
  const m = /^\s*([A-Za-z0-9_.-]+)\/([A-Za-z0-9_.-]+?)(?:\.git)?\s*$/.exec(arg);
  return m ? { owner: m[1], repo: m[2] } : undefined;
}
