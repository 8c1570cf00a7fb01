import * as vscode from 'vscode';
import type { ApiClient, RepoRef, Task } from '../api';
import type { TokenStore } from '../auth/tokenStore';
import { readFailure } from '../errors/failure';
import { explain, type UserError } from '../errors/userErrors';
import { COMMANDS } from '../ids';
import type { Log } from '../log';
import type { ContinuationLinks, ContinuedTask } from '../model/continuationLinks';
import { repoLabel } from '../model/remotes';
import type { TaskModel } from '../model/taskModel';
import { UnderWay } from '../model/underWay';
import { forMessage, plainName } from '../safety/serviceText';
import type { Clients } from '../service/clients';
import { tell, type Ui } from '../ui';
import { wayOut } from '../shared/registry';
import type { DraftStore } from './draftStore';
import { rememberOptions } from './start/optionsPicker';
import type { RecentPrompts } from './start/promptSources';
import type { StartOptions } from './start/startOptions';
import type { RemoteBranches } from './remoteBranches';

export interface StartRequest {
  repo: RepoRef;
  prompt: string;
  options: StartOptions;
  /** The task this start continues (its head and base are in `options`): remembered once the start succeeds. */
  continues?: ContinuedTask;
}

export type StartResult =
  { ok: true; task: Task; recovered?: boolean } | { ok: false; problem: string; status?: number };

export type Sent = { ok: true; task: Task; recovered?: boolean } | { ok: false; error: UserError };

/**
 * Sends the start once (never retried by itself), shows progress, puts the new task in the tree at once, and on failure
 * keeps the prompt as a draft with Retry. When the answer is lost (timeout, reset), it looks for the task before
 * calling it a failure, so a retry never starts the same prompt twice.
 */
export class TaskStarter {
  /** Starts under way, by repository and prompt: a second ask (Retry clicked twice) joins the first. */
  private readonly underWay = new UnderWay<StartResult>();
  /** Attempts of sets under way, by set and attempt. */
  private readonly attemptsUnderWay = new UnderWay<Sent>();

  constructor(
    private readonly clients: Clients,
    private readonly tokens: TokenStore,
    private readonly model: TaskModel,
    private readonly drafts: DraftStore,
    private readonly recent: RecentPrompts,
    private readonly globalState: vscode.Memento,
    private readonly ui: Ui,
    private readonly log: Log,
    private readonly links?: Pick<ContinuationLinks, 'remember'>,
    /** Says when the remote has no branch of the start's base (asked of the user's git; unknown: no problem). */
    private readonly bases?: Pick<RemoteBranches, 'baseProblem'>,
  ) {}

  /**
   * Starts one attempt of a set (src/tasks/attemptStarter.ts): the same send, and the same search for a task whose
   * answer was lost, as a start; under its own key (the set and the attempt), so two attempts of one prompt are never
   * joined as one start, while a second ask for the same attempt joins the first. Keeps no draft and tells nothing:
   * the set's start says how all of them went.
   */
  startAttempt(req: StartRequest, key: string): Promise<Sent> {
    return this.attemptsUnderWay.join(key, async () => {
      const sent = await this.send(req);
      if (sent.ok) this.model.started(sent.task, req.repo);
      return sent;
    });
  }

  /** Starts a task, or joins the start of the same prompt on the same repository that is still under way. */
  start(req: StartRequest): Promise<StartResult> {
    const key = `${repoLabel(req.repo).toLowerCase()}\n${req.prompt}`;
    if (this.underWay.has(key)) this.log.info('a start of the same prompt is under way; not sending it again');
    return this.underWay.join(key, () => this.startOnce(req));
  }

  private async startOnce(req: StartRequest): Promise<StartResult> {
    await this.drafts.save(draftOf(req));
    const sent = await vscode.window.withProgress(
      {
        // In the status bar: a start is quick, and a notification would outlive it.
        location: vscode.ProgressLocation.Window,
        title: vscode.l10n.t('Starting a task on {0}…', forMessage(repoLabel(req.repo))),
      },
      () => this.send(req),
    );
    if (sent.ok) {
      await this.succeeded(req, sent.task, sent.recovered === true);
      return sent;
    }
    await this.failed(req, sent.error);
    return {
      ok: false,
      problem: sent.error.text,
      ...(sent.error.status !== undefined ? { status: sent.error.status } : {}),
    };
  }

