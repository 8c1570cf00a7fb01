// The public client: one method per endpoint (A1–A5, B1–B6) and `paginate` over the list endpoints.
import type { RateLimit } from './errors';
import { ApiError } from './errors';
import type { ApiClientOptions, Expect } from './engine';
import { Engine } from './engine';
import { DEFAULT_MAX_PAGES, parseLinkHeader } from './paginate';
import type {
  CallOptions,
  GetTaskForRepoParams,
  GetTaskParams,
  InstallationRepoParams,
  ListTasksForRepoParams,
  ListTasksParams,
  ListUserInstallationReposParams,
  PageParams,
  PaginateOptions,
  StartTaskParams,
} from './params';
import type { PaginatedMethod, PaginateMap, Route } from './routes';
import { ITEMS_KEY, routes } from './routes';
import { pathOf } from './transport';
import type { InstallationList, RepositoryList, Task, TaskList, TaskWithSessions } from './types';

export class ApiClient {
  private readonly engine: Engine;

  constructor(options: ApiClientOptions) {
    this.engine = new Engine(options);
  }

  /** The rate-limit figures of the last response that carried them. */
  get lastRateLimit(): RateLimit | undefined {
    const rl = this.engine.lastRateLimit;
    return rl && { ...rl };
  }

  /** How often the service last asked to be polled at most (`x-poll-interval`), in ms; undefined until it does. */
  get pollIntervalMs(): number | undefined {
    return this.engine.pollIntervalMs;
  }

  /** A1: tasks of one repository. */
  listTasksForRepo(params: ListTasksForRepoParams, options?: CallOptions): Promise<TaskList> {
    return this.call(() => routes.listTasksForRepo(params), 'json', options);
  }

  /** A2: start a task. Sent once, never retried. */
  startTask(params: StartTaskParams, options?: CallOptions): Promise<Task> {
    return this.call(() => routes.startTask(params), 'json', options);
  }

  /** A3: one task of a repository, with its sessions. */
  getTaskForRepo(params: GetTaskForRepoParams, options?: CallOptions): Promise<TaskWithSessions> {
    return this.call(() => routes.getTaskForRepo(params), 'json', options);
  }

  /** A4: tasks of the authenticated user, across repositories. */
  listTasks(params: ListTasksParams = {}, options?: CallOptions): Promise<TaskList> {
    return this.call(() => routes.listTasks(params), 'json', options);
  }

  /** A5: one task by id, with its sessions. */
  getTask(params: GetTaskParams, options?: CallOptions): Promise<TaskWithSessions> {
    return this.call(() => routes.getTask(params), 'json', options);
  }

  /** B1: repositories the calling installation can access. */
  listInstallationRepos(params: PageParams = {}, options?: CallOptions): Promise<RepositoryList> {
    return this.call(() => routes.listInstallationRepos(params), 'json', options);
  }

  /** B2: revoke the installation token used to call it. */
  revokeInstallationToken(options?: CallOptions): Promise<void> {
    return this.call(() => routes.revokeInstallationToken(), 'none', options);
  }

  /** B3: installations the user may access. */
  listUserInstallations(params: PageParams = {}, options?: CallOptions): Promise<InstallationList> {
    return this.call(() => routes.listUserInstallations(params), 'json', options);
  }

  /** B4: repositories of an installation the user may access. */
  listUserInstallationRepos(params: ListUserInstallationReposParams, options?: CallOptions): Promise<RepositoryList> {
    return this.call(() => routes.listUserInstallationRepos(params), 'json', options);
  }

  /** B5: add a repository to an installation. */
  addRepoToInstallation(params: InstallationRepoParams, options?: CallOptions): Promise<void> {
    return this.call(() => routes.addRepoToInstallation(params), 'none', options);
  }

  /** B6: remove a repository from an installation. */
  removeRepoFromInstallation(params: InstallationRepoParams, options?: CallOptions): Promise<void> {
    return this.call(() => routes.removeRepoFromInstallation(params), 'none', options);
  }

  /**
   * Every item of a list endpoint, page after page, following Link rel="next". Stops at the last page, at a
   * URL it has already fetched, or after `maxPages` pages.
   */
  async *paginate<K extends PaginatedMethod>(method: K, params: PaginateMap[K]['params'], options: PaginateOptions = {}): AsyncGenerator<PaginateMap[K]['item'], void, undefined> {
    const route = (routes[method] as (p: PaginateMap[K]['params']) => Route)(params);
    const key = ITEMS_KEY[method];
    const maxPages = options.maxPages ?? DEFAULT_MAX_PAGES;
    const seen = new Set<string>();
    let url: URL | undefined = this.engine.url(route.path);
    for (let pages = 0; url && pages < maxPages; pages++) {
      seen.add(url.href);
      const reply = await this.engine.send<Record<string, unknown>>('GET', url, undefined, 'json', options.signal);
      const items = reply.data?.[key];
      if (!Array.isArray(items)) {
        const path = pathOf(url);
        throw new ApiError({ status: reply.status, kind: 'invalid_response', method: 'GET', path, message: `GET ${path}: the response has no "${key}" list` });
      }
      yield* items as PaginateMap[K]['item'][];
      url = this.nextPage(url, reply.link, seen);
    }
  }

  /** Closes the client's keep-alive connections (not those of a dispatcher it was given). */
  close(): Promise<void> {
    return this.engine.close();
  }

  private nextPage(current: URL, link: string | undefined, seen: Set<string>): URL | undefined {
    const next = parseLinkHeader(link).get('next');
    if (!next) return undefined;
    let url: URL;
    try {
      url = new URL(next, current);
    } catch {
      return undefined;
    }
    if (url.origin !== this.engine.serviceOrigin) {
      const path = pathOf(current);
      throw new ApiError({ status: 0, kind: 'refused', method: 'GET', path, message: `GET ${path}: the next page is on another origin (${url.origin}); not followed` });
    }
    return seen.has(url.href) ? undefined : url;
  }

  private async call<T>(build: () => Route, expect: Expect, options: CallOptions | undefined): Promise<T> {
    const route = build();
    const reply = await this.engine.send<T>(route.method, this.engine.url(route.path), route.body, expect, options?.signal);
    return reply.data;
  }
}
