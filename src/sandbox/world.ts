// The world file: the public format in which tests and users describe what the sandbox serves.
// Its checks live in world-check.ts.
import type { Artifact } from '../api/types';

/** The states a task's life can end in: a world task's `ends`, or `[sandbox:STATE]` in a prompt. */
export const TASK_ENDS = ['completed', 'failed', 'waiting_for_user', 'timed_out', 'cancelled', 'idle'] as const;

export type Plan = 'business' | 'enterprise' | (string & {});
export type WorldAccessLevel = 'read' | 'write' | 'admin';

export interface WorldUser {
  id: number;
  login: string;
  copilot_plan?: Plan;
}

export interface WorldOrganization {
  id: number;
  login: string;
  members?: number[];
  /** What every member may do on the organization's repositories; `none` (the default) gives nothing. */
  default_permission?: WorldAccessLevel | 'none';
}

export interface WorldRepository {
  id: number;
  owner: string;
  name: string;
  private?: boolean;
  /** User id (as a string key) → level. The owning user of a user-owned repository is always admin. */
  access?: Record<string, WorldAccessLevel>;
  description?: string | null;
  default_branch?: string;
  topics?: string[];
  custom_properties?: Record<string, string>;
  created_at?: string;
  /** Served as a git repository over smart HTTP at `{origin}/{owner}/{name}.git` (see WorldGit). */
  git?: WorldGit;
}

export interface WorldGit {
  /** Path → text of the files of the first commit on the default branch; a README when omitted or empty. */
  files?: Record<string, string>;
}

export interface WorldInstallation {
  id: number;
  account: string;
  app_id: number;
  app_slug: string;
  repository_selection: 'all' | 'selected';
  repositories?: number[];
  permissions?: Record<string, string>;
  events?: string[];
  created_at?: string;
  updated_at?: string;
}

export type WorldToken =
  | {
      value: string;
      type: 'fine_grained' | 'app_user';
      user: number;
      permissions?: Record<string, string>;
      revoked?: boolean;
    }
  | { value: string; type: 'classic'; user: number; scopes?: string[]; revoked?: boolean }
  | { value: string; type: 'installation'; installation: number; revoked?: boolean };

export interface WorldSession {
  id?: string;
  state: string;
  created_at?: string;
  updated_at?: string;
  completed_at?: string | null;
  prompt?: string;
  model?: string;
  head_ref?: string;
  base_ref?: string;
}

export interface WorldTask {
  id?: string;
  repository: number;
  creator: number;
  prompt: string;
  state?: string;
  name?: string;
  model?: string;
  create_pull_request?: boolean;
  base_ref?: string;
  head_ref?: string;
  custom_agent?: string;
  /** The end state the task's life reaches when it runs (`completed` by default); see docs/sandbox.md. */
  ends?: string;
  /**
   * How long each step of its life takes while the sandbox moves tasks on its own (`--step-ms` above 0), in place of
   * that step: a demo's task can stay queued or running for minutes. Tasks move only when asked with `--step-ms 0`.
   */
  step_ms?: number;
  archived_at?: string | null;
  created_at?: string;
  updated_at?: string;
  /** Omitted: derived from the state (a completed task gets its pull or branch artifact). */
  artifacts?: Artifact[];
  /** Omitted: one session for every task past `queued`. */
  sessions?: WorldSession[];
  /**
   * The agent's commits on head_ref, exactly, written in order when the task's first session starts (or when the
   * world is loaded, for a task already past `queued`). Omitted: the sandbox's agent generates its work.
   */
  commits?: WorldCommit[];
}

/** One commit a world task spells out: its message and what it does to each path it names. */
export interface WorldCommit {
  message: string;
  files: Record<string, WorldFileChange>;
}

/**
 * A path's change: its new text (added or changed), `null` (deleted), `{base64}` (bytes, added or changed),
 * `{from}` (renamed from that path, same content) or `{from, text}` (renamed and changed). Renames read the tree
 * before the commit.
 */
export type WorldFileChange = string | null | { base64: string } | { from: string; text?: string };

export interface WorldFile {
  users: WorldUser[];
  organizations?: WorldOrganization[];
  repositories: WorldRepository[];
  installations?: WorldInstallation[];
  tokens: WorldToken[];
  tasks?: WorldTask[];
  /** Tasks of this world that are attempts of one prompt (see docs/sandbox.md, "A set of attempts in the world"). */
  attempt_sets?: WorldAttemptSet[];
}

/**
 * Two to four tasks of the world (their ids) started as attempts of one prompt: one repository, creator and prompt.
 * The service has no such notion; the sandbox only tells an editor about it (`GET /_sandbox/attempt-sets`).
 */
export interface WorldAttemptSet {
  tasks: string[];
}

/** A world that does not hold together; `message` names the offending entry, e.g. `repositories[2] (acme/svc): …`. */
export class WorldError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WorldError';
  }
}
