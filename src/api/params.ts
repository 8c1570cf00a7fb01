// Parameters of the endpoint methods, as the specification names them. Arrays (`state`, `creator_id`) are arrays
// here; `query.ts` encodes them the way the service reads them.
import type { KnownModel, TaskState } from './types';

export interface CallOptions {
  /** Aborts the request (and any wait before a retry); the call rejects with status 0, kind `aborted`. */
  signal?: AbortSignal;
}

export interface PaginateOptions extends CallOptions {
  /** Stop after this many pages (default 1000). */
  maxPages?: number;
}

export interface PageParams {
  /** Default 30, at most 100. */
  per_page?: number;
  /** Default 1. */
  page?: number;
}

export interface RepoRef {
  owner: string;
  repo: string;
}

export type TaskSort = 'updated_at' | 'created_at';
export type SortDirection = 'asc' | 'desc';

export interface TaskListFilters extends PageParams {
  sort?: TaskSort;
  direction?: SortDirection;
  /** Any of the task states; sent as one comma-separated value. */
  state?: TaskState | readonly TaskState[];
  /** true: only archived tasks; false or omitted: only non-archived ones. */
  is_archived?: boolean;
  /** Only tasks updated at or after this time. */
  since?: string | Date;
}

export interface ListRepositoryTasksParams extends RepoRef, TaskListFilters {
  /** Creator user ids; the key is repeated for each. */
  creator_id?: number | readonly number[];
}

export type ListTasksParams = TaskListFilters;

export interface StartTaskParams extends RepoRef {
  prompt: string;
  model?: KnownModel | (string & {});
  create_pull_request?: boolean;
  base_ref?: string;
  head_ref?: string;
  custom_agent?: string;
}

export interface GetRepositoryTaskParams extends RepoRef {
  task_id: string;
}

export interface GetTaskParams {
  task_id: string;
}

export interface ListUserInstallationReposParams extends PageParams {
  installation_id: number;
}

export interface InstallationRepoParams {
  installation_id: number;
  repository_id: number;
}
