import * as vscode from 'vscode';
import type { Task } from '../api';
import type { Clients } from '../clients';
import { explain } from '../errors/userErrors';
import { COMMANDS } from '../ids';
import type { Log } from '../log';
import type { RepoDetector } from '../model/repoDetector';
import type { TaskStore } from '../model/taskStore';
import type { TaskSync } from '../model/taskSync';
import { pullRequests, pullRequestUrl, repoOfTask } from '../views/taskLinks';
import { artifactOf, taskOf } from './taskArgs';
import { TaskDetailsDocuments } from './taskDetailsDocument';

/** The commands on a task node: open on the web, copy id/URL, open the pull request, check out, details. */
export class TaskCommands implements vscode.Disposable {
  private readonly subscriptions: vscode.Disposable[] = [];
  private readonly documents: TaskDetailsDocuments;

  constructor(
    private readonly store: TaskStore,
    private readonly sync: TaskSync,
    private readonly repos: RepoDetector,
    private readonly clients: Clients,
    private readonly log: Log,
  ) {
    this.documents = new TaskDetailsDocuments(id => this.store.get(id) && this.withSessions(id));
    const storeSub = store.onDidChange(c => c.changed.forEach(id => this.documents.taskChanged(id)));
    const reg = (id: string, fn: (arg: unknown) => unknown) =>
      vscode.commands.registerCommand(id, async (arg: unknown) => {
        try {
          return await fn(arg);
        } catch (err) {
          const text = explain(err).text;
          this.log.error(`${id}: ${text}`);
          void vscode.window.showErrorMessage(text);
          return undefined;
        }
      });
    this.subscriptions.push(
      this.documents,
      { dispose: () => storeSub.dispose() },
      reg(COMMANDS.openTaskOnWeb, a => this.openOnWeb(a)),
      reg(COMMANDS.copyTaskId, a => this.copy(a, t => t.id)),
      reg(COMMANDS.copyTaskUrl, a => this.copy(a, t => t.html_url)),
      reg(COMMANDS.openPullRequest, a => this.openPullRequest(a)),
      reg(COMMANDS.checkoutHeadBranch, a => this.checkout(a)),
      reg(COMMANDS.showTaskDetails, a => this.showDetails(a)),
    );
  }

  private withSessions(id: string): Task {
    const t = this.store.get(id)!;
    const s = this.store.sessions(id);
    return s ? { ...t, sessions: s.sessions } : t;
  }

  private async pick(arg: unknown): Promise<Task | undefined> {
    const t = taskOf(arg);
    if (t) return this.store.get(t.id) ?? t;
    const all = new Map<string, Task>();
    for (const k of this.store.listKeys()) for (const x of this.store.list(k)) all.set(x.id, x);
    const picked = await vscode.window.showQuickPick(
      [...all.values()].map(x => ({ label: x.name || x.id, description: x.state, task: x })),
      { placeHolder: 'Choose a task' },
    );
    return picked?.task;
  }

  /** A5 carries url/html_url even where the user's list (A4) did not. */
  private async complete(task: Task): Promise<Task> {
    if (task.html_url) return task;
    await this.sync.loadDetails(task.id);
    return this.store.get(task.id) ?? task;
  }

  private async openOnWeb(arg: unknown): Promise<void> {
    const t = await this.pick(arg);
    if (!t) return;
    const full = await this.complete(t);
    if (!full.html_url) throw new Error('The service gives no web address for this task.');
    await vscode.env.openExternal(vscode.Uri.parse(full.html_url));
  }

  private async copy(arg: unknown, field: (t: Task) => string | undefined): Promise<void> {
    const t = await this.pick(arg);
    if (!t) return;
    const value = field(await this.complete(t));
    if (!value) throw new Error('The service gives no address for this task.');
    await vscode.env.clipboard.writeText(value);
    vscode.window.setStatusBarMessage(`Copied ${value}`, 3000);
  }

  private async openPullRequest(arg: unknown): Promise<void> {
    const t = await this.pick(arg);
    if (!t) return;
    const full = await this.complete(t);
    const artifact = artifactOf(arg) ?? pullRequests(full)[0];
    if (!artifact) throw new Error('This task has no pull request yet.');
    const url = pullRequestUrl(full, artifact, this.clients.describe().url);
    if (!url) throw new Error('The pull request\'s address cannot be worked out.');
    await vscode.env.openExternal(vscode.Uri.parse(url));
  }

  private async checkout(arg: unknown): Promise<void> {
    const t = await this.pick(arg);
    if (!t) return;
    if (!this.store.sessions(t.id)?.fresh) await this.sync.loadDetails(t.id);
    const sessions = this.store.sessions(t.id)?.sessions ?? [];
    const head = [...sessions].reverse().find(s => s.head_ref)?.head_ref;
    if (!head) throw new Error('This task has no head branch yet.');
    const repoOf = repoOfTask(this.store.get(t.id) ?? t);
    const local = this.repos.candidates().find(c => !repoOf || (c.owner.toLowerCase() === repoOf.owner.toLowerCase() && c.repo.toLowerCase() === repoOf.repo.toLowerCase()));
    if (!local?.git) throw new Error(`No local clone of ${repoOf ? `${repoOf.owner}/${repoOf.repo}` : 'the repository'} is open in this workspace.`);
    await vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title: `Checking out ${head}…` }, async () => {
      try {
        await local.git!.fetch(local.remote, head);
      } catch (err) {
        this.log.warn(`fetch ${head}: ${err instanceof Error ? err.message : String(err)}`);
      }
      await local.git!.checkout(head);
    });
    this.log.info(`checked out ${head}`);
  }

  private async showDetails(arg: unknown): Promise<void> {
    const t = await this.pick(arg);
    if (!t) return;
    const doc = await vscode.workspace.openTextDocument(this.documents.uriFor(t));
    await vscode.languages.setTextDocumentLanguage(doc, 'markdown');
    await vscode.window.showTextDocument(doc, { preview: true });
    if (!this.store.sessions(t.id)?.fresh) await this.sync.loadDetails(t.id).catch(() => undefined);
  }

  dispose(): void {
    for (const s of this.subscriptions) s.dispose();
  }
}
