// A task's review as the surfaces need it: the comments placed on the head the Changes row shows (found again by what
// their lines said when the branch moved), the viewed ticks against the files' current content, and the feedback
// prompt made from the unsent comments. No `vscode`: the threads in the editor (commentThreads.ts) draw this.
import { DisposableBase } from '../../lifecycle';
import { Emitter, type Event } from '../../shared/emitter';
import type { GitRunner } from '../../git/gitRunner';
import type { ChangedFile, ChangesView } from '../../model/changesView';
import { anchorIn, linesOf, type Anchor } from './anchors';
import { feedbackPrompt, type FeedbackRound } from './feedback';
import type { Found } from './outdated';
import { filesBetween } from '../taskRefs';
import { parseDiff } from '../parse';
import type { ReviewComment, ReviewStore } from './reviewStore';
import { contentKey, type ReviewSummary, type ViewedMark } from '../../model/reviewSummary';

type Ready = Extract<ChangesView, { kind: 'ready' }>;

export interface ReviewChanges {
  known(taskId: string): ChangesView | undefined;
  readonly onDidChange: Event<string>;
}

/**
 * A comment where it sits on the head shown now: its file there (under its new name when a later round renamed it),
 * and its lines (none when its file is gone); `found` says which, or why the file is not there.
 */
export interface Placed {
  readonly comment: ReviewComment;
  readonly view: Ready;
  readonly file?: ChangedFile;
  readonly anchor?: Anchor;
  readonly found: Found;
}

export interface Feedback {
  readonly text: string;
  /** The comments it holds, to mark sent once it is. */
  readonly ids: readonly string[];
  /** How many were written on another head than the one shown, and how many of those lost their lines. */
  readonly moved: number;
  readonly changed: number;
  readonly view: Ready;
}

const MAX_BLOBS = 64;
const MAX_MOVES = 16;

export class ReviewModel extends DisposableBase {
  private readonly changed = this.register(new Emitter<string>());
  /** A task's review (comments, ticks) or the changes it is placed on changed. */
  readonly onDidChange = this.changed.event;
  private readonly blobs = new Map<string, Promise<string[]>>();
  /** What changed between two heads (`old new`), for comments whose file is not on the head shown. */
  private readonly moves = new Map<string, Promise<ChangedFile[]>>();
  private readonly summaries = new Map<string, { view: ChangesView | undefined; summary: ReviewSummary }>();

  constructor(
    readonly store: ReviewStore,
    readonly changes: ReviewChanges,
    private readonly git: GitRunner,
    /** The round a task's feedback starts (its prompt's first line tells it apart). */
    private readonly roundOf?: (taskId: string) => FeedbackRound | undefined,
  ) {
    super();
    this.register(store.onDidChange(id => this.fire(id)));
    this.register(changes.onDidChange(id => this.fire(id)));
  }

  private fire(taskId: string): void {
    this.summaries.delete(taskId);
    this.changed.fire(taskId);
  }

  /** Viewed ticks and comment counts; made once per change of the review or of the changes shown. */
  summary(taskId: string): ReviewSummary | undefined {
    const view = this.changes.known(taskId);
    const hit = this.summaries.get(taskId);
    if (hit && hit.view === view) return hit.summary;
    const r = this.store.of(taskId);
    const viewed = new Map<string, ViewedMark>();
    let toView = 0;
    if (view?.kind === 'ready')
      for (const f of view.files) {
        const was = r.viewed[f.path];
        if (was === contentKey(f)) viewed.set(f.path, 'viewed');
        else {
          toView++;
          if (was !== undefined) viewed.set(f.path, 'changed');
        }
      }
    const unsent = r.comments.filter(c => !c.sent).length;
    const summary = { viewed, toView, unsent, sent: r.comments.length - unsent };
    if (!r.comments.length && !Object.keys(r.viewed).length && view?.kind !== 'ready') return undefined;
    this.summaries.set(taskId, { view, summary });
    return summary;
  }

  /** Ticks or unticks a changed file as viewed, for the content it has on the head shown. */
  setViewed(taskId: string, file: Pick<ChangedFile, 'path' | 'newBlob' | 'oldBlob'>, on: boolean): Promise<void> {
    return this.store.setViewed(taskId, file.path, on ? contentKey(file) : undefined);
  }

