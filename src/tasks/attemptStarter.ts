// Starts a set of attempts: one prompt started two to four times on one repository, a model each, with the same base
// and options, each attempt an ordinary task on a new branch of its own (no head_ref: several agents committing to one
// branch would tread on each other). The set is written down (AttemptSets) before the first start; the attempts
// start one after another through TaskStarter (its lost-answer recovery included), each noted started or failed. A
// partial failure says which started and offers Retry, which starts only the attempts still without a task: nothing
// is started twice. Until every attempt has started, the prompt stays kept as a draft that retries this same set.
import * as vscode from 'vscode';
import type { RepoRef } from '../api';
import type { Log } from '../log';
import type { AttemptSet, AttemptSets } from '../model/attemptSets';
import { repoLabel } from '../model/remotes';
import { UnderWay } from '../model/underWay';
import { forMessage } from '../safety/serviceText';
import { tell, type Ui } from '../ui';
import type { DraftStore } from './draftStore';
import type { RecentPrompts } from './start/promptSources';
import type { StartOptions } from './start/startOptions';
import type { StartRequest, TaskStarter } from './taskStarter';

/** How the start of a set went: every attempt started (`ok`), or which did and which did not. */
export interface SetStartResult {
  ok: boolean;
  setId: string;
  /** 0-based attempt, its model and its task. */
  started: Array<{ index: number; model: string; taskId: string }>;
  failed: Array<{ index: number; model: string; problem: string }>;
  /** Why it failed, when something did. */
  problem?: string;
}

export class AttemptStarter {
  private readonly running = new UnderWay<SetStartResult>();

  constructor(
    private readonly starter: Pick<TaskStarter, 'startAttempt'>,
    private readonly sets: AttemptSets,
    private readonly drafts: DraftStore,
    private readonly recent: Pick<RecentPrompts, 'add'>,
    private readonly ui: Ui,
    private readonly log: Log,
  ) {}

  /** Writes a new set down (every attempt planned), then starts its attempts. */
  async start(req: Omit<StartRequest, 'continues'>, models: readonly string[]): Promise<SetStartResult> {
    const o = req.options;
    const set = await this.sets.create(
      {
        repo: repoLabel(req.repo),
        prompt: req.prompt,
        base_ref: o.base_ref,
        head_ref: '',
        create_pull_request: o.create_pull_request,
        custom_agent: o.custom_agent,
      },
      models,
    );
    this.log.info(`set ${set.id}: ${models.length} attempts on ${repoLabel(req.repo)}`);
    return this.retry(set.id);
  }

  /** Starts the attempts of the set that have no task yet; a second ask while it runs joins the first. */
  retry(setId: string): Promise<SetStartResult> {
    return this.running.join(setId, () => this.run(setId));
  }

  private async run(setId: string): Promise<SetStartResult> {
    const set = this.sets.get(setId);
    if (!set) {
      const problem = vscode.l10n.t('This set of attempts is no longer kept in this workspace.');
      return { ok: false, setId, started: [], failed: [], problem };
    }
    const [owner, name] = set.start.repo.split('/');
    const repo: RepoRef = { owner, repo: name };
    const options = optionsOf(set);
    const prompt = set.start.prompt;
    // Kept until every attempt has started: a window closed half way still has the prompt, and its Retry this set.
    await this.drafts.save({ prompt, options, repo, attemptSet: setId });
    const pending = this.sets.pending(setId);
    const where = forMessage(set.start.repo);
    await vscode.window.withProgress(
      {
        location: vscode.ProgressLocation.Window,
        title: vscode.l10n.t('Starting {0} attempts on {1}…', pending.length, where),
      },
      async () => {
        for (const i of pending) {
          const model = set.attempts[i].model;
          const req = { repo, prompt, options: { ...options, model } };
          const sent = await this.starter.startAttempt(req, `${setId}\n${i}`);
          if (sent.ok) await this.sets.noteStarted(setId, i, sent.task.id);
          else await this.sets.noteFailed(setId, i, sent.error.text);
        }
      },
    );
    return this.report(setId, repo);
  }

  /** Says how it went; keeps or clears the draft. */
  private async report(setId: string, repo: RepoRef): Promise<SetStartResult> {
    const set = this.sets.get(setId)!;
    const started = set.attempts.flatMap((a, index) =>
      a.taskId !== undefined ? [{ index, model: a.model, taskId: a.taskId }] : [],
    );
    const failed = set.attempts.flatMap((a, index) =>
      a.taskId === undefined ? [{ index, model: a.model, problem: a.failure ?? '' }] : [],
    );
    const n = set.attempts.length;
    const name = forMessage(set.name, 120);
    const where = forMessage(repoLabel(repo));
    if (failed.length === 0) {
      await this.drafts.clear();
      await this.recent.add(set.start.prompt);
      this.ui.status(vscode.l10n.t('{0} attempts of “{1}” started on {2}.', n, name, where));
      return { ok: true, setId, started, failed };
    }
    const problem = failed[0].problem;
    await this.drafts.save({
      prompt: set.start.prompt,
      repo,
      options: optionsOf(set),
      attemptSet: setId,
      problem,
    });
    const numbers = (list: Array<{ index: number }>) => list.map(a => String(a.index + 1)).join(', ');
    const text =
      started.length === 0
        ? vscode.l10n.t('No attempt of “{0}” started on {1}: {2} Your prompt is kept.', name, where, problem)
        : vscode.l10n.t(
            'Attempts {0} of {1} of “{2}” started on {3}; attempts {4} did not: {5}',
            numbers(started),
            n,
            name,
            where,
            numbers(failed),
            problem,
          );
    this.log.warn(`set ${setId}: ${failed.length} of ${n} attempts did not start`);
    tell(this.ui, 'error', text, [
      {
        title: vscode.l10n.t('Retry'),
        run: () => this.retry(setId),
      },
    ]);
    return { ok: false, setId, started, failed, problem };
  }
}

/** What every attempt of the set is started with (its model aside), as a draft keeps it. */
function optionsOf(set: AttemptSet): StartOptions {
  return {
    model: '',
    create_pull_request: set.start.create_pull_request,
    base_ref: set.start.base_ref,
    head_ref: '',
    custom_agent: set.start.custom_agent,
    attempts: set.attempts.length,
    models: set.attempts.map(a => a.model),
  };
}
