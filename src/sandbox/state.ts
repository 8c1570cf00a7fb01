// The sandbox's in-memory state, built from a world file and turned back into one for the state file.
import { KNOWN_MODELS } from '../api/types';
import type { Artifact } from '../api/types';
import type { HttpReply } from './http/reply';
import { installationToWorld, taskToWorld } from './records';
import type { AccountRec, InstRec, RepoRec, TaskRec, TokenRec } from './stateRecords';
import type { WorldAttemptSet, WorldFile, WorldOrganization, WorldTask, WorldUser } from './world';

export type { AccountRec, InstRec, RepoRec, SessionRec, TaskRec, TokenRec } from './stateRecords';

export const DEFAULT_MODEL: string = KNOWN_MODELS[0];
export const DEFAULT_BRANCH = 'main';

export class State {
  readonly users = new Map<number, WorldUser>();
  readonly orgs = new Map<number, WorldOrganization>();
  readonly accounts = new Map<string, AccountRec>();
  readonly repos = new Map<number, RepoRec>();
  readonly reposByName = new Map<string, RepoRec>();
  readonly installations = new Map<number, InstRec>();
  readonly tokens = new Map<string, TokenRec>();
  readonly tasks = new Map<string, TaskRec>();
  readonly tasksByRepo = new Map<number, TaskRec[]>();
  private seq = 0;
  private updSeq = 0;
  /** Bumped on every change of anything a response could show. */
  version = 0;
  /** Rendered reads by credentials, origin and URL, valid while `version` stands (see http/dispatch). */
  readonly responses = new Map<string, { version: number; reply: HttpReply | undefined }>();
  /** Told when a task with a session moves: the agent works on its branch (see git/repos). */
  onSessionMove: ((t: TaskRec) => void) | undefined;

  /** The world's sets of attempts (task ids), as given. */
  readonly attemptSets: WorldAttemptSet[];

  constructor(world: WorldFile, now = Date.now()) {
    this.attemptSets = (world.attempt_sets ?? []).map(s => ({ tasks: [...s.tasks] }));
    for (const u of world.users) {
      this.users.set(u.id, { ...u });
      this.accounts.set(u.login.toLowerCase(), { id: u.id, login: u.login, type: 'User' });
    }
    for (const o of world.organizations ?? []) {
      this.orgs.set(o.id, { ...o, members: [...(o.members ?? [])] });
      this.accounts.set(o.login.toLowerCase(), { id: o.id, login: o.login, type: 'Organization' });
    }
    for (const r of world.repositories) {
      const ownerAccount = this.accounts.get(r.owner.toLowerCase())!;
      const rec: RepoRec = {
        ...r,
        owner: ownerAccount.login,
        ownerAccount,
        createdMs: r.created_at ? Date.parse(r.created_at) : now - 86_400_000 * 90,
      };
      this.repos.set(r.id, rec);
      this.reposByName.set(`${ownerAccount.login}/${r.name}`.toLowerCase(), rec);
    }
    for (const s of world.installations ?? []) {
      this.installations.set(s.id, {
        ...s,
        accountRec: this.accounts.get(s.account.toLowerCase())!,
        repositories: [...(s.repositories ?? [])],
      });
    }
    for (const t of world.tokens) this.tokens.set(t.value, { ...t });
    for (const t of world.tasks ?? []) this.addTask(taskFromWorld(t, this, now));
  }

  nextSeq(): number {
    return ++this.seq;
  }

  addTask(t: TaskRec): void {
    this.tasks.set(t.id, t);
    let list = this.tasksByRepo.get(t.repository);
    if (!list) this.tasksByRepo.set(t.repository, (list = []));
    list.push(t);
    this.touched(t);
  }

  /** Records that a task changed (its rendering and every list that shows it are stale). */
  touched(t: TaskRec): void {
    t.rev++;
    t.updSeq = ++this.updSeq;
    this.version++;
  }

  changed(): void {
    this.version++;
  }

