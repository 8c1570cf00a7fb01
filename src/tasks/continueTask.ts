import type * as vscode from 'vscode';
import type { RepoRef, Task } from '../api';
import { explain } from '../errors/userErrors';
import { continuationOf, type ContinuationRefs } from '../model/continuation';
import { namedLike, nextRound, roundLine } from '../model/roundNumbers';
import type { TaskModel } from '../model/taskModel';
import { forMessage } from '../safety/serviceText';
import { repoOfTask } from '../model/taskLinks';
import { initialOptions } from './start/optionsPicker';
import type { StartOptions } from './start/startOptions';
import type { StartResult, TaskStarter } from './taskStarter';
import * as l10n from '@vscode/l10n';

/** What a continuation needs before a prompt is asked for: the task read whole, its branches and its repository. */
export type Continuable =
  { ok: true; task: Task; refs: ContinuationRefs; repo: RepoRef } | { ok: false; problem: string; status?: number };

/** The options a caller may choose; the branches are the task's own and cannot be. */
export type ContinueOptions = Partial<Omit<StartOptions, 'head_ref' | 'base_ref'>>;

type Model = Pick<TaskModel, 'task' | 'loadDetails' | 'store' | 'pictures'>;

/**
 * Continuing a task: a new start with `head_ref` = the branch the task's agent worked on and `base_ref` = its base,
 * so the agent commits to that branch (or its pull request) instead of opening a new one. The one code path for
 * Continue Task… (tree, task page, palette) and for any other caller such as a chat tool.
 */
export class TaskContinuer {
  constructor(
    private readonly model: Model,
    private readonly starter: Pick<TaskStarter, 'start'>,
    private readonly globalState: vscode.Memento,
  ) {}

  /**
   * Reads the task with its sessions when they are not known fresh (a task from a list has none), and finds the
   * branches and the repository to continue on. Makes at most one request; starts nothing.
   */
  async prepare(task: Pick<Task, 'id'> & Partial<Task>): Promise<Continuable> {
    if (!this.model.store.sessions(task.id)?.fresh || !this.model.task(task.id)?.url) {
      try {
        await this.model.loadDetails(task.id);
      } catch (err) {
        const e = explain(err);
        return { ok: false, problem: l10n.t('The task could not be read: {0}', e.text), ...statusOf(e.status) };
      }
    }
    const full = this.model.task(task.id) ?? (task as Task);
    const name = `“${forMessage(full.name || full.id, 120)}”`;
    const refs = continuationOf(full);
    if (!refs) {
      const problem = (full.sessions ?? []).length
        ? l10n.t('{0} cannot be continued: none of its sessions names a branch to work on.', name)
        : l10n.t(
            "{0} has no branch to continue yet: the agent names its branch when the task's first session starts. Continue it once it is running.",
            name,
          );
      return { ok: false, problem };
    }
    const repo = repoOfTask(full);
    if (!repo) return { ok: false, problem: l10n.t('The service did not say which repository {0} belongs to.', name) };
    return { ok: true, task: full, refs, repo };
  }

  /**
   * Starts a task that continues `task` with `prompt`, through the task starter: the new task is shown at once and
   * remembered as continuing `task`; a failed start keeps the prompt (with the branches) as a draft, and Retry sends
   * it again. `options` chooses the model, the pull request and the custom agent; remembered choices otherwise.
   */
  async continueTask(
    task: Pick<Task, 'id'> & Partial<Task>,
    prompt: string,
    options: ContinueOptions = {},
  ): Promise<StartResult> {
    if (!prompt.trim()) return { ok: false, problem: l10n.t('The prompt is empty.') };
    const ready = await this.prepare(task);
    if (!ready.ok) return ready;
    return this.startPrepared(ready, prompt, options);
  }

  /**
   * The prompt as it is sent: what the user wrote, after a first line that tells the round apart when that prompt
   * would give the new task the name of an earlier round of the work (the service names a task from its first
   * line): `Round 3 of “first task”: <their first line>`. What they wrote follows unchanged.
   */
  promptToSend(ready: Continuable & { ok: true }, prompt: string): string {
    const task = ready.task;
    const round = this.model.pictures.round(task.id);
    const names = [task.name || task.id, ...(round ? [round.first.name] : [])];
    for (const id of round?.ids ?? []) names.push(this.model.task(id)?.name ?? '');
    if (!namedLike(prompt, names)) return prompt;
    const next = nextRound({ id: task.id, name: task.name }, round);
    const first = prompt.trim().split(/\r?\n/, 1)[0] ?? '';
    return `${roundLine(next.n, next.firstName, first)}\n\n${prompt}`;
  }

  /** `continueTask` once `prepare` has succeeded (the command asks for the prompt in between). */
  startPrepared(
    ready: Continuable & { ok: true },
    prompt: string,
    options: ContinueOptions = {},
  ): Promise<StartResult> {
    const { head_ref, base_ref } = ready.refs;
    const defaults = initialOptions(this.globalState, base_ref);
    return this.starter.start({
      repo: ready.repo,
      prompt: this.promptToSend(ready, prompt),
      options: { ...defaults, ...options, head_ref, base_ref },
      continues: { id: ready.task.id, name: ready.task.name || ready.task.id },
    });
  }
}

const statusOf = (status: number | undefined) => (status === undefined ? {} : { status });
