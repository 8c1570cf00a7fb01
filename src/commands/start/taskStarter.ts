import * as vscode from 'vscode';
import type { ApiClient, Task } from '../../api';
import type { TokenStore } from '../../auth/tokenStore';
import type { Clients } from '../../clients';
import { explain, type Remedy } from '../../errors/userErrors';
import { COMMANDS } from '../../ids';
import type { Log } from '../../log';
import { listKeys, type RepoRef } from '../../model/taskSync';
import type { TaskViews } from '../../views/taskViews';
import type { DraftStore } from './draftStore';
import { rememberOptions } from './optionsPicker';
import type { RecentPrompts } from './promptSources';
import type { StartOptions } from './startOptions';

export interface StartRequest {
  repo: RepoRef;
  prompt: string;
  options: StartOptions;
}

export type StartResult = { ok: true; task: Task; recovered?: boolean } | { ok: false; problem: string; status?: number };

const REMEDY_ACTION: Partial<Record<Remedy, string>> = { setToken: 'Set Token…', openSettings: 'Open Settings', showLog: 'Show Log' };

/**
 * Sends A2 once (never retried by itself), shows progress, puts the new task in the tree at once, and on failure
 * keeps the prompt as a draft with Retry. When the answer is lost (timeout, reset), it looks for the task before
 * calling it a failure, so a retry never starts the same prompt twice.
 */
export class TaskStarter {
  /** The last outcome, for the test API. */
  last: StartResult | undefined;
  /** Starts under way, by repository and prompt: a second ask (Retry clicked twice) joins the first. */
  private readonly underWay = new Map<string, Promise<StartResult>>();

  constructor(
    private readonly clients: Clients,
    private readonly tokens: TokenStore,
    private readonly views: TaskViews,
    private readonly drafts: DraftStore,
    private readonly recent: RecentPrompts,
    private readonly globalState: vscode.Memento,
    private readonly log: Log,
  ) {}

  /** Starts a task, or joins the start of the same prompt on the same repository that is still under way. */
  start(req: StartRequest): Promise<StartResult> {
    const key = `${req.repo.owner.toLowerCase()}/${req.repo.repo.toLowerCase()}\n${req.prompt}`;
    const running = this.underWay.get(key);
    if (running) {
      this.log.info('a start of the same prompt is under way; not sending it again');
      return running;
    }
    const started = this.startOnce(req).finally(() => this.underWay.delete(key));
    this.underWay.set(key, started);
    return started;
  }

  private async startOnce(req: StartRequest): Promise<StartResult> {
    const label = `${req.repo.owner}/${req.repo.repo}`;
    await this.drafts.save({ prompt: req.prompt, options: req.options, repo: req.repo });
    const result = await vscode.window.withProgress(
      { location: vscode.ProgressLocation.Notification, title: `Starting a task on ${label}…` },
      () => this.send(req),
    );
    this.last = result;
    if (result.ok) await this.succeeded(req, result.task, result.recovered === true);
    else await this.failed(req, result.problem, result.status);
    return result;
  }

  private async send(req: StartRequest): Promise<StartResult> {
    const label = `${req.repo.owner}/${req.repo.repo}`;
    if (!(await this.tokens.has('fine_grained'))) {
      return { ok: false, problem: 'Starting a task needs a fine-grained token with the Agent tasks read and write permission. Set one first.', status: 401 };
    }
    let client: ApiClient;
    try {
      client = await this.clients.forKind('fine_grained');
    } catch (err) {
      return { ok: false, problem: explain(err).text };
    }
    const sentAt = Date.now();
    // Tasks already listed before the start are not the one it made, whatever their prompt.
    const known = new Set(this.views.store.list(listKeys.repo(req.repo)).map(t => t.id));
    const o = req.options;
    try {
      const task = await client.startTask({
        owner: req.repo.owner,
        repo: req.repo.repo,
        prompt: req.prompt,
        ...(o.model ? { model: o.model } : {}),
        create_pull_request: o.create_pull_request,
        ...(o.base_ref ? { base_ref: o.base_ref } : {}),
        ...(o.head_ref ? { head_ref: o.head_ref } : {}),
        ...(o.custom_agent ? { custom_agent: o.custom_agent } : {}),
      });
      this.log.info(`started task ${task.id} on ${label}`);
      return { ok: true, task };
    } catch (err) {
      const e = err as { status?: number; kind?: string };
      if (e.status === 0 && e.kind !== 'refused' && e.kind !== 'aborted') {
        const found = await this.findStarted(client, req, sentAt, known).catch(() => undefined);
        if (found) {
          this.log.info(`start answer lost, but task ${found.id} was found on ${label}`);
          return { ok: true, task: found, recovered: true };
        }
      }
      const text = explain(err, { starting: true, repo: label, tokenLabel: 'fine-grained token' }).text;
      this.log.warn(`start on ${label} failed: ${text}`);
      return { ok: false, problem: text, status: e.status };
    }
  }

