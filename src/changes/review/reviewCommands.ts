// The review's commands: a comment written, edited, saved, cancelled or deleted in the editor (the comments API hands
// back the thread or the comment), Send Feedback to Agent… (a comment thread, a task's Changes row, the task page or
// the palette) and the draft's Send to Agent, and the task a sent comment started. Built with the other commands'
// handlers on first use (commands/handlers.ts), from what the changes feature hands over.
import * as vscode from 'vscode';
import type { Task } from '../../api';
import type { ChangesModel } from '../changesModel';
import type { GitRunner } from '../../git/gitRunner';
import type { CommandRegistry } from '../../shared/registry';
import { taskOf } from '../../shared/taskArgs';
import { COMMANDS } from '../../ids';
import { DisposableBase } from '../../lifecycle';
import type { Log } from '../../log';
import { forMessage, forQuickPick, plainName } from '../../safety/serviceText';
import { tell, type Ui } from '../../ui';
import type { ReviewThreads } from './commentThreads';
import { draftTask, type FeedbackDrafts } from './feedbackDrafts';
import type { ReviewModel } from './reviewModel';

export interface ReviewCommandsDeps {
  changes: ChangesModel;
  review: ReviewModel;
  threads: ReviewThreads;
  drafts: FeedbackDrafts;
  git: GitRunner;
  task(id: string): Task | undefined;
  tasks(): Task[];
  ui: Ui;
  log: Log;
}

/** What Continue Task answers (tasks/taskStarter.ts's StartResult, whose module reaches back here through others). */
type StartResult = { ok: true; task: Task } | { ok: false; problem: string };

/** What Send Feedback to Agent… did: opened the draft to edit, or (given a prompt) started the task. */
export type FeedbackOutcome = { draft: string; comments: number } | StartResult | undefined;

const nameOf = (t: Pick<Task, 'id' | 'name'> | undefined, id: string): string =>
  forMessage(plainName(t?.name ?? '') || id, 80);

export class ReviewCommands extends DisposableBase {
  constructor(
    private readonly deps: () => ReviewCommandsDeps,
    commands: CommandRegistry,
  ) {
    super();
    this.register(
      commands.register({
        [COMMANDS.addComment]: (reply: unknown) => this.add(reply),
        [COMMANDS.editComment]: (note: unknown) => this.edit(note, true),
        [COMMANDS.cancelComment]: (note: unknown) => this.edit(note, false),
        [COMMANDS.saveComment]: (note: unknown) => this.save(note),
        [COMMANDS.deleteComment]: (note: unknown) => this.remove(note),
        [COMMANDS.sendFeedback]: (arg: unknown) => this.feedback(arg),
        [COMMANDS.sendFeedbackDraft]: (arg: unknown) => this.sendDraft(arg),
        [COMMANDS.openSentTask]: (arg: unknown) => this.openSent(arg),
      }),
    );
  }

  private get d(): ReviewCommandsDeps {
    return this.deps();
  }

  private async add(reply: unknown): Promise<unknown> {
    const r = reply as Partial<vscode.CommentReply> | undefined;
    if (!r?.thread || typeof r.text !== 'string') return undefined;
    if (!r.text.trim()) {
      tell(this.d.ui, 'info', vscode.l10n.t('Write the comment first.'));
      return undefined;
    }
    return this.d.threads.add(r as vscode.CommentReply);
  }

  private edit(arg: unknown, editing: boolean): void {
    const hit = this.d.threads.noteOf(arg);
    if (hit) this.d.threads.setEditing(hit.note, editing, editing ? undefined : hit.comment.body);
  }

  private async save(arg: unknown): Promise<void> {
    const hit = this.d.threads.noteOf(arg);
    // The editor hands back the comment with the text typed in its box.
    const typed = (arg as { body?: unknown }).body;
    const body = typeof typed === 'string' ? typed : (typed as vscode.MarkdownString | undefined)?.value;
    if (!hit || body === undefined) return;
    if (!body.trim()) {
      tell(this.d.ui, 'info', vscode.l10n.t('A comment cannot be empty: delete it instead.'));
      return;
    }
    this.d.threads.setEditing(hit.note, false, body.trim());
    await this.d.review.store.editComment(hit.note.taskId, hit.comment.id, body.trim());
  }

