// The public surface of the API module. Other code imports from here only.
export { ApiClient } from './client';
export type { ApiClientOptions, ResponseInfo, TokenSource } from './engine';
export { DEFAULT_TIMEOUT_MS } from './engine';
export { ApiError, isApiError } from './errors';
export type { ApiErrorKind, RateLimit } from './errors';
export { isLoopbackHost } from './guard';
export type {
  CallOptions,
  GetTaskForRepoParams,
  GetTaskParams,
  InstallationRepoParams,
  ListTasksForRepoParams,
  ListTasksParams,
  ListUserInstallationReposParams,
  PageParams,
  PaginateOptions,
  RepoRef,
  SortDirection,
  StartTaskParams,
  TaskListFilters,
  TaskSort,
} from './params';
export type { PaginatedMethod, PaginateMap } from './routes';
export * from './protocol';
export * from './types';
