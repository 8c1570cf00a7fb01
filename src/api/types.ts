// Resources as the client hands them on. Each shape is declared once, in `schema/`: the types here are inferred from
// those declarations, and the readers in `read/` are built from the same ones, so what is typed here is what a
// caller gets. Reading is tolerant: the service is not ours, so enums are open (`KnownX | (string & {})`); fields
// present only in some answers, fields the client does not use, and references that may be unusable are optional;
// a required field that came unusable holds the neutral value of its type ('' / 0 / [] / null).
import type * as v from 'valibot';
import type { AccessLevel, AccountShape, InstallationShape } from './schema/account';
import type { LicenseShape, RepositoryPermissionsShape, RepositoryShape } from './schema/repository';
import type { ActorRefShape, ArtifactShape, SessionShape, TaskShape } from './schema/task';
import type { KnownTaskState } from './schema/values';

export {
  ACCOUNT_TEXTS,
  ACTIVE_TASK_STATES,
  KNOWN_MODELS,
  REPOSITORY_COUNTS,
  REPOSITORY_FLAGS,
  REPOSITORY_NULLABLE_TEXTS,
  REPOSITORY_TEXTS,
  TASK_STATES,
} from './schema/values';
export type { KnownModel, KnownTaskState } from './schema/values';
export type { AccessLevel };

export type TaskState = KnownTaskState | (string & {});
export type ActorRef = v.InferOutput<typeof ActorRefShape>;
export type Artifact = v.InferOutput<typeof ArtifactShape>;
export type Session = v.InferOutput<typeof SessionShape>;
export type Task = v.InferOutput<typeof TaskShape>;
export type TaskWithSessions = Task & { sessions: Session[] };

export interface TaskList {
  tasks: Task[];
}

export type Account = v.InferOutput<typeof AccountShape>;
export type Installation = v.InferOutput<typeof InstallationShape>;
export type License = v.InferOutput<typeof LicenseShape>;
export type RepositoryPermissions = v.InferOutput<typeof RepositoryPermissionsShape>;
export type Repository = v.InferOutput<typeof RepositoryShape>;

export interface RepositoryList {
  total_count: number;
  repositories: Repository[];
}

export interface InstallationList {
  total_count: number;
  installations: Installation[];
}

/** Error bodies, following the public conventions of this API family. */
export interface ErrorBody {
  message: string;
  documentation_url?: string;
  errors?: Array<{ resource?: string; field?: string; code?: string; message?: string }>;
}
