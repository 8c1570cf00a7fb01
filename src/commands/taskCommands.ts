import * as vscode from 'vscode';
import type { Task } from '../api';
import { COMMANDS } from '../ids';
import { DisposableBase } from '../lifecycle';
import type { TaskModel } from '../model/taskModel';
import { openAddress } from '../openAddress';
import { forLabel, forQuickPick, plainName } from '../safety/serviceText';
import type { ServiceChoice } from '../service/serviceChoice';
import type { Ui } from '../ui';
import { branchUrl, pullRequests, pullRequestUrl } from '../model/taskLinks';
import type { CommandRegistry } from '../shared/registry';
import { artifactOf, taskOf } from '../shared/taskArgs';

/** The commands on a task node: open on the web, copy id/URL, open the pull request, details. */
export class TaskCommands extends DisposableBase {
  constructor(
    private readonly model: TaskModel,
    private readonly service: ServiceChoice,
    commands: CommandRegistry,
    private readonly ui: Ui,
    /** The task pages (Show Task Details). */
    private readonly pages: { show(task: Task): Promise<void> },
  ) {
    super();
    this.register(
      commands.register({
        [COMMANDS.openTaskOnWeb]: (a: unknown) => this.openOnWeb(a),
        [COMMANDS.copyTaskId]: (a: unknown) => this.copy(a, t => t.id),
        [COMMANDS.copyTaskUrl]: (a: unknown) => this.copy(a, t => t.html_url),
        [COMMANDS.openPullRequest]: (a: unknown) => this.openPullRequest(a),
        [COMMANDS.openBranchOnWeb]: (a: unknown) => this.openBranch(a),
        [COMMANDS.showTaskDetails]: (a: unknown) => this.showDetails(a),
        [COMMANDS.loadMoreTasks]: (key: unknown) => typeof key === 'string' && this.model.loadMore(key),
      }),
    );
  }

  /** The task of a command's argument, or the one the user picks. */
  async pick(arg: unknown): Promise<Task | undefined> {
    const t = taskOf(arg);
    if (t) return this.model.store.get(t.id) ?? t;
    const all = new Map<string, Task>();
    for (const k of this.model.store.listKeys()) for (const x of this.model.store.list(k)) all.set(x.id, x);
    const picked = await this.ui.pick(
      [...all.values()].map(x => ({
        label: forQuickPick(plainName(x.name) || x.id),
        description: forQuickPick(x.state),
        task: x,
      })),
      { placeHolder: vscode.l10n.t('Choose a task') },
    );
    return picked?.task;
  }

  /** A task read by ID carries url/html_url even where the user's task list did not. */
  private async complete(task: Task): Promise<Task> {
    if (task.html_url) return task;
    await this.model.loadDetails(task.id);
    return this.model.store.get(task.id) ?? task;
  }

  private async openOnWeb(arg: unknown): Promise<void> {
    const t = await this.pick(arg);
    if (!t) return;
    const full = await this.complete(t);
    if (!full.html_url) throw new Error(vscode.l10n.t('The service gives no web address for this task.'));
    await openAddress(this.ui, full.html_url, this.service.current().url);
  }

  private async copy(arg: unknown, field: (t: Task) => string | undefined): Promise<void> {
    const t = await this.pick(arg);
    if (!t) return;
    const value = field(await this.complete(t));
    if (!value) throw new Error(vscode.l10n.t('The service gives no address for this task.'));
    await vscode.env.clipboard.writeText(value);
    this.ui.status(vscode.l10n.t('Copied {0}', forLabel(value)));
  }

  private async openPullRequest(arg: unknown): Promise<void> {
    const t = await this.pick(arg);
    if (!t) return;
    const full = await this.complete(t);
    const artifact = artifactOf(arg) ?? pullRequests(full)[0];
    if (!artifact) throw new Error(vscode.l10n.t('This task has no pull request yet.'));
    const url = pullRequestUrl(full, artifact, this.service.current().url);
    if (!url) throw new Error(vscode.l10n.t("The pull request's address cannot be worked out."));
    await openAddress(this.ui, url, this.service.current().url);
  }

  /** A branch artifact's row: the branch's page on the web, through the one opener that checks addresses. */
  private async openBranch(arg: unknown): Promise<void> {
    const branch = (arg as { branch?: unknown } | undefined)?.branch;
    const t = taskOf(arg);
    if (!t || typeof branch !== 'string' || !branch) return;
    const full = await this.complete(this.model.store.get(t.id) ?? t);
    const url = branchUrl(full, branch, this.service.current().url);
    if (!url) throw new Error(vscode.l10n.t("The branch's web address cannot be worked out."));
    await openAddress(this.ui, url, this.service.current().url);
  }

  private async showDetails(arg: unknown): Promise<void> {
    const t = await this.pick(arg);
    if (t) await this.pages.show(t);
  }
}
