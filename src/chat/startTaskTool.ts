// Starts a task in the workspace's repository from chat, always after the user confirmed what is sent: the
// repository, the prompt and every option, shown as text. The start goes through the same TaskStarter as the
// commands: the task appears in the views and the status bar, its end is notified, and a failed start keeps its
// prompt as a draft with Retry.
import * as vscode from 'vscode';
import type { Task } from '../api';
import type { HandoffResult } from '../changes/handoff/handoffCommand';
import { COMMANDS } from '../ids';
import { repoLabel } from '../model/remotes';
import { refusal } from './refusals';
import {
  CONFIRM_TITLE,
  confirmationMarkdown,
  invocationMarkdown,
  PreparedStarts,
  type Planned,
  type StartPlan,
} from './startPlan';
import { blocker, textResult, type ChatToolDeps } from './toolEnv';
import { parseStart, type StartInput } from './toolInput';
import { plain, quote, safeAddress } from './taskText';
import { attemptModels } from '../tasks/start/startOptions';
import type { SetStartResult } from '../tasks/attemptStarter';

/** Markdown that runs nothing: not trusted, no HTML, no theme icons (values in it are escaped by startPlan.ts). */
function markdown(source: string): vscode.MarkdownString {
  const md = new vscode.MarkdownString(source, false);
  md.isTrusted = false;
  md.supportHtml = false;
  return md;
}

export class StartTaskTool implements vscode.LanguageModelTool<StartInput> {
  private readonly prepared = new PreparedStarts();

  constructor(private readonly d: ChatToolDeps) {}

  async prepareInvocation(
    options: vscode.LanguageModelToolInvocationPrepareOptions<StartInput>,
    _token: vscode.CancellationToken,
  ): Promise<vscode.PreparedToolInvocation> {
    const planned = await this.plan(options.input);
    this.prepared.put(options.input, planned);
    // Nothing will be sent (a refusal): no question to ask, the answer says what is missing.
    if (!planned.ok) return { invocationMessage: vscode.l10n.t('Checking what Agent Tasks needs to start a task') };
    return {
      invocationMessage: markdown(invocationMarkdown(planned.plan)),
      confirmationMessages: { title: CONFIRM_TITLE, message: markdown(confirmationMarkdown(planned.plan)) },
    };
  }

  async invoke(
    options: vscode.LanguageModelToolInvocationOptions<StartInput>,
    _token: vscode.CancellationToken,
  ): Promise<vscode.LanguageModelToolResult> {
    const prepared = this.prepared.take(options.input);
    if (!prepared) {
      // VS Code prepares every invocation first; without that, nothing was confirmed and nothing is sent.
      const now = await this.plan(options.input);
      return textResult(
        now.ok ? 'Nothing was started: the start was not confirmed by the user. Ask again to confirm it.' : now.text,
      );
    }
    if (!prepared.ok) return textResult(prepared.text);
    if (!this.d.enabled()) return textResult(refusal({ kind: 'off' }));
    const plan = prepared.plan;
    this.d.log.info(`starting a task on ${repoLabel(plan.repo)} from chat`);
    // A continuation is remembered as one, so the views and the task page say which task the new one continues.
    const continues = plan.continues && {
      id: plan.continues.taskId,
      name: plan.continues.name || plan.continues.taskId,
    };
    if (plan.withMyChanges) return textResult(await this.handOff(plan));
    const models = attemptModels(plan.options);
    if (models && this.d.attempts) return textResult(setText(await this.d.attempts.start(plan, models), plan));
    const result = await this.d.starter.start({
      repo: plan.repo,
      prompt: plan.prompt,
      options: plan.options,
      continues,
    });
    if (!result.ok)
      return textResult(
        `The task was not started: ${result.problem} The prompt is kept as a draft in the Repository view, ` +
          'where Retry sends it again.',
      );
    const fb = plan.feedback;
    if (fb) await this.d.review?.markSent(fb.taskId, fb.ids, { taskId: result.task.id, name: result.task.name });
    return textResult(startedText(result.task, plan, this.d.service().url, result.recovered === true));
  }