  /** The state as a world file; without tasks (`tasks: []`) for a snapshot that writes them in slices. */
  toWorld(withTasks = true): WorldFile {
    return {
      users: [...this.users.values()].map(u => ({ ...u })),
      organizations: [...this.orgs.values()].map(o => ({ ...o })),
      repositories: [...this.repos.values()].map(({ ownerAccount: _o, createdMs, ...r }) => ({
        ...r,
        created_at: new Date(createdMs).toISOString(),
      })),
      installations: [...this.installations.values()].map(installationToWorld),
      tokens: [...this.tokens.values()].map(t => ({ ...t })),
      ...(this.attemptSets.length > 0 ? { attempt_sets: this.attemptSets.map(s => ({ tasks: [...s.tasks] })) } : {}),
      // Last: a snapshot writes the tasks in slices at the end of this (durable.ts).
      tasks: withTasks ? [...this.tasks.values()].sort((a, b) => a.seq - b.seq).map(taskToWorld) : [],
    };
  }
}

/** A task name from its prompt: the first line without the sandbox's `[sandbox:STATE]` directives, shortened. */
export function taskName(prompt: string): string {
  const line = prompt
    .trim()
    .split(/\r?\n/, 1)[0]
    .replace(/\s*\[sandbox:[a-z_]+\]/g, '')
    .trim();
  return line.length > 72 ? `${line.slice(0, 71)}…` : line || 'Task';
}

export function agentBranchFor(id: string, name: string): string {
  const slug =
    name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')
      .slice(0, 30) || 'task';
  return `agent/${slug}-${id.slice(-6)}`;
}

export function artifactFor(t: TaskRec, id: number): Artifact {
  return t.create_pull_request
    ? { provider: 'sandbox', type: 'pull', data: { id } }
    : { provider: 'sandbox', type: 'branch', data: { id, head_ref: t.head_ref } };
}

const FINISHED_WITH_SESSION_END = new Set(['completed', 'failed', 'timed_out', 'cancelled']);

export function isFinishedSessionState(s: string): boolean {
  return FINISHED_WITH_SESSION_END.has(s);
}

function taskFromWorld(w: WorldTask, st: State, now: number): TaskRec {
  const seq = st.nextSeq();
  const id = w.id ?? `task-${String(seq).padStart(4, '0')}`;
  const name = w.name ?? taskName(w.prompt);
  const state = w.state ?? 'queued';
  const createdMs = w.created_at ? Date.parse(w.created_at) : now;
  const updatedMs = w.updated_at ? Date.parse(w.updated_at) : Math.max(createdMs, now);
  const repo = st.repos.get(w.repository)!;
  const t: TaskRec = {
    id,
    seq,
    updSeq: 0,
    repository: w.repository,
    creator: w.creator,
    prompt: w.prompt,
    name,
    model: w.model ?? DEFAULT_MODEL,
    create_pull_request: w.create_pull_request ?? false,
    base_ref: w.base_ref ?? repo.default_branch ?? DEFAULT_BRANCH,
    head_ref: w.head_ref ?? agentBranchFor(id, name),
    ...(w.custom_agent !== undefined ? { custom_agent: w.custom_agent } : {}),
    ...(w.ends !== undefined ? { ends: w.ends } : {}),
    ...(w.step_ms !== undefined ? { stepMs: w.step_ms } : {}),
    state,
    archivedMs: w.archived_at ? Date.parse(w.archived_at) : null,
    createdMs,
    updatedMs,
    artifacts: w.artifacts ? w.artifacts.map(a => ({ ...a, data: { ...a.data } })) : [],
    sessions: [],
    ...(w.commits ? { commits: structuredClone(w.commits) } : {}),
    rev: 0,
    movedAt: now,
  };
  if (w.sessions) {
    t.sessions = w.sessions.map((s, i) => ({
      id: s.id ?? `${id}-s${i + 1}`,
      state: s.state,
      createdMs: s.created_at ? Date.parse(s.created_at) : createdMs,
      updatedMs: s.updated_at ? Date.parse(s.updated_at) : updatedMs,
      completedMs: s.completed_at ? Date.parse(s.completed_at) : null,
      prompt: s.prompt ?? t.prompt,
      model: s.model ?? t.model,
      head_ref: s.head_ref ?? t.head_ref,
      base_ref: s.base_ref ?? t.base_ref,
    }));
  } else if (state !== 'queued') {
    t.sessions = [
      {
        id: `${id}-s1`,
        state,
        createdMs,
        updatedMs,
        completedMs: isFinishedSessionState(state) ? updatedMs : null,
        prompt: t.prompt,
        model: t.model,
        head_ref: t.head_ref,
        base_ref: t.base_ref,
      },
    ];
  }
  if (!w.artifacts && state === 'completed') t.artifacts = [artifactFor(t, 100 + seq)];
  return t;
}
