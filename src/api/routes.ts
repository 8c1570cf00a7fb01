// Each endpoint as method, path (percent-encoded segments) and query. Shared by the endpoint methods and by
// pagination, so both always ask the same thing.
import type { QueryValue } from './query';
import { encodeQuery, segment } from './query';
import type {
  GetRepositoryTaskParams,
  GetTaskParams,
  InstallationRepoParams,
  ListRepositoryTasksParams,
  ListTasksParams,
  ListUserInstallationReposParams,
  PageParams,
  RepoRef,
  StartTaskParams,
  TaskListFilters,
} from './params';
import type { Installation, Repository, Task } from './types';

export interface Route {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Path and query, relative to the service address. */
  path: string;
  body?: Record<string, unknown>;
}

function page(p: PageParams): Record<string, QueryValue> {
  return { per_page: p.per_page, page: p.page };
}

function filters(p: TaskListFilters): Record<string, QueryValue> {
  const since = p.since instanceof Date ? p.since.toISOString() : p.since;
  const state = typeof p.state === 'string' ? [p.state] : p.state;
  return { ...page(p), sort: p.sort, direction: p.direction, state, is_archived: p.is_archived, since };
}

function repoTasks(p: { owner: string; repo: string }): string {
  return `/agents/repos/${segment(p.owner)}/${segment(p.repo)}/tasks`;
}

function defined(o: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(o)) if (v !== undefined) out[k] = v;
  return out;
}

export const routes = {
  listRepositoryTasks: (p: ListRepositoryTasksParams): Route => {
    const creator = typeof p.creator_id === 'number' ? [p.creator_id] : p.creator_id;
    return { method: 'GET', path: repoTasks(p) + encodeQuery({ ...filters(p), creator_id: creator }) };
  },
  startTask: (p: StartTaskParams): Route => ({
    method: 'POST',
    path: repoTasks(p),
    body: defined({
      prompt: p.prompt,
      model: p.model,
      create_pull_request: p.create_pull_request,
      base_ref: p.base_ref,
      head_ref: p.head_ref,
      custom_agent: p.custom_agent,
    }),
  }),
  getRepositoryTask: (p: GetRepositoryTaskParams): Route => ({
    method: 'GET',
    path: `${repoTasks(p)}/${segment(p.task_id)}`,
  }),
  listTasks: (p: ListTasksParams): Route => ({ method: 'GET', path: '/agents/tasks' + encodeQuery(filters(p)) }),
  getTask: (p: GetTaskParams): Route => ({ method: 'GET', path: `/agents/tasks/${segment(p.task_id)}` }),
  listInstallationRepos: (p: PageParams): Route => ({
    method: 'GET',
    path: '/installation/repositories' + encodeQuery(page(p)),
  }),
  revokeInstallationToken: (): Route => ({ method: 'DELETE', path: '/installation/token' }),
  listUserInstallations: (p: PageParams): Route => ({
    method: 'GET',
    path: '/user/installations' + encodeQuery(page(p)),
  }),
  listUserInstallationRepos: (p: ListUserInstallationReposParams): Route => ({
    method: 'GET',
    path: `/user/installations/${segment(p.installation_id)}/repositories` + encodeQuery(page(p)),
  }),
  addRepoToInstallation: (p: InstallationRepoParams): Route => ({
    method: 'PUT',
    path: `/user/installations/${segment(p.installation_id)}/repositories/${segment(p.repository_id)}`,
  }),
  getRepository: (p: RepoRef): Route => ({ method: 'GET', path: `/repos/${segment(p.owner)}/${segment(p.repo)}` }),
  removeRepoFromInstallation: (p: InstallationRepoParams): Route => ({
    method: 'DELETE',
    path: `/user/installations/${segment(p.installation_id)}/repositories/${segment(p.repository_id)}`,
  }),
};

/** The list endpoints `paginate` can walk: their parameters, the key holding the items, the item type. */
export interface PaginateMap {
  listRepositoryTasks: { params: ListRepositoryTasksParams; item: Task };
  listTasks: { params: ListTasksParams; item: Task };
  listInstallationRepos: { params: PageParams; item: Repository };
  listUserInstallations: { params: PageParams; item: Installation };
  listUserInstallationRepos: { params: ListUserInstallationReposParams; item: Repository };
}

export type PaginatedMethod = keyof PaginateMap;
