// What the user did while reviewing a task's branch, kept per task in workspace state so that a window reload loses
// none of it: their comments on the head side (until sent, and then marked sent with the task they started), the files
// they ticked as viewed (by the content they had), and the heads they reviewed. No `vscode`; only text the user wrote
// and git's names are kept, never a token.
import { STATE_KEYS } from '../../ids';
import { Emitter } from '../../shared/emitter';
import type { LinkMemento } from '../../model/continuationLinks';

export interface SentTo {
  /** The task the feedback started, and its name then. */
  readonly taskId: string;
  readonly name: string;
  readonly at: number;
}

export interface ReviewComment {
  readonly id: string;
  /** The file's path on the head side. */
  readonly path: string;
  /** 0-based, inclusive lines on the head the comment was written on. */
  readonly start: number;
  readonly end: number;
  /** The head's text of those lines when it was written. */
  readonly quote: string;
  readonly body: string;
  /** The head commit, and the file's blob, it was written on. */
  readonly headSha: string;
  readonly blob: string;
  readonly createdAt: number;
  readonly sent?: SentTo;
}

export interface TaskReview {
  readonly comments: readonly ReviewComment[];
  /** Each file ticked as viewed: its path, and the content (blob) it had then. */
  readonly viewed: Readonly<Record<string, string>>;
  /** Heads the user reviewed (Review Changes, sending feedback), oldest first. */
  readonly reviewed: readonly string[];
  /** When the task's review last changed: the least recent are dropped past the limit. */
  readonly touched: number;
}

type Stored = Record<string, TaskReview>;

const MAX_TASKS = 100;
const MAX_COMMENTS = 200;
const MAX_REVIEWED = 5;
const MAX_TEXT = 20_000;
const EMPTY: TaskReview = { comments: [], viewed: {}, reviewed: [], touched: 0 };
const SHA = /^[0-9a-f]{40,64}$/;

const isText = (v: unknown, max = MAX_TEXT): v is string => typeof v === 'string' && v.length <= max;
const isLine = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 0;

function commentOf(x: unknown): ReviewComment | undefined {
  const c = x as Partial<Record<keyof ReviewComment, unknown>> | null;
  if (typeof c !== 'object' || c === null) return undefined;
  if (!isText(c.id, 100) || !isText(c.path, 4096) || !isText(c.quote) || !isText(c.body)) return undefined;
  if (!isLine(c.start) || !isLine(c.end) || c.end < c.start) return undefined;
  if (!isText(c.headSha) || !SHA.test(c.headSha) || !isText(c.blob) || !SHA.test(c.blob)) return undefined;
  if (typeof c.createdAt !== 'number') return undefined;
  const s = c.sent as Partial<Record<keyof SentTo, unknown>> | undefined;
  const sent =
    s && isText(s.taskId, 200) && isText(s.name, 1000) && typeof s.at === 'number'
      ? { taskId: s.taskId, name: s.name, at: s.at }
      : undefined;
  const base = { id: c.id, path: c.path, start: c.start, end: c.end, quote: c.quote, body: c.body };
  return { ...base, headSha: c.headSha, blob: c.blob, createdAt: c.createdAt, ...(sent ? { sent } : {}) };
}

/** A task's review as stored, without what is not one (a damaged or older state). */
function reviewOf(x: unknown): TaskReview | undefined {
  const r = x as Partial<Record<keyof TaskReview, unknown>> | null;
  if (typeof r !== 'object' || r === null) return undefined;
  const comments = Array.isArray(r.comments) ? r.comments.map(commentOf).filter(c => c !== undefined) : [];
  const viewed: Record<string, string> = {};
  if (r.viewed && typeof r.viewed === 'object')
    for (const [p, v] of Object.entries(r.viewed)) if (isText(v, 200)) viewed[p] = v;
  const reviewed = Array.isArray(r.reviewed) ? r.reviewed.filter((s): s is string => isText(s) && SHA.test(s)) : [];
  return { comments, viewed, reviewed, touched: typeof r.touched === 'number' ? r.touched : 0 };
}

export class ReviewStore {
  private readonly changed = new Emitter<string>();
  /** The review of the task with this id changed. */
  readonly onDidChange = this.changed.event;
  private cache: Map<string, TaskReview> | undefined;

  constructor(
    private readonly state: LinkMemento,
    private readonly now: () => number = Date.now,
  ) {}

  of(taskId: string): TaskReview {
    return this.all().get(taskId) ?? EMPTY;
  }

  /** The ids of the tasks that have comments not sent yet. */
  withUnsent(): string[] {
    return [...this.all()].filter(([, r]) => r.comments.some(c => !c.sent)).map(([id]) => id);
  }

  comment(taskId: string, id: string): ReviewComment | undefined {
    return this.of(taskId).comments.find(c => c.id === id);
  }

  async addComment(taskId: string, c: ReviewComment): Promise<void> {
    await this.change(taskId, r => ({ ...r, comments: [...r.comments, c].slice(-MAX_COMMENTS) }));
  }

  async editComment(taskId: string, id: string, body: string): Promise<void> {
    await this.change(taskId, r => ({ ...r, comments: r.comments.map(c => (c.id === id ? { ...c, body } : c)) }));
  }

  async deleteComment(taskId: string, id: string): Promise<void> {
    await this.change(taskId, r => ({ ...r, comments: r.comments.filter(c => c.id !== id) }));
  }

  async markSent(taskId: string, ids: readonly string[], to: Omit<SentTo, 'at'>): Promise<void> {
    const sent = { ...to, at: this.now() };
    await this.change(taskId, r => ({
      ...r,
      comments: r.comments.map(c => (ids.includes(c.id) && !c.sent ? { ...c, sent } : c)),
    }));
  }

  /** Ticks a file as viewed with the content it has (`content`), or unticks it (undefined). */
  async setViewed(taskId: string, path: string, content: string | undefined): Promise<void> {
    await this.change(taskId, r => {
      const viewed = { ...r.viewed };
      if (content === undefined) delete viewed[path];
      else viewed[path] = content;
      return { ...r, viewed };
    });
  }

  /** The user reviewed the branch at `head`. */
  async reviewed(taskId: string, head: string): Promise<void> {
    if (this.of(taskId).reviewed.at(-1) === head) return;
    await this.change(taskId, r => ({
      ...r,
      reviewed: [...r.reviewed.filter(h => h !== head), head].slice(-MAX_REVIEWED),
    }));
  }

  private all(): Map<string, TaskReview> {
    if (this.cache) return this.cache;
    const v = this.state.get<unknown>(STATE_KEYS.review);
    const map = new Map<string, TaskReview>();
    if (v && typeof v === 'object' && !Array.isArray(v))
      for (const [id, r] of Object.entries(v as Record<string, unknown>)) {
        const review = reviewOf(r);
        if (review) map.set(id, review);
      }
    this.cache = map;
    return map;
  }

  private async change(taskId: string, f: (r: TaskReview) => TaskReview): Promise<void> {
    const all = new Map(this.all());
    all.set(taskId, { ...f(this.of(taskId)), touched: this.now() });
    // The least recently touched reviews go first once there are too many.
    const kept = [...all].sort(([, a], [, b]) => b.touched - a.touched).slice(0, MAX_TASKS);
    this.cache = new Map(kept);
    const stored: Stored = Object.fromEntries(kept);
    await this.state.update(STATE_KEYS.review, stored);
    this.changed.fire(taskId);
  }

  dispose(): void {
    this.changed.dispose();
  }
}
