// Sets of attempts: one prompt started two to four times on one repository, a model each, so that the results can be
// compared and the best of each kept. The service does not record that tasks belong together (each attempt is an
// ordinary task on its own branch), so the set is remembered here, in workspace state, from the moment it is asked
// for: each attempt is written down as planned, then as started (with its task's id) or as failed. A retry starts
// only the attempts still planned or failed, so nothing is started twice. No `vscode`.
import { STATE_KEYS } from '../ids';
import { Emitter } from '../shared/emitter';
import type { LinkMemento } from './continuationLinks';

/** The fewest and most attempts a set holds. */
export const MIN_ATTEMPTS = 2;
export const MAX_ATTEMPTS = 4;

/** One attempt of a set: the model asked for ('' lets the service choose) and how its start went. */
export interface Attempt {
  readonly model: string;
  /** The task the service made for this attempt, once its start succeeded. */
  readonly taskId?: string;
  /** Why its last start failed (words for the user, never a token), while it has no task. */
  readonly failure?: string;
  /** Hidden from the views in this workspace ("Set Aside"); the task still exists on the service. */
  readonly aside?: boolean;
}

/** What every attempt of a set is started with, beside its model. */
export interface AttemptStart {
  /** "owner/name" of the repository. */
  readonly repo: string;
  readonly prompt: string;
  readonly base_ref: string;
  readonly head_ref: string;
  readonly create_pull_request: boolean;
  readonly custom_agent: string;
}

export interface AttemptSet {
  /** Ours, not the service's: `set-` and a number unique in this workspace. */
  readonly id: string;
  /** The prompt's first line, as the set's name (text someone typed: shown as text). */
  readonly name: string;
  readonly start: AttemptStart;
  /** When it was asked for (ms since the epoch). */
  readonly createdAt: number;
  readonly attempts: readonly Attempt[];
  /** The whole set hidden from the views in this workspace. */
  readonly aside?: boolean;
}

/** Where a task sits in a set. */
export interface AttemptPlace {
  readonly set: AttemptSet;
  /** 0-based; the user sees `index + 1`. */
  readonly index: number;
}

/** The newest sets kept: enough for any list a view shows, and the state stays small. */
const MAX_SETS = 200;

export class AttemptSets {
  private readonly changed = new Emitter<string>();
  /** A set (its id) was created, or one of its attempts changed; '' when what the views show of sets changed. */
  readonly onDidChange = this.changed.event;
  private cache: { raw: unknown; sets: AttemptSet[]; byTask: Map<string, AttemptPlace> } | undefined;

  constructor(private readonly state: LinkMemento) {}

  /** Every set kept, oldest first. */
  list(): readonly AttemptSet[] {
    return this.read().sets;
  }

  get(id: string): AttemptSet | undefined {
    return this.read().sets.find(s => s.id === id);
  }

  /** The set a task is an attempt of, when this workspace started it as one. */
  ofTask(taskId: string): AttemptPlace | undefined {
    return this.read().byTask.get(taskId);
  }

  /** Whether the task is hidden from the views here (its attempt or its whole set set aside). */
  isAside(taskId: string): boolean {
    const p = this.ofTask(taskId);
    return !!p && (p.set.aside === true || p.set.attempts[p.index].aside === true);
  }

  /** Writes a new set down, every attempt planned, before any is started. */
  async create(start: AttemptStart, models: readonly string[], now = Date.now()): Promise<AttemptSet> {
    if (models.length < MIN_ATTEMPTS || models.length > MAX_ATTEMPTS) {
      throw new RangeError(`a set holds ${MIN_ATTEMPTS} to ${MAX_ATTEMPTS} attempts, not ${models.length}`);
    }
    const sets = this.read().sets;
    let n = sets.reduce((m, s) => Math.max(m, Number(s.id.slice(4)) || 0), 0) + 1;
    while (sets.some(s => s.id === `set-${n}`)) n++;
    const set: AttemptSet = {
      id: `set-${n}`,
      name: firstLine(start.prompt),
      start: { ...start },
      createdAt: now,
      attempts: models.map(model => ({ model })),
    };
    await this.write([...sets, set].slice(-MAX_SETS), set.id);
    return set;
  }

  /** The attempts still to start: planned, or whose last start failed. */
  pending(setId: string): number[] {
    const set = this.get(setId);
    return set ? set.attempts.flatMap((a, i) => (a.taskId === undefined ? [i] : [])) : [];
  }

  /** Attempt `index` was started as task `taskId` (it loses any failure). */
  noteStarted(setId: string, index: number, taskId: string): Promise<void> {
    return this.change(setId, index, a => ({ model: a.model, taskId, ...(a.aside ? { aside: true } : {}) }));
  }

  /** Attempt `index` failed to start, for this reason (kept until a retry starts it). */
  noteFailed(setId: string, index: number, failure: string): Promise<void> {
    return this.change(setId, index, a => (a.taskId === undefined ? { ...a, failure } : a));
  }