  /** Start Task with My Changes…, which shows the files and the branches and asks once more before it pushes. */
  private async handOff(plan: StartPlan): Promise<string> {
    const { model, create_pull_request, custom_agent } = plan.options;
    const models = attemptModels(plan.options);
    const r = await vscode.commands.executeCommand<HandoffResult | undefined>(COMMANDS.startTaskWithChanges, {
      prompt: plan.prompt,
      options: { model, create_pull_request, custom_agent, ...(models ? { attempts: models.length, models } : {}) },
    });
    if (!r) return 'Nothing was started: the user did not confirm handing off the changes.';
    if ('attempts' in r)
      return `Your changes were pushed to branch ${plain(r.branch)}; each attempt starts from it. ${setText(r, plan)}`;
    if (r.ok)
      return startedText(
        r.task,
        { ...plan, options: { ...plan.options, head_ref: r.branch } },
        this.d.service().url,
        r.recovered === true,
      );
    return r.pushed
      ? `The changes were pushed to branch ${plain(r.branch)}, but the task was not started: ${r.problem} ` +
          'The prompt is kept as a draft in the Repository view, where Retry sends it again.'
      : `Nothing was started: ${r.problem}`;
  }

  private async plan(input: unknown): Promise<Planned> {
    const b = await blocker(this.d, 'needed');
    if (b) return { ok: false, text: refusal(b) };
    const parsed = parseStart(input);
    // eslint-disable-next-line l10n/no-bare-user-text -- a tool result, read by the language model
    if (!parsed.ok) return { ok: false, text: `Nothing was started: ${parsed.problem}` };
    const i = parsed.value;
    const repo = this.d.model.repo();
    if (!repo)
      return { ok: false, text: refusal({ kind: 'noRepo', repoState: this.d.model.repoState, canListMine: false }) };
    const defaults = this.d.defaults();
    const plan: StartPlan = {
      repo: { owner: repo.owner, repo: repo.repo },
      prompt: i.prompt,
      options: {
        model: i.model ?? defaults.model,
        create_pull_request: i.createPullRequest ?? defaults.createPullRequest,
        base_ref: i.baseRef ?? '',
        head_ref: '',
        custom_agent: i.customAgent ?? '',
        ...(i.attempts
          ? {
              attempts: i.attempts,
              models: Array.from({ length: i.attempts }, (_, k) => i.models?.[k] ?? i.model ?? defaults.model),
            }
          : {}),
      },
      ...(i.withMyChanges ? { withMyChanges: true } : {}),
    };
    const kept = {
      ...(i.model === undefined && defaults.remembered?.model ? { model: true } : {}),
      ...(i.createPullRequest === undefined && defaults.remembered?.createPullRequest
        ? { create_pull_request: true }
        : {}),
    };
    if (Object.keys(kept).length) plan.remembered = kept;
    if (!i.continueTaskId) return { ok: true, plan };
    const planned = await this.continuing(plan, i.continueTaskId, i.baseRef);
    return planned.ok && i.sendReviewComments ? this.withFeedback(planned.plan) : planned;
  }

  /** The continued task's unsent review comments after the prompt, as Send Feedback to Agent… writes them. */
  private async withFeedback(plan: StartPlan): Promise<Planned> {
    const taskId = plan.continues!.taskId;
    const fb = await this.d.review?.compose(taskId);
    if (!fb)
      return {
        ok: false,
        // eslint-disable-next-line l10n/no-bare-user-text -- a tool result, read by the language model
        text: `Nothing was started: task ${plain(taskId)} has no review comments waiting to be sent.`,
      };
    const prompt = `${plan.prompt.trim()}\n\n${fb.text}`;
    const feedback = { taskId, ids: fb.ids, moved: fb.moved, ...(fb.files ? { files: fb.files } : {}) };
    return { ok: true, plan: { ...plan, prompt, feedback } };
  }

