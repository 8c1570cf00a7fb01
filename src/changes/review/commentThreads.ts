// Review comments in the editor, through VS Code's comments API: the head side of a task's diff (a file's, and each
// file of Review Changes) takes comments on a line or a range; each kept comment is drawn as a thread on the lines it
// sits on now, or, outdated, on the diff it was written on (outdated.ts says which), saying whether it was sent and
// why it is outdated. A thread in a diff the user has open stays there when the agent pushes, until that diff closes.
// Built with the changes feature.
import * as vscode from 'vscode';
import { DisposableBase, toDisposable } from '../../lifecycle';
import type { Log } from '../../log';
import { diffPair, headSideOf } from '../changeUris';
import type { ReviewModel } from './reviewModel';
import type { ReviewComment } from './reviewStore';
import { keptInOpenDiff, spotOf, type Outdated } from './outdated';
import type { ChangedFile } from '../../model/changesView';
import { randomBytes } from 'node:crypto';

export const REVIEW_CONTROLLER = 'agentTasks.review';

/** One comment as the editor shows it; the commands that act on it get this object back. */
export class ReviewNote implements vscode.Comment {
  mode = vscode.CommentMode.Preview;
  readonly author = { name: vscode.l10n.t('You') };
  contextValue: string;
  label?: string;
  timestamp: Date;

  constructor(
    readonly taskId: string,
    readonly commentId: string,
    public body: string,
    created: number,
    public sentTo?: string,
  ) {
    this.contextValue = sentTo === undefined ? 'unsent' : 'sent';
    this.timestamp = new Date(created);
  }
}

interface Drawn {
  readonly taskId: string;
  thread: vscode.CommentThread;
  note: ReviewNote;
  /** Kept in a diff the user has open, older than where the rules put it. */
  kept?: boolean;
}

/** The documents a tab shows: a text editor's, a diff's two sides, a multi-file diff's sides (when VS Code says). */
function inputUris(input: unknown): string[] {
  if (input instanceof vscode.TabInputText) return [input.uri.toString()];
  if (input instanceof vscode.TabInputTextDiff) return [input.modified.toString(), input.original.toString()];
  const diffs = (input as { textDiffs?: unknown } | undefined)?.textDiffs;
  if (!Array.isArray(diffs)) return [];
  return (diffs as Array<{ modified?: unknown }>).flatMap(d =>
    d.modified instanceof vscode.Uri ? [d.modified.toString()] : [],
  );
}

/** A thread's title: sent or not (to which task), and why it is outdated. */
function threadLabel(sentTo: string | undefined, outdated: Outdated | undefined): string {
  const status =
    sentTo !== undefined
      ? vscode.l10n.t('Sent to the agent: “{0}”', sentTo)
      : vscode.l10n.t('Not sent to the agent yet');
  switch (outdated) {
    case undefined:
      return status;
    case 'lines':
      return sentTo !== undefined
        ? vscode.l10n.t('{0} · outdated: its lines changed since, shown as they were', status)
        : vscode.l10n.t('The lines changed after you wrote this · not sent yet');
    case 'deleted':
      return vscode.l10n.t('{0} · outdated: the branch deleted this file since, shown as it was', status);
    case 'gone':
      return vscode.l10n.t('{0} · outdated: this file is no longer among the changes, shown as it was', status);
    case 'pushed':
      return vscode.l10n.t('{0} · outdated: the agent pushed since this diff was opened', status);
  }
}

export class ReviewThreads extends DisposableBase {
  /** The controller the editor knows the review by (`commentController == agentTasks.review`). */
  readonly controller: vscode.CommentController;
  private readonly drawn = new Map<string, Drawn>();
  private readonly syncs = new Map<string, Promise<void>>();

  constructor(
    private readonly model: ReviewModel,
    /** Starts reading a task's changes when nothing is known of them (a diff restored after a reload). */
    private readonly look: (taskId: string) => void,
    private readonly log: Log,
  ) {
    super();
    this.controller = this.register(
      vscode.comments.createCommentController(REVIEW_CONTROLLER, vscode.l10n.t('Review for the agent')),
    );
    this.controller.options = {
      prompt: vscode.l10n.t('Comment for the agent on these lines'),
      placeHolder: vscode.l10n.t('What should the agent change here?'),
    };
    this.controller.commentingRangeProvider = { provideCommentingRanges: doc => this.ranges(doc) };
    this.register(model.onDidChange(id => void this.sync(id)));
    this.register(vscode.window.tabGroups.onDidChangeTabs(() => this.closed()));
    this.register(vscode.window.onDidChangeVisibleTextEditors(() => this.closed()));
    this.register(toDisposable(() => this.drawn.forEach(d => d.thread.dispose())));
  }