  private async send(req: StartRequest): Promise<Sent> {
    const label = repoLabel(req.repo);
    if (!(await this.tokens.has('fine_grained'))) {
      const text = vscode.l10n.t(
        'Starting a task needs a fine-grained token with the Agent tasks read and write permission. Set one first.',
      );
      return { ok: false, error: { text, remedy: 'setToken', tokenKind: 'fine_grained', status: 401 } };
    }
    // A base the remote does not have is caught here, before the service starts a task that cannot work.
    const o = req.options;
    const baseProblem = o.base_ref ? await this.bases?.baseProblem(req.repo, o.base_ref) : undefined;
    if (baseProblem) return { ok: false, error: { text: baseProblem, remedy: 'none' } };
    let client: ApiClient;
    try {
      client = await this.clients.forKind('fine_grained');
    } catch (err) {
      return { ok: false, error: explain(err) };
    }
    const sentAt = Date.now();
    // Tasks already listed before the start are not the one it made, whatever their prompt.
    const known = this.model.knownIds(req.repo);
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
      const f = readFailure(err);
      if (f?.status === 0 && f.kind !== 'refused' && f.kind !== 'aborted') {
        const found = await this.findStarted(client, req, sentAt, known).catch(() => undefined);
        if (found) {
          this.log.info(`start answer lost, but task ${found.id} was found on ${label}`);
          return { ok: true, task: found, recovered: true };
        }
      }
      const error = explain(err, { starting: true, repo: label, tokenLabel: vscode.l10n.t('fine-grained token') });
      this.log.warn(`start on ${label} failed: ${error.text}`);
      return { ok: false, error };
    }
  }

  /**
   * A task of this repository, new since the request was sent, that carries the same prompt: in a session, or, while it
   * is still queued and has no session, in its name (the service names a task after its prompt's first line).
   */
  private async findStarted(
    client: ApiClient,
    req: StartRequest,
    sentAt: number,
    known: Set<string>,
  ): Promise<Task | undefined> {
    const { tasks } = await client.listRepositoryTasks({
      owner: req.repo.owner,
      repo: req.repo.repo,
      sort: 'created_at',
      direction: 'desc',
      per_page: 10,
    });
    const recent = tasks.filter(t => !known.has(t.id) && Date.parse(t.created_at) >= sentAt - 120_000).slice(0, 5);
    for (const t of recent) {
      const full = await client.getRepositoryTask({ owner: req.repo.owner, repo: req.repo.repo, task_id: t.id });
      const sessions = full.sessions ?? [];
      if (sessions.length ? sessions.some(s => s.prompt === req.prompt) : namedAfter(full.name, req.prompt))
        return full;
    }
    return undefined;
  }

  private async succeeded(req: StartRequest, task: Task, recovered: boolean): Promise<void> {
    // Before the task is shown, so that it is drawn as continuing from the first.
    if (req.continues) await this.links?.remember(task.id, req.continues);
    this.model.started(task, req.repo);
    await this.drafts.clear();
    await this.recent.add(req.prompt);
    await rememberOptions(this.globalState, req.options);
    const name = forMessage(plainName(task.name) || task.id, 200);
    const repo = forMessage(repoLabel(req.repo));
    const before = req.continues ? forMessage(plainName(req.continues.name), 120) : undefined;
    // The new row in the views says it too: a passing word in the status bar, no notification to pile up.
    this.ui.status(
      recovered
        ? before === undefined
          ? vscode.l10n.t('Task “{0}” was started on {1} (found after the answer was lost).', name, repo)
          : vscode.l10n.t(
              'Task “{0}” was started on {1}, continuing “{2}” (found after the answer was lost).',
              name,
              repo,
              before,
            )
        : before === undefined
          ? vscode.l10n.t('Task “{0}” started on {1}.', name, repo)
          : vscode.l10n.t('Task “{0}” started on {1}, continuing “{2}”.', name, repo, before),
    );
  }

  private async failed(req: StartRequest, error: UserError): Promise<void> {
    await this.drafts.save({ ...draftOf(req), problem: error.text });
    tell(this.ui, 'error', vscode.l10n.t('{0} Your prompt is kept.', error.text), [
      { title: vscode.l10n.t('Retry'), run: () => vscode.commands.executeCommand(COMMANDS.retryFailedStart) },
      { title: vscode.l10n.t('Edit Prompt'), run: () => vscode.commands.executeCommand(COMMANDS.startTask) },
      ...wayOut(error),
    ]);
  }
}

function draftOf(req: StartRequest) {
  return {
    prompt: req.prompt,
    options: req.options,
    repo: req.repo,
    ...(req.continues ? { continues: req.continues } : {}),
  };
}

/** Whether a task name is its prompt's first line, whole or cut short with an ellipsis. */
export function namedAfter(name: string | undefined, prompt: string): boolean {
  const first = prompt.trim().split(/\r?\n/, 1)[0].trim();
  const n = (name ?? '').trim();
  if (!n || !first) return false;
  if (n === first) return true;
  // The ellipsis escaped: one character beyond Latin-1 makes V8 keep the whole bundle's source two bytes a character.
  const cut = n.replace(/(\u2026|\.\.\.)$/, '');
  return cut !== n && cut.length >= 8 && first.startsWith(cut);
}
