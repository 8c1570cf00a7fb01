// The public surface of the API module, built for plain Node as dist/api.js (undici's stack apart, in
// dist/nodeFetch.js). The extension imports its types from here and its code on first use (service/clients.ts);
// model/remotes.ts takes the loopback rule from guard.ts, and the sandbox takes the protocol constants and resource
// types from protocol.ts and types.ts (both free of undici).
export { ApiClient } from './client';
export type { ApiClientOptions, ResponseInfo, TokenSource } from './options';
export type { FetchLike, HopInit, HopResponse, OwnFetch } from './fetchLike';
export type { NetworkFault, NetworkPart } from './netFault';
export { DEFAULT_TIMEOUT_MS } from './options';
export { ApiError, isApiError } from './errors';
export type { ApiErrorKind, RateLimit } from './errors';
export { isLoopbackHost } from './guard';
export { MAX_WAIT_MS } from './headers';
export { MAX_BODY_BYTES } from './transport';
export type { ApiWarning } from './warnings';
export type {
  CallOptions,
  GetRepositoryTaskParams,
  GetTaskParams,
  InstallationRepoParams,
  ListRepositoryTasksParams,
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
