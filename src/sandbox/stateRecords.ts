// The records of the sandbox's in-memory state: what a task, an installation, an account and a token are while the
// sandbox runs (the world file's shapes, with times as numbers and links resolved). Types only.
import type { Artifact } from '../api/types';
import type { WorldCommit, WorldInstallation, WorldRepository, WorldToken } from './world';

export interface SessionRec {
  id: string;
  state: string;
  createdMs: number;
  updatedMs: number;
  completedMs: number | null;
  prompt: string;
  model: string;
  head_ref: string;
  base_ref: string;
}

export interface TaskRec {
  id: string;
  /** Creation order, the tie-breaker of created_at. */
  seq: number;
  /** Order of the last change, the tie-breaker of updated_at. */
  updSeq: number;
  repository: number;
  creator: number;
  prompt: string;
  name: string;
  model: string;
  create_pull_request: boolean;
  base_ref: string;
  head_ref: string;
  custom_agent?: string;
  /** The end state its life reaches (the world file's `ends`); absent: the prompt's marker, or `completed`. */
  ends?: string;
  /** Its own pace of real-time steps (the world file's `step_ms`); absent: the sandbox's. */
  stepMs?: number;
  state: string;
  archivedMs: number | null;
  createdMs: number;
  updatedMs: number;
  artifacts: Artifact[];
  sessions: SessionRec[];
  /** The commits the world spells out for its branch; undefined: generated work (see git/work). */
  commits?: WorldCommit[];
  /** Bumped on every change; the rendering cache is keyed on it. */
  rev: number;
  /** Wall time of the last lifecycle step, so real-time steps keep their pace per task. */
  movedAt: number;
}

export interface AccountRec {
  id: number;
  login: string;
  type: 'User' | 'Organization';
}

export interface RepoRec extends WorldRepository {
  ownerAccount: AccountRec;
  createdMs: number;
}

export interface InstRec extends WorldInstallation {
  accountRec: AccountRec;
  repositories: number[];
}

export type TokenRec = WorldToken;
