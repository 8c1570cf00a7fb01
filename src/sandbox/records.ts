// What the journal holds: the whole new value of each thing that changed (a task, a token, an installation), or
// the whole world after a reset. Whole values make a record mean the same whenever it is applied, so a snapshot
// taken while changes go on is made right by applying the journal written since the snapshot began.
import type { InstRec, TaskRec, TokenRec } from './stateRecords';
import type { WorldFile, WorldInstallation, WorldTask, WorldToken } from './world';

export type JournalRecord =
  { task: WorldTask } | { token: WorldToken } | { installation: WorldInstallation } | { world: WorldFile };

/** What one change touched; the values are read when the batch is written, so one line carries the latest. */
export interface StateChange {
  tasks?: readonly TaskRec[];
  tokens?: readonly TokenRec[];
  installations?: readonly InstRec[];
  /** The whole state was replaced. */
  world?: boolean;
}

export const installationToWorld = ({ accountRec: _a, ...s }: InstRec): WorldInstallation => ({
  ...s,
  repositories: [...s.repositories],
});

const iso = (ms: number): string => new Date(ms).toISOString();

export function taskToWorld(t: TaskRec): WorldTask {
  return {
    id: t.id,
    repository: t.repository,
    creator: t.creator,
    prompt: t.prompt,
    state: t.state,
    name: t.name,
    model: t.model,
    create_pull_request: t.create_pull_request,
    base_ref: t.base_ref,
    head_ref: t.head_ref,
    ...(t.custom_agent !== undefined ? { custom_agent: t.custom_agent } : {}),
    ...(t.ends !== undefined ? { ends: t.ends } : {}),
    ...(t.stepMs !== undefined ? { step_ms: t.stepMs } : {}),
    archived_at: t.archivedMs === null ? null : iso(t.archivedMs),
    created_at: iso(t.createdMs),
    updated_at: iso(t.updatedMs),
    artifacts: t.artifacts.map(a => ({ ...a, data: { ...a.data } })),
    sessions: t.sessions.map(s => ({
      id: s.id,
      state: s.state,
      created_at: iso(s.createdMs),
      updated_at: iso(s.updatedMs),
      completed_at: s.completedMs === null ? null : iso(s.completedMs),
      prompt: s.prompt,
      model: s.model,
      head_ref: s.head_ref,
      base_ref: s.base_ref,
    })),
    ...(t.commits ? { commits: t.commits } : {}),
  };
}

/** What of the state the pending changes are read from: its records, and the whole world after a reset. */
export interface RecordSource {
  readonly tasks: ReadonlyMap<string, TaskRec>;
  readonly tokens: ReadonlyMap<string, TokenRec>;
  readonly installations: ReadonlyMap<number, InstRec>;
  toWorld(): WorldFile;
}

/** The changes noted since the last batch, turned into journal lines when the batch is written. */
export class Pending {
  private readonly tasks = new Set<TaskRec>();
  private readonly tokens = new Set<TokenRec>();
  private readonly installations = new Set<InstRec>();
  private world = false;

  /** Values of a state that a reset has replaced are left out: they are not part of what is kept any more. */
  add(c: StateChange, st: RecordSource): void {
    if (c.world) {
      // The whole world is written anyway; values of the state that was replaced mean nothing now.
      this.world = true;
      this.tasks.clear();
      this.tokens.clear();
      this.installations.clear();
      return;
    }
    if (this.world) return;
    for (const t of c.tasks ?? []) if (st.tasks.get(t.id) === t) this.tasks.add(t);
    for (const t of c.tokens ?? []) if (st.tokens.get(t.value) === t) this.tokens.add(t);
    for (const i of c.installations ?? []) if (st.installations.get(i.id) === i) this.installations.add(i);
  }

  /** The journal lines of everything pending, in an order that replays well (tasks by creation). */
  take(st: RecordSource): string {
    let out = '';
    if (this.world) out = `${JSON.stringify({ world: st.toWorld() })}\n`;
    for (const t of this.tokens) out += `${JSON.stringify({ token: { ...t } })}\n`;
    for (const i of this.installations) out += `${JSON.stringify({ installation: installationToWorld(i) })}\n`;
    for (const t of [...this.tasks].sort((a, b) => a.seq - b.seq))
      out += `${JSON.stringify({ task: taskToWorld(t) })}\n`;
    this.world = false;
    this.tasks.clear();
    this.tokens.clear();
    this.installations.clear();
    return out;
  }
}

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Applies journal records to a world, in order. Records are checked only for their shape here; the world that
 * results is checked whole afterwards (validateWorld). Returns false for a record that is not one.
 */
export class Replay {
  private tasks = new Map<string, number>();
  private tokens = new Map<string, number>();
  private installations = new Map<number, number>();

  constructor(public world: WorldFile) {
    this.index();
  }

  private index(): void {
    const w = this.world;
    w.tasks ??= [];
    w.installations ??= [];
    this.tasks = new Map(w.tasks.map((t, i) => [String(t.id), i]));
    this.tokens = new Map(w.tokens.map((t, i) => [t.value, i]));
    this.installations = new Map(w.installations.map((s, i) => [s.id, i]));
  }

  apply(rec: unknown): boolean {
    if (!isObj(rec)) return false;
    if (isObj(rec.world)) {
      this.world = rec.world as unknown as WorldFile;
      if (!Array.isArray(this.world.tokens)) return false;
      this.index();
    } else if (isObj(rec.task) && typeof rec.task.id === 'string') {
      put(this.world.tasks!, this.tasks, rec.task.id, rec.task as unknown as WorldTask);
    } else if (isObj(rec.token) && typeof rec.token.value === 'string') {
      put(this.world.tokens, this.tokens, rec.token.value, rec.token as unknown as WorldToken);
    } else if (isObj(rec.installation) && typeof rec.installation.id === 'number') {
      put(
        this.world.installations!,
        this.installations,
        rec.installation.id,
        rec.installation as unknown as WorldInstallation,
      );
    } else {
      return false;
    }
    return true;
  }
}

function put<K, V>(list: V[], index: Map<K, number>, key: K, value: V): void {
  const at = index.get(key);
  if (at === undefined) {
    index.set(key, list.length);
    list.push(value);
  } else {
    list[at] = value;
  }
}
