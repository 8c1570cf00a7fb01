// The rounds on a task's branch, as facts the round ends are told from: the tasks on the same branch (continuation
// links recorded here, and sessions naming the same head), each with its name, state and times, ordered by when it
// began. A linked task whose sessions name another head is not a round of this branch: it is left out and said. Pure:
// no `vscode`.
import type { Session, Task } from '../../api';
import { isActive } from '../../shared/taskState';
import type { RoundFacts } from './roundEnds';
import * as l10n from '@vscode/l10n';

/** A continuation link as stored: `task` continues `id` (named `name` then); `tip`: the branch tip then, if known. */
export interface RoundLink {
  readonly task: string;
  readonly id: string;
  readonly name: string;
  readonly tip?: string;
}

export interface RoundSources {
  readonly taskId: string;
  /** The branch the task's changes are read from. */
  readonly head: string;
  /** The tasks on the same branch (sameBranch.ts), the task itself left out. */
  readonly related: readonly string[];
  readonly links: readonly RoundLink[];
  /** A task as known, with its sessions when they were read. */
  task(id: string): (Task & { sessions?: readonly Session[] }) | undefined;
  /** Tasks the service answered 404 for. */
  readonly gone: ReadonlySet<string>;
}

export interface RoundFactsFound {
  /** Ordered by when each began; the task itself is among them. */
  readonly rounds: readonly (RoundFacts & { readonly running: boolean })[];
  /** Its place among them. */
  readonly index: number;
  /** What was found wrong, in words (a continuation on another head). */
  readonly notes: readonly string[];
}

const ms = (iso: string | null | undefined): number | undefined => {
  const v = iso ? Date.parse(iso) : NaN;
  return Number.isFinite(v) ? v : undefined;
};

export function roundFacts(src: RoundSources): RoundFactsFound | undefined {
  const notes: string[] = [];
  const found: (RoundFacts & { running: boolean })[] = [];
  const linkOf = (id: string) => src.links.find(l => l.task === id);
  const linked = (id: string) => src.links.some(l => l.task === id || l.id === id);
  for (const id of [src.taskId, ...src.related]) {
    const t = src.task(id);
    const link = linkOf(id);
    const tip = link?.tip !== undefined ? { tipAtStart: link.tip } : {};
    if (!t) {
      // Known only from a link: a task the service no longer has, or one not read (its start is not known).
      const name = src.links.find(l => l.id === id)?.name ?? id;
      found.push({ id, name, state: '', startMs: NaN, running: false, gone: src.gone.has(id), ...tip });
      continue;
    }
    const sessions = t.sessions ?? [];
    const mine = sessions.filter(s => s.head_ref === src.head);
    if (id !== src.taskId && sessions.length && !mine.length && linked(id)) {
      const heads = [...new Set(sessions.map(s => s.head_ref).filter(Boolean))].join(', ') || '?';
      notes.push(
        l10n.t(
          '“{0}” was started here on this branch, but the service reports its branch as {1}, not {2}: it is not counted as a round of {2}',
          t.name || id,
          heads,
          src.head,
        ),
      );
      continue;
    }
    const starts = mine.map(s => ms(s.created_at)).filter((v): v is number => v !== undefined);
    const startMs = starts.length ? Math.min(...starts) : (ms(t.created_at) ?? Infinity);
    const running = isActive(t.state) || mine.some(s => isActive(s.state));
    const ends = mine.map(s => ms(s.completed_at)).filter((v): v is number => v !== undefined);
    const finishMs = running
      ? undefined
      : mine.length && ends.length === mine.length
        ? Math.max(...ends)
        : ms(t.updated_at);
    found.push({
      id,
      name: t.name || id,
      state: t.state,
      startMs,
      ...(finishMs !== undefined ? { finishMs } : {}),
      running,
      ...tip,
    });
  }
  // A task known only from its link follows the task it continues.
  for (const r of found)
    if (Number.isNaN(r.startMs)) {
      const after = found.find(x => x.id === linkOf(r.id)?.id && !Number.isNaN(x.startMs));
      (r as { startMs: number }).startMs = after ? after.startMs + 1 : Infinity;
    }
  const rounds = found.map((r, i) => ({ r, i })).sort((a, b) => a.r.startMs - b.r.startMs || a.i - b.i);
  const ordered = rounds.map(x => x.r);
  const index = ordered.findIndex(r => r.id === src.taskId);
  return index < 0 ? undefined : { rounds: ordered, index, notes };
}