  /** Sets an attempt (or, without an index, the whole set) aside, or shows it again. */
  async setAside(setId: string, aside: boolean, index?: number): Promise<void> {
    if (index !== undefined) return this.change(setId, index, a => ({ ...a, aside: aside || undefined }));
    const sets = this.read().sets.map(s => (s.id === setId ? withAside(s, aside) : s));
    await this.write(sets, setId);
  }

  /** Whether the views show what was set aside (each marked as such) in this workspace. */
  showingAside(): boolean {
    return this.state.get<unknown>(STATE_KEYS.attemptSetsAsideShown) === true;
  }

  /** Shows what was set aside in the views again, or hides it. Fires with '' (no one set changed). */
  async showAside(on: boolean): Promise<void> {
    if (on === this.showingAside()) return;
    await this.state.update(STATE_KEYS.attemptSetsAsideShown, on || undefined);
    this.changed.fire('');
  }

  /** Whether any set, or attempt of one, is set aside. */
  anyAside(): boolean {
    return this.read().sets.some(s => s.aside === true || s.attempts.some(a => a.aside === true));
  }

  private async change(setId: string, index: number, f: (a: Attempt) => Attempt): Promise<void> {
    const sets = this.read().sets.map(s => {
      if (s.id !== setId || !s.attempts[index]) return s;
      const attempts = s.attempts.map((a, i) => (i === index ? clean(f(a)) : a));
      return { ...s, attempts };
    });
    await this.write(sets, setId);
  }

  private async write(sets: AttemptSet[], changedId: string): Promise<void> {
    await this.state.update(STATE_KEYS.attemptSets, sets);
    this.cache = undefined;
    this.changed.fire(changedId);
  }

  /** What is stored, without what is not a set (a damaged or older state); read once per stored value. */
  private read(): { sets: AttemptSet[]; byTask: Map<string, AttemptPlace> } {
    const raw = this.state.get<unknown>(STATE_KEYS.attemptSets);
    if (this.cache && this.cache.raw === raw) return this.cache;
    const sets = Array.isArray(raw) ? raw.flatMap(readSet) : [];
    const byTask = new Map<string, AttemptPlace>();
    for (const set of sets) {
      set.attempts.forEach((a, index) => {
        // A task claimed by two sets (a damaged state) stays in the first.
        if (a.taskId !== undefined && !byTask.has(a.taskId)) byTask.set(a.taskId, { set, index });
      });
    }
    this.cache = { raw, sets, byTask };
    return this.cache;
  }

  dispose(): void {
    this.changed.dispose();
  }
}

function withAside(s: AttemptSet, aside: boolean): AttemptSet {
  const { aside: _old, ...rest } = s;
  return aside ? { ...rest, aside: true } : rest;
}

/** An attempt without its empty fields (so equal attempts store alike). */
function clean(a: Attempt): Attempt {
  return {
    model: a.model,
    ...(a.taskId !== undefined ? { taskId: a.taskId } : {}),
    ...(a.failure !== undefined && a.taskId === undefined ? { failure: a.failure } : {}),
    ...(a.aside ? { aside: true } : {}),
  };
}

/** The first non-empty line of a prompt, shortened to what a row shows. */
export function firstLine(prompt: string): string {
  const line = prompt.split(/\r?\n/).find(l => l.trim() !== '') ?? '';
  const t = line.trim();
  return t.length > 120 ? `${t.slice(0, 119)}…` : t;
}

const str = (v: unknown): v is string => typeof v === 'string';

function readSet(v: unknown): AttemptSet[] {
  const s = v as Record<string, unknown> | null;
  if (typeof s !== 'object' || s === null || !str(s.id) || !/^set-\d+$/.test(s.id) || !str(s.name)) return [];
  const st = s.start as Record<string, unknown> | null;
  if (typeof st !== 'object' || st === null) return [];
  if (![st.repo, st.prompt, st.base_ref, st.head_ref, st.custom_agent].every(str)) return [];
  if (typeof st.create_pull_request !== 'boolean' || typeof s.createdAt !== 'number') return [];
  if (!Array.isArray(s.attempts) || s.attempts.length < MIN_ATTEMPTS || s.attempts.length > MAX_ATTEMPTS) return [];
  const attempts: Attempt[] = [];
  for (const a of s.attempts as unknown[]) {
    const r = a as Record<string, unknown> | null;
    if (typeof r !== 'object' || r === null || !str(r.model)) return [];
    if (r.taskId !== undefined && !str(r.taskId)) return [];
    attempts.push(
      clean({
        model: r.model,
        taskId: r.taskId,
        failure: str(r.failure) ? r.failure : undefined,
        aside: r.aside === true,
      }),
    );
  }
  return [
    {
      id: s.id,
      name: s.name,
      start: {
        repo: st.repo as string,
        prompt: st.prompt as string,
        base_ref: st.base_ref as string,
        head_ref: st.head_ref as string,
        create_pull_request: st.create_pull_request,
        custom_agent: st.custom_agent as string,
      },
      createdAt: s.createdAt,
      attempts,
      ...(s.aside === true ? { aside: true } : {}),
    },
  ];
}