  /** The whole head side of a task's diff takes comments; nothing else does. */
  private ranges(doc: vscode.TextDocument): vscode.Range[] | undefined {
    const side = headSideOf(doc.uri);
    if (!side) return undefined;
    this.look(side.task);
    return [new vscode.Range(0, 0, Math.max(0, doc.lineCount - 1), 0)];
  }

  /** A comment written in the editor: kept, and its thread (the one the editor opened) drawn as kept. */
  async add(reply: vscode.CommentReply): Promise<ReviewComment | undefined> {
    const { thread } = reply;
    const side = headSideOf(thread.uri);
    const range = thread.range;
    const body = reply.text.trim();
    if (!side || !range || !body) return undefined;
    const doc = await vscode.workspace.openTextDocument(thread.uri);
    const start = range.start.line;
    const end = Math.max(start, range.end.line);
    const quote = Array.from(
      { length: end - start + 1 },
      (_, k) => doc.lineAt(Math.min(start + k, doc.lineCount - 1)).text,
    );
    const comment: ReviewComment = {
      id: randomBytes(8).toString('hex'),
      path: thread.uri.path.slice(1),
      start,
      end,
      quote: quote.join('\n'),
      body,
      headSha: side.rev,
      blob: side.blob,
      createdAt: Date.now(),
    };
    // The editor's thread becomes this comment's: drawn in place, not closed and opened again.
    const note = new ReviewNote(side.task, comment.id, body, comment.createdAt);
    thread.comments = [note];
    this.drawn.set(comment.id, { taskId: side.task, thread, note });
    this.look(side.task);
    await this.model.store.addComment(side.task, comment);
    this.log.info(`review comment on ${comment.path} lines ${start + 1}-${end + 1} of task ${side.task}`);
    return comment;
  }

  /** The note of a comment as drawn, and the comment kept for it. */
  noteOf(arg: unknown): { note: ReviewNote; comment: ReviewComment } | undefined {
    const n = arg as Partial<ReviewNote> | undefined;
    if (typeof n?.taskId !== 'string' || typeof n.commentId !== 'string') return undefined;
    const drawn = this.drawn.get(n.commentId);
    const comment = this.model.store.comment(n.taskId, n.commentId);
    return drawn && comment ? { note: drawn.note, comment } : undefined;
  }

  /** The task a thread belongs to, and the comment drawn in it (none for a thread not written yet). */
  threadOf(arg: unknown): { taskId: string; comment?: ReviewComment } | undefined {
    const t = arg as Partial<vscode.CommentThread> | undefined;
    if (!(t?.uri instanceof vscode.Uri)) return undefined;
    const hit = [...this.drawn.values()].find(d => d.thread === arg);
    if (hit) return { taskId: hit.taskId, comment: this.model.store.comment(hit.taskId, hit.note.commentId) };
    const side = headSideOf(t.uri);
    return side && { taskId: side.task };
  }

  /** Shows a comment in its editing box, or back as text (`body` the text to show). */
  setEditing(note: ReviewNote, editing: boolean, body?: string): void {
    const drawn = this.drawn.get(note.commentId);
    if (!drawn) return;
    drawn.note.mode = editing ? vscode.CommentMode.Editing : vscode.CommentMode.Preview;
    if (body !== undefined) drawn.note.body = body;
    drawn.thread.comments = [drawn.note];
  }

  /** Draws the task's kept comments on the head its Changes show: threads follow their lines, or close. */
  sync(taskId: string): Promise<void> {
    const prev = this.syncs.get(taskId) ?? Promise.resolve();
    const next = prev
      .then(() => this.draw(taskId))
      .catch(e => this.log.warn(`review threads of ${taskId}: ${String(e)}`));
    this.syncs.set(taskId, next);
    return next;
  }

