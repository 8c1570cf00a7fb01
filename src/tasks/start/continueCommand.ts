import * as vscode from 'vscode';
import type { Task } from '../../api';
import { COMMANDS } from '../../ids';
import { DisposableBase } from '../../lifecycle';
import type { TaskModel } from '../../model/taskModel';
import { forMessage, forQuickPick } from '../../safety/serviceText';
import type { Ui } from '../../ui';
import { stateLabel } from '../../shared/stateStyle';
import type { CommandRegistry } from '../../shared/registry';
import { taskOf } from '../../shared/taskArgs';
import type { Continuable, ContinueOptions, TaskContinuer } from '../continueTask';
import { withInstruction } from './frontMatter';
import { promptFromSelection } from './promptSources';
import type { StartResult } from '../taskStarter';
import type { DraftStore } from '../draftStore';
import { confirmContinuation, type SentComments } from './continueConfirm';
import { initialOptions, rememberedChoices } from './optionsPicker';
import { findCustomAgents } from './promptSources';

/** Arguments from code (tests, other commands); the tree and the task page pass the task alone. */
export interface ContinueArgs {
  task?: Task;
  prompt?: string;
  /** The options shown at first (the remembered choices otherwise); the user confirms them before anything starts. */
  options?: ContinueOptions;
  /** The review comments the prompt carries (Send to Agent), said in the confirmation. */
  comments?: SentComments;
}

/**
 * Continue Task…: on a task of the tree or the task page, or one chosen from the palette. Asks for the next prompt
 * (the editor's selection, when there is one, goes with it), shows what will be sent with the options, and starts
 * the continuation once Send is picked. A prompt given by code (Send to Agent's) is shown and confirmed alike.
 */
export class ContinueCommand extends DisposableBase {
  constructor(
    private readonly continuer: TaskContinuer,
    private readonly model: Pick<TaskModel, 'store'>,
    private readonly ui: Ui,
    commands: CommandRegistry,
    /** Where Start Task keeps its remembered choices: a continuation shows and keeps the same. */
    private readonly globalState: vscode.Memento,
    /** Where a typed prompt is kept when its confirmation is closed, as Start Task keeps one. */
    private readonly drafts?: Pick<DraftStore, 'save'>,
  ) {
    super();
    this.register(commands.register({ [COMMANDS.continueTask]: (a?: unknown) => this.run(a) }));
  }

  async run(arg: unknown): Promise<StartResult | undefined> {
    const given = taskOf(arg);
    const task = given ?? (await this.pick());
    if (!task) return undefined;
    const ready = await this.continuer.prepare(task);
    if (!ready.ok) {
      void this.ui.notify('warning', ready.problem);
      return ready;
    }
    const typed = (arg as ContinueArgs | undefined)?.prompt;
    const prompt = typeof typed === 'string' ? typed : await this.askPrompt(ready.task, ready.refs.head_ref);
    if (prompt === undefined) return undefined;
    const a = arg as ContinueArgs | undefined;
    const chosen = a?.options && typeof a.options === 'object' ? a.options : {};
    const options = await this.confirm(ready, prompt, chosen, a?.comments);
    if (!options) {
      // A prompt typed here is kept (Retry in the Repository view sends it); one given by code stays with its caller.
      if (typeof typed !== 'string' && prompt.trim()) await this.keep(ready, prompt, chosen);
      return undefined;
    }
    return this.continuer.startPrepared(ready, prompt, options);
  }

  private async keep(ready: Continuable & { ok: true }, prompt: string, chosen: ContinueOptions): Promise<void> {
    const { head_ref, base_ref } = ready.refs;
    await this.drafts?.save({
      prompt,
      repo: ready.repo,
      continues: { id: ready.task.id, name: ready.task.name || ready.task.id },
      options: { ...initialOptions(this.globalState, base_ref), ...chosen, head_ref, base_ref },
    });
  }

  /** What will be sent and the options, until Send is picked; undefined when dismissed. */
  private confirm(
    ready: Continuable & { ok: true },
    prompt: string,
    given: ContinueOptions,
    comments: SentComments | undefined,
  ): Promise<ContinueOptions | undefined> {
    const { head_ref, base_ref } = ready.refs;
    const counted =
      comments && typeof comments.count === 'number' && Array.isArray(comments.files)
        ? { count: comments.count, files: comments.files.filter(f => typeof f === 'string') }
        : undefined;
    return confirmContinuation(this.ui, {
      // Feedback says what it is: the same list, sending review comments back rather than a new prompt of one's own.
      title: counted
        ? vscode.l10n.t('Send feedback on “{0}” to the agent', forQuickPick(ready.task.name || ready.task.id, 80))
        : vscode.l10n.t('Continue “{0}”', forQuickPick(ready.task.name || ready.task.id, 80)),
      // As it will be sent: with the first line that tells the round apart, when one is added.
      prompt: this.continuer.promptToSend(ready, prompt),
      head: head_ref,
      base: base_ref,
      comments: counted,
      initial: { ...initialOptions(this.globalState, base_ref), ...given, head_ref, base_ref },
      remembered: rememberedChoices(this.globalState),
      agents: () => findCustomAgents(),
    });
  }

  /** Tasks that have run first (only they have a branch), newest first. */
  private async pick(): Promise<Task | undefined> {
    const all = new Map<string, Task>();
    for (const k of this.model.store.listKeys()) for (const t of this.model.store.list(k)) all.set(t.id, t);
    const tasks = [...all.values()].sort(
      (a, b) => Number(b.session_count > 0) - Number(a.session_count > 0) || b.updated_at.localeCompare(a.updated_at),
    );
    if (!tasks.length) {
      void this.ui.notify('info', vscode.l10n.t('There is no task to continue yet. Start one first.'));
      return undefined;
    }
    const picked = await this.ui.pick(
      tasks.map(t => ({
        label: forQuickPick(t.name || t.id),
        description: forQuickPick(stateLabel(t.state)),
        detail: t.session_count > 0 ? undefined : vscode.l10n.t('No session yet, so no branch to continue on'),
        task: t,
      })),
      {
        title: vscode.l10n.t('Continue Task'),
        placeHolder: vscode.l10n.t('Continue which task? The agent commits to its branch.'),
      },
    );
    return picked?.task;
  }

  /** The next prompt; a selection in the active editor is sent after what is typed, and the box says so. */
  private async askPrompt(task: Task, head: string): Promise<string | undefined> {
    const editor = vscode.window.activeTextEditor;
    const selected = editor && !editor.selection.isEmpty ? promptFromSelection(editor) : undefined;
    const sel = editor?.selection;
    const lines = sel
      ? sel.end.line - sel.start.line + (sel.end.character === 0 && sel.end.line > sel.start.line ? 0 : 1)
      : 0;
    const counted =
      lines === 1 ? vscode.l10n.t('The selected line is') : vscode.l10n.t('The {0} selected lines are', lines);
    const typed = await this.ui.input({
      title: vscode.l10n.t('Continue “{0}” on {1}', forMessage(task.name || task.id, 80), forMessage(head, 80)),
      prompt: selected
        ? vscode.l10n.t('What should the agent do next? {0} sent with it.', counted)
        : vscode.l10n.t('What should the agent do next on the same branch?'),
      validate: v => (v.trim() || selected ? undefined : vscode.l10n.t('Write what the agent should do next.')),
    });
    if (typed === undefined) return undefined;
    return selected ? withInstruction(selected, typed) : typed;
  }
}