  private async remove(arg: unknown): Promise<void> {
    const hit = this.d.threads.noteOf(arg);
    if (hit) await this.d.review.store.deleteComment(hit.note.taskId, hit.comment.id);
  }

  /** The task a command was handed: a thread or a comment of ours, a task (node), or one picked from the palette. */
  private async taskIdOf(arg: unknown): Promise<string | undefined> {
    const note = this.d.threads.noteOf(arg);
    if (note) return note.note.taskId;
    const thread = this.d.threads.threadOf(arg);
    if (thread) return thread.taskId;
    const t = taskOf(arg);
    if (t) return t.id;
    const waiting = this.d.review.store.withUnsent();
    if (!waiting.length) {
      tell(
        this.d.ui,
        'info',
        vscode.l10n.t(
          "No comments wait to be sent. Write them on the right side of a task's diff (Review Changes, or a file of its Changes), then send them.",
        ),
      );
      return undefined;
    }
    if (waiting.length === 1) return waiting[0];
    const items = waiting.map(id => {
      const n = this.d.review.store.of(id).comments.filter(c => !c.sent).length;
      return {
        label: forQuickPick(plainName(this.d.task(id)?.name ?? '') || id),
        description: n === 1 ? vscode.l10n.t('1 comment') : vscode.l10n.t('{0} comments', n),
        id,
      };
    });
    const picked = await this.d.ui.pick(items, {
      placeHolder: vscode.l10n.t('Send the review comments of which task?'),
    });
    return picked?.id;
  }

  /** Gathers the task's unsent comments into one prompt and opens it to edit (or, given a prompt, sends that). */
  private async feedback(arg: unknown): Promise<FeedbackOutcome> {
    const taskId = await this.taskIdOf(arg);
    if (!taskId) return undefined;
    const d = this.d;
    const name = nameOf(d.task(taskId), taskId);
    if (d.changes.get(taskId).kind === 'loading') await d.changes.load(taskId);
    const view = d.changes.known(taskId);
    if (view?.kind === 'noBranch') {
      tell(d.ui, 'warning', vscode.l10n.t('“{0}” has no branch yet: there is nothing to send feedback on.', name));
      return undefined;
    }
    const fb = await d.review.feedback(taskId);
    if (!fb) {
      tell(
        d.ui,
        'info',
        vscode.l10n.t('No comments on “{0}” wait to be sent. Write them on the right side of its diff first.', name),
      );
      return undefined;
    }
    const given = (arg as { prompt?: unknown } | undefined)?.prompt;
    if (typeof given === 'string') return this.send(taskId, given, fb.ids);
    const uri = d.drafts.put(taskId, fb.text, fb.ids);
    await vscode.window.showTextDocument(uri, { preview: false });
    const n = fb.ids.length;
    const text =
      n === 1
        ? vscode.l10n.t(
            'The feedback on “{0}” (1 comment) is open to edit. Send it with Send to Agent in its title bar.',
            name,
          )
        : vscode.l10n.t(
            'The feedback on “{0}” ({1} comments) is open to edit. Send it with Send to Agent in its title bar.',
            name,
            n,
          );
    // No button: Send to Agent is in the draft's title bar, where it goes with the draft; a button here would stay
    // on the message after the feedback was sent.
    tell(d.ui, 'info', text);
    return { draft: uri.toString(), comments: n };
  }