  private async draw(taskId: string): Promise<void> {
    if (this.isDisposed) return;
    const view = this.model.changes.known(taskId);
    const placed = await this.model.placed(taskId);
    const live = new Set<string>();
    for (const p of placed) {
      const c = p.comment;
      const spot = spotOf(c, c.sent !== undefined, p.found);
      const file: ChangedFile =
        spot.on === 'head' && p.file ? p.file : { path: c.path, kind: 'modified', binary: false, newBlob: c.blob };
      const rev = spot.on === 'head' ? p.view.headSha : c.headSha;
      const target = diffPair(file, p.view.root, p.view.baseSha, rev, { task: taskId }).modified;
      let d = this.drawn.get(c.id);
      // A thread in a diff the user has open stays there (the agent pushed), until that diff is closed.
      const kept = keptInOpenDiff(d?.thread.uri.toString(), target.toString(), u => this.isOpen(u));
      const uri = kept && d ? d.thread.uri : target;
      const range = kept && d?.thread.range ? d.thread.range : new vscode.Range(spot.start, 0, spot.end, 0);
      const outdated = kept ? 'pushed' : spot.outdated;
      if (d && d.thread.uri.toString() !== uri.toString()) {
        d.thread.dispose();
        d = undefined;
      }
      const note = d?.note ?? new ReviewNote(taskId, c.id, c.body, c.createdAt);
      if (note.mode !== vscode.CommentMode.Editing) note.body = c.body;
      note.sentTo = c.sent?.taskId;
      note.contextValue = c.sent ? 'sent' : 'unsent';
      note.label = outdated ? vscode.l10n.t('Outdated') : undefined;
      if (!d) {
        const thread = this.controller.createCommentThread(uri, range, [note]);
        thread.collapsibleState = c.sent
          ? vscode.CommentThreadCollapsibleState.Collapsed
          : vscode.CommentThreadCollapsibleState.Expanded;
        d = { taskId, thread, note };
        this.drawn.set(c.id, d);
      } else if (!d.thread.range?.isEqual(range)) d.thread.range = range;
      d.kept = kept;
      const t = d.thread;
      t.canReply = false;
      t.contextValue = c.sent ? 'sent' : 'unsent';
      t.state = c.sent ? vscode.CommentThreadState.Resolved : vscode.CommentThreadState.Unresolved;
      t.label = threadLabel(c.sent?.name, outdated);
      t.comments = [note];
      live.add(c.id);
    }
    // While the changes cannot be read, what is drawn stays drawn: only a comment deleted goes.
    const stay = view?.kind === 'ready' ? live : new Set(this.model.store.of(taskId).comments.map(c => c.id));
    for (const [id, d] of this.drawn)
      if (d.taskId === taskId && !stay.has(id) && d.thread.comments.length) {
        d.thread.dispose();
        this.drawn.delete(id);
      }
  }

  /** Whether a document is open: in a tab (alone, as a diff's side, in a multi-file diff) or in a visible editor. */
  private isOpen(uri: string): boolean {
    if (vscode.window.visibleTextEditors.some(e => e.document.uri.toString() === uri)) return true;
    return vscode.window.tabGroups.all.some(g => g.tabs.some(t => inputUris(t.input).includes(uri)));
  }

  /** A diff closed: the threads kept in it follow the rules again. */
  private closed(): void {
    const tasks = new Set<string>();
    for (const d of this.drawn.values()) if (d.kept && !this.isOpen(d.thread.uri.toString())) tasks.add(d.taskId);
    for (const id of tasks) void this.sync(id);
  }

  /** Each thread drawn for a task: its comment, document, lines, label, text and its comment's label ("Outdated"). */
  threads(taskId: string): {
    commentId: string;
    uri: string;
    start: number;
    end: number;
    label?: string;
    body: string;
    noteLabel?: string;
  }[] {
    return [...this.drawn]
      .filter(([, d]) => d.taskId === taskId)
      .map(([commentId, d]) => ({
        commentId,
        uri: d.thread.uri.toString(),
        start: d.thread.range?.start.line ?? -1,
        end: d.thread.range?.end.line ?? -1,
        label: d.thread.label,
        body: d.note.body,
        noteLabel: d.note.label,
      }));
  }
}
