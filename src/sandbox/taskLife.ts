// A task's life: queued → in_progress (a session appears) → an end state: the world file's `ends` for the task,
// else what the prompt asks for with `[sandbox:STATE]` (kept for tests that start tasks through the API), else
// `failed` when the task's model fails its prompt (git/models.ts), else `completed`. The control endpoint can put a
// task in any state.
import { randomBytes } from 'node:crypto';
import { ACTIVE_TASK_STATES, TASK_STATES, type Artifact } from '../api/types';
import { modelFails } from './git/models';
import { TASK_ENDS } from './world';
import { type State, type TaskRec, artifactFor, agentBranchFor, isFinishedSessionState, taskName } from './state';

const OUTCOMES: readonly string[] = TASK_ENDS;
const MARKER = /\[sandbox:([a-z_]+)\]/;

/**
 * The end state a prompt asks for (`[sandbox:failed]` …); else `failed` when the model fails that prompt
 * (git/models.ts), else `completed`.
 */
export function outcomeOf(prompt: string, model?: string): string {
  const m = MARKER.exec(prompt);
  if (m && OUTCOMES.includes(m[1])) return m[1];
  return modelFails(prompt, model) ? 'failed' : 'completed';
}

/** Where a task's life ends: its world's `ends`, else its prompt's marker, else its model's luck, else `completed`. */
export function endOf(t: Pick<TaskRec, 'ends' | 'prompt' | 'model'>): string {
  return t.ends ?? outcomeOf(t.prompt, t.model);
}

/**
 * The open pull request of `head_ref` into `base_ref` in the task's repository, made by another task: a task that
 * works on that branch commits to it (the specification's `head_ref` with `base_ref`), so its artifact is that pull
 * request, not a second one. (Pull requests of the sandbox are never merged or closed.)
 */
function openPullOf(st: State, t: TaskRec): Artifact | undefined {
  for (const o of st.tasksByRepo.get(t.repository) ?? []) {
    if (o === t || o.head_ref !== t.head_ref || o.base_ref !== t.base_ref) continue;
    const pull = o.artifacts.find(a => a.type === 'pull');
    if (pull) return { ...pull, data: { ...pull.data } };
  }
  return undefined;
}

export function isActiveState(state: string): boolean {
  return (ACTIVE_TASK_STATES as readonly string[]).includes(state);
}

export function isTaskState(s: unknown): s is string {
  return typeof s === 'string' && (TASK_STATES as readonly string[]).includes(s);
}

export interface NewTask {
  repository: number;
  creator: number;
  prompt: string;
  model: string;
  create_pull_request: boolean;
  base_ref: string;
  head_ref?: string;
  custom_agent?: string;
}

export function newId(): string {
  return randomBytes(8).toString('hex');
}

export function createTask(st: State, n: NewTask, now = Date.now()): TaskRec {
  const id = newId();
  const name = taskName(n.prompt);
  const t: TaskRec = {
    id,
    seq: st.nextSeq(),
    updSeq: 0,
    repository: n.repository,
    creator: n.creator,
    prompt: n.prompt,
    name,
    model: n.model,
    create_pull_request: n.create_pull_request,
    base_ref: n.base_ref,
    head_ref: n.head_ref ?? agentBranchFor(id, name),
    ...(n.custom_agent !== undefined ? { custom_agent: n.custom_agent } : {}),
    state: 'queued',
    archivedMs: null,
    createdMs: now,
    updatedMs: now,
    artifacts: [],
    sessions: [],
    rev: 0,
    movedAt: now,
  };
  st.addTask(t);
  return t;
}

/** Puts a task in `state`, with what that state implies: a session once past queued, an artifact on completion. */
export function moveTo(st: State, t: TaskRec, state: string, now = Date.now()): void {
  const first = state !== 'queued' && t.sessions.length === 0;
  if (first) {
    t.sessions.push({
      id: `${t.id}-s1`,
      state,
      createdMs: now,
      updatedMs: now,
      completedMs: null,
      prompt: t.prompt,
      model: t.model,
      head_ref: t.head_ref,
      base_ref: t.base_ref,
    });
  }
  const s = t.sessions[t.sessions.length - 1];
  if (s) {
    s.state = state;
    s.updatedMs = now;
    s.completedMs = isFinishedSessionState(state) ? now : null;
  }
  if (state === 'completed' && t.artifacts.length === 0)
    t.artifacts.push(openPullOf(st, t) ?? artifactFor(t, 1000 + t.seq));
  t.state = state;
  t.updatedMs = now;
  t.movedAt = now;
  st.touched(t);
  if (t.sessions.length > 0) st.onSessionMove?.(t);
}

export function setArchived(st: State, t: TaskRec, archived: boolean, now = Date.now()): void {
  if (archived === (t.archivedMs !== null)) return;
  t.archivedMs = archived ? now : null;
  t.updatedMs = now;
  st.touched(t);
}

/**
 * One step for every unfinished task; with `stepMs`, only for those that sat still that long since their last step
 * (a task's own `stepMs` in place of it). Returns the tasks moved.
 */
export function advance(st: State, now = Date.now(), stepMs?: number): TaskRec[] {
  const moved: TaskRec[] = [];
  for (const t of st.tasks.values()) {
    if (!isActiveState(t.state)) continue;
    if (stepMs !== undefined && t.movedAt > now - (t.stepMs ?? stepMs)) continue;
    moveTo(st, t, t.state === 'queued' ? 'in_progress' : endOf(t), now);
    moved.push(t);
  }
  return moved;
}

/** Real-time steps: a setTimeout chain that moves each task once it has sat still for `stepMs`. */
export class Stepper {
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;

  constructor(
    private readonly stepMs: number,
    private readonly state: () => State,
    private readonly onMoved: (moved: TaskRec[]) => void,
    private readonly now: () => number = Date.now,
  ) {}

  start(): void {
    if (this.stepMs > 0) this.schedule();
  }

  private schedule(): void {
    if (this.stopped) return;
    // Half a step of granularity keeps each task's pace close to stepMs without a timer per task.
    this.timer = setTimeout(
      () => {
        const now = this.now();
        const moved = advance(this.state(), now, this.stepMs);
        if (moved.length > 0) this.onMoved(moved);
        this.schedule();
      },
      Math.max(10, Math.floor(this.stepMs / 2)),
    );
    this.timer.unref();
  }

  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
  }
}