  /**
   * A task of this repository, new since the request was sent, that carries the same prompt: in a session, or, while it
   * is still queued and has no session, in its name (the service names a task after its prompt's first line).
   */
  private async findStarted(client: ApiClient, req: StartRequest, sentAt: number, known: Set<string>): Promise<Task | undefined> {
    const { tasks } = await client.listTasksForRepo({ owner: req.repo.owner, repo: req.repo.repo, sort: 'created_at', direction: 'desc', per_page: 10 });
    const recent = tasks.filter(t => !known.has(t.id) && Date.parse(t.created_at) >= sentAt - 120_000).slice(0, 5);
    for (const t of recent) {
      const full = await client.getTaskForRepo({ owner: req.repo.owner, repo: req.repo.repo, task_id: t.id });
      const sessions = full.sessions ?? [];
      if (sessions.length ? sessions.some(s => s.prompt === req.prompt) : namedAfter(full.name, req.prompt)) return full;
    }
    return undefined;
  }

  private async succeeded(req: StartRequest, task: Task, recovered: boolean): Promise<void> {
    this.views.store.upsertTask(task, [listKeys.repo(req.repo), listKeys.mine()]);
    this.views.poller.markActive();
    void this.views.refresh();
    await this.drafts.clear();
    await this.recent.add(req.prompt);
    await rememberOptions(this.globalState, req.options);
    const text = `Task “${task.name || task.id}” ${recovered ? 'was started (found after the answer was lost)' : 'started'} on ${req.repo.owner}/${req.repo.repo}.`;
    void vscode.window.showInformationMessage(text, 'Reveal', ...(task.html_url ? ['Open on the Web'] : [])).then(choice => {
      if (choice === 'Reveal') void vscode.commands.executeCommand(COMMANDS.revealTask, task);
      else if (choice === 'Open on the Web') void vscode.commands.executeCommand(COMMANDS.openTaskOnWeb, task);
    });
  }

  private async failed(req: StartRequest, problem: string, status: number | undefined): Promise<void> {
    await this.drafts.save({ prompt: req.prompt, options: req.options, repo: req.repo, problem });
    const remedy = status === 401 || status === 403 ? 'Set Token…' : REMEDY_ACTION[explain({ status: status ?? -1, message: '' }).remedy];
    const actions = ['Retry', 'Edit Prompt', ...(remedy ? [remedy] : [])];
    void vscode.window.showErrorMessage(`${problem} Your prompt is kept.`, ...actions).then(choice => {
      if (choice === 'Retry') void vscode.commands.executeCommand(COMMANDS.retryFailedStart);
      else if (choice === 'Edit Prompt') void vscode.commands.executeCommand(COMMANDS.startTask);
      else if (choice === 'Set Token…') void vscode.commands.executeCommand(COMMANDS.setToken, 'fine_grained');
      else if (choice === 'Open Settings') void vscode.commands.executeCommand('workbench.action.openSettings', 'agentTasks');
      else if (choice === 'Show Log') void vscode.commands.executeCommand(COMMANDS.showLog);
    });
  }
}

/** Whether a task name is its prompt's first line, whole or cut short with an ellipsis. */
export function namedAfter(name: string | undefined, prompt: string): boolean {
  const first = prompt.trim().split(/\r?\n/, 1)[0].trim();
  const n = (name ?? '').trim();
  if (!n || !first) return false;
  if (n === first) return true;
  const cut = n.replace(/(…|\.\.\.)$/, '');
  return cut !== n && cut.length >= 8 && first.startsWith(cut);
}