  /** Send to Agent on a feedback draft: what the document holds now (saved or not) is the prompt. */
  private async sendDraft(arg: unknown): Promise<StartResult | undefined> {
    const d = this.d;
    const given = arg instanceof vscode.Uri ? arg : (arg as { uri?: unknown } | undefined)?.uri;
    const uri = given instanceof vscode.Uri ? given : vscode.window.activeTextEditor?.document.uri;
    const taskId = uri && draftTask(uri);
    if (!uri || taskId === undefined) {
      tell(d.ui, 'info', vscode.l10n.t('Open the feedback first: Send Feedback to Agent… on a task with comments.'));
      return undefined;
    }
    const doc = vscode.workspace.textDocuments.find(x => x.uri.toString() === uri.toString());
    // A draft no longer kept was sent already (its document may linger after its tab closed): a message's button
    // pressed later sends nothing.
    if (!d.drafts.of(uri)) {
      tell(d.ui, 'info', vscode.l10n.t('This feedback was sent already, or closed: nothing was sent.'));
      return undefined;
    }
    const text = doc ? doc.getText() : new TextDecoder().decode(await d.drafts.readFile(uri));
    if (!text.trim()) {
      tell(d.ui, 'warning', vscode.l10n.t('The feedback is empty: nothing was sent.'));
      return undefined;
    }
    const ids = d.drafts.of(uri)?.ids ?? [];
    const result = await this.send(taskId, text, ids);
    if (result?.ok) {
      if (doc?.isDirty) await doc.save();
      const tabs = vscode.window.tabGroups.all
        .flatMap(g => g.tabs)
        .filter(t => t.input instanceof vscode.TabInputText && t.input.uri.toString() === uri.toString());
      await vscode.window.tabGroups.close(tabs);
      d.drafts.forget(uri);
    }
    return result;
  }

  /**
   * Continues the task with the prompt through Continue Task itself (the same starter and options), after saying so
   * when the branch moved since the comments were written; then marks them sent, with the task they started.
   */
  private async send(taskId: string, prompt: string, ids: readonly string[]): Promise<StartResult | undefined> {
    const d = this.d;
    const task = d.task(taskId);
    const name = nameOf(task, taskId);
    if (!task) {
      tell(
        d.ui,
        'warning',
        vscode.l10n.t('The task “{0}” is not in the lists any more: refresh them, then send again.', name),
      );
      return undefined;
    }
    const view = d.changes.known(taskId);
    if (view?.kind === 'noBranch') {
      tell(d.ui, 'warning', vscode.l10n.t('“{0}” has no branch yet: there is nothing to send feedback on.', name));
      return undefined;
    }
    if (view?.kind === 'ready') {
      const remote = await d.changes.remoteHead(taskId);
      const comments = ids.map(id => d.review.store.comment(taskId, id)).filter(c => c !== undefined);
      const now = remote ?? view.headSha;
      const older = comments.filter(c => c.headSha !== now).length;
      if (older > 0) {
        const head = forMessage(view.head, 120);
        const message =
          older === 1
            ? vscode.l10n.t('The branch {0} moved since one of these comments was written.', head)
            : vscode.l10n.t('The branch {0} moved since {1} of these comments were written.', head, older);
        const detail =
          remote !== undefined && remote !== view.headSha
            ? vscode.l10n.t(
                'The agent pushed to it after the changes shown were read: the lines quoted may have changed again. Send the feedback anyway?',
              )
            : vscode.l10n.t(
                'Each comment was placed again where its lines are now; the prompt says which lines changed. Send the feedback anyway?',
              );
        if (!(await d.ui.confirm(message, detail, vscode.l10n.t('Send')))) return undefined;
      }
    }
    // Continue Task shows what goes (these comments, their files, the prompt) and the options; Send there starts it.
    const files = [...new Set(ids.flatMap(id => d.review.store.comment(taskId, id)?.path ?? []))].sort();
    const result = await vscode.commands.executeCommand<StartResult | undefined>(COMMANDS.continueTask, {
      task,
      prompt,
      comments: { count: ids.length, files },
    });
    if (result?.ok) {
      const started = { taskId: result.task.id, name: plainName(result.task.name ?? '') || result.task.id };
      await d.review.store.markSent(taskId, ids, started);
      if (view?.kind === 'ready') await d.review.store.reviewed(taskId, view.headSha);
      d.log.info(`feedback of task ${taskId}: ${ids.length} comments sent as task ${result.task.id}`);
    }
    return result;
  }

  /** A sent comment's thread: the page of the task its feedback started. */
  private async openSent(arg: unknown): Promise<void> {
    const d = this.d;
    const hit = d.threads.noteOf(arg)?.comment ?? d.threads.threadOf(arg)?.comment;
    const to = hit?.sent;
    if (!to) return;
    const task = d.task(to.taskId) ?? d.tasks().find(t => t.id === to.taskId);
    if (!task) {
      tell(d.ui, 'info', vscode.l10n.t('The task “{0}” is not in the lists now.', forMessage(to.name, 80)));
      return;
    }
    await vscode.commands.executeCommand(COMMANDS.showTaskDetails, { task });
  }
}