  /** Every comment of the task placed on the head shown now; none while the changes are not read. */
  async placed(taskId: string): Promise<Placed[]> {
    const view = this.changes.known(taskId);
    if (view?.kind !== 'ready') return [];
    const out: Placed[] = [];
    for (const comment of this.store.of(taskId).comments) {
      const file = await this.fileOf(view, comment);
      if (!file?.newBlob) {
        out.push({ comment, view, found: await this.whyGone(view, comment) });
        continue;
      }
      const was = { start: comment.start, end: comment.end };
      const anchor =
        file.newBlob === comment.blob
          ? { ...was, changed: false }
          : anchorIn(await this.lines(view.root, file.newBlob), was, comment.quote);
      out.push({ comment, view, file, anchor, found: anchor });
    }
    return out;
  }

  /** The comment's file on the head shown: at its path, or where a later round renamed it to. */
  private async fileOf(view: Ready, c: ReviewComment): Promise<ChangedFile | undefined> {
    const there = (path: string) => view.files.find(f => f.path === path && f.newBlob);
    const same = there(c.path);
    if (same) return same;
    const renamed = view.files.find(f => f.from === c.path && f.kind === 'renamed' && f.newBlob);
    if (renamed) return renamed;
    // Added by the branch, then renamed: against the base it is a new file; between the two heads, a rename.
    const moved = (await this.between(view, c.headSha)).find(f => f.kind === 'renamed' && f.from === c.path);
    return moved && there(moved.path);
  }

  /** Why a comment's file is not on the head shown: the branch deleted it, or it is no longer among the changes. */
  private async whyGone(view: Ready, c: ReviewComment): Promise<'deleted' | 'gone'> {
    if (view.files.some(f => f.path === c.path && f.kind === 'deleted')) return 'deleted';
    const since = await this.between(view, c.headSha);
    return since.some(f => f.path === c.path && f.kind === 'deleted') ? 'deleted' : 'gone';
  }

  /** The files changed from the head a comment was written on to the head shown (none when git cannot say). */
  private between(view: Ready, from: string): Promise<ChangedFile[]> {
    if (from === view.headSha) return Promise.resolve([]);
    const key = `${from} ${view.headSha}`;
    let hit = this.moves.get(key);
    if (!hit) {
      hit = filesBetween(this.git, view.root, [from, view.headSha])
        .then(parseDiff)
        .catch(() => {
          this.moves.delete(key);
          return [];
        });
      this.moves.set(key, hit);
      if (this.moves.size > MAX_MOVES) this.moves.delete(this.moves.keys().next().value as string);
    }
    return hit;
  }

  /** The prompt of the task's unsent comments, placed on the head shown now; undefined when none waits. */
  async feedback(taskId: string): Promise<Feedback | undefined> {
    const placed = (await this.placed(taskId)).filter(p => !p.comment.sent);
    const view = placed[0]?.view;
    if (!view) return undefined;
    const items = placed.map(p => ({
      path: p.file?.path ?? p.comment.path,
      start: p.anchor?.start ?? p.comment.start,
      end: p.anchor?.end ?? p.comment.end,
      quote: p.comment.quote,
      body: p.comment.body,
      changed: p.anchor?.changed === true,
      gone: !p.file,
    }));
    return {
      text: feedbackPrompt(items, view.head, this.roundOf?.(taskId)),
      ids: placed.map(p => p.comment.id),
      moved: placed.filter(p => p.comment.headSha !== view.headSha).length,
      changed: items.filter(i => i.changed || i.gone).length,
      view,
    };
  }

  /** A blob's lines, kept for the next placing (a branch that moved is read once per file). */
  private lines(root: string, blob: string): Promise<string[]> {
    let hit = this.blobs.get(blob);
    if (!hit) {
      hit = this.git.read({ cwd: root, args: ['cat-file', 'blob', blob] }).then(linesOf);
      hit.catch(() => this.blobs.delete(blob));
      this.blobs.set(blob, hit);
      if (this.blobs.size > MAX_BLOBS) this.blobs.delete(this.blobs.keys().next().value as string);
    }
    return hit;
  }
}