  /**
   * The plan on the branch of an earlier task of the same repository: read and checked by the same TaskContinuer as
   * Continue Task…, so chat and the command continue a task the same way.
   */
  private async continuing(plan: StartPlan, taskId: string, baseRef: string | undefined): Promise<Planned> {
    const label = plain(repoLabel(plan.repo));
    const ready = await this.d.continuer.prepare({ id: taskId });
    if (!ready.ok)
      return {
        ok: false,
        text:
          ready.status === 404
            ? // eslint-disable-next-line l10n/no-bare-user-text -- a tool result, read by the language model
              `Nothing was started: task ${plain(taskId)} was not found in ${label}.`
            : // eslint-disable-next-line l10n/no-bare-user-text -- a tool result, read by the language model
              `Nothing was started: ${plain(ready.problem, 1000)}`,
      };
    const { refs, task } = ready;
    const name = quote(task.name || task.id);
    if (repoLabel(ready.repo).toLowerCase() !== repoLabel(plan.repo).toLowerCase())
      // eslint-disable-next-line l10n/no-bare-user-text -- a tool result, read by the language model
      return { ok: false, text: `Nothing was started: task ${plain(taskId)} was not found in ${label}.` };
    if (baseRef !== undefined && baseRef !== refs.base_ref)
      return {
        ok: false,
        text:
          // eslint-disable-next-line l10n/no-bare-user-text -- a tool result, read by the language model
          `Nothing was started: task ${name} works on branch ${plain(refs.head_ref)} onto ${plain(refs.base_ref)}, ` +
          `and a continuation keeps that base. Leave “baseRef” out, or start a new task on ${plain(baseRef)}.`,
      };
    return {
      ok: true,
      plan: {
        ...plan,
        options: { ...plan.options, head_ref: refs.head_ref, base_ref: refs.base_ref },
        continues: { taskId: task.id, name: task.name },
      },
    };
  }
}

function startedText(task: Task, plan: StartPlan, serviceUrl: string, recovered: boolean): string {
  const page = safeAddress(task.html_url, serviceUrl);
  return [
    `Started task ${quote(task.name || task.id)} on ${plain(repoLabel(plan.repo))}` +
      (recovered ? ' (the answer was lost, but the task was found on the service)' : '') +
      `: id ${plain(task.id)}, state ${plain(task.state, 40)}.`,
    plan.options.head_ref ? `The agent works on branch ${plain(plan.options.head_ref)}.` : '',
    'It shows in the Agent Tasks views, and the user is notified when it finishes.',
    page ? `Web page: ${page}` : '',
  ]
    .filter(Boolean)
    .join(' ');
}

/** What the language model is told of a set's start: each attempt, its model and its task or why it did not start. */
function setText(r: SetStartResult, plan: StartPlan): string {
  const n = r.started.length + r.failed.length;
  // A tool result, read by the language model: not shown to the user, so not translated.
  const started = r.started.map(a => ({ index: a.index, said: `model ${plain(a.model)}, task id ${plain(a.taskId)}` }));
  const failed = r.failed.map(a => ({
    index: a.index,
    said: `model ${plain(a.model)}, not started: ${plain(a.problem, 300)}`,
  }));
  const each = [...started, ...failed]
    .sort((a, b) => a.index - b.index)
    .map(a => `attempt ${a.index + 1} of ${n}: ${a.said}`);
  const name = quote(plan.prompt.trim().split(/\r?\n/, 1)[0]);
  const head = r.ok
    ? `Started ${n} attempts of ${name} on ${plain(repoLabel(plan.repo))} as one set, each a task on its own branch.`
    : r.started.length
      ? `Only ${r.started.length} of ${n} attempts started; the user was offered Retry for the rest ` +
        '(nothing is started twice).'
      : `No attempt was started${r.problem ? `: ${plain(r.problem, 300)}` : '.'} The prompt is kept as a draft ` +
        'in the Repository view, where Retry starts the attempts.';
  return [
    head,
    ...each,
    'They show in the Agent Tasks views as one set; the user is notified when all have finished.',
  ].join('\n');
}
