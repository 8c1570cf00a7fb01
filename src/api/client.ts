// The public client: one method per endpoint of the service (and the family's read of one repository) and `paginate`
// over the list endpoints. Every answer goes through the reader built from its declaration (`schema/`, `read/`)
// before a caller sees it. docs/api.md maps the specification's endpoints to these methods.
import type { RateLimit } from './errors';
import { ApiError } from './errors';
import type { ApiClientOptions } from './options';
import { Engine, NOTHING } from './engine';
import { DEFAULT_MAX_PAGES, parseLinkHeader } from './paginate';
import type {
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
  StartTaskParams,
} from './params';
import type { PaginatedMethod, PaginateMap, Route } from './routes';
import { routes } from './routes';
import { pathOf } from './transport';
import type { InstallationList, Repository, RepositoryList, Task, TaskList, TaskWithSessions } from './types';
import type { AnswerReader } from './read/answers';
import {
  readInstallationList,
  readOneRepository,
  readOneTask,
  readRepositoryList,
  readTaskList,
  readTaskWithSessions,
} from './read/answers';

/** The items of each list endpoint's answer, read and checked. */
const LIST_ITEMS: { [K in PaginatedMethod]: AnswerReader<PaginateMap[K]['item'][]> } = {
  listRepositoryTasks: (raw, note) => readTaskList(raw, note).tasks,
  listTasks: (raw, note) => readTaskList(raw, note).tasks,
  listInstallationRepos: (raw, note) => readRepositoryList(raw, note).repositories,
  listUserInstallations: (raw, note) => readInstallationList(raw, note).installations,
  listUserInstallationRepos: (raw, note) => readRepositoryList(raw, note).repositories,
};

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

  /** Tasks of one repository. */
  listRepositoryTasks(params: ListRepositoryTasksParams, options?: CallOptions): Promise<TaskList> {
    return this.call(() => routes.listRepositoryTasks(params), readTaskList, options);
  }

  /** Starts a task. Sent once, never retried. */
  startTask(params: StartTaskParams, options?: CallOptions): Promise<Task> {
    return this.call(() => routes.startTask(params), readOneTask, options);
  }

  /** One task of a repository, with its sessions. */
  getRepositoryTask(params: GetRepositoryTaskParams, options?: CallOptions): Promise<TaskWithSessions> {
    return this.call(() => routes.getRepositoryTask(params), readTaskWithSessions, options);
  }

  /** Tasks of the authenticated user, across repositories. */
  listTasks(params: ListTasksParams = {}, options?: CallOptions): Promise<TaskList> {
    return this.call(() => routes.listTasks(params), readTaskList, options);
  }

  /** One task by id, with its sessions. */
  getTask(params: GetTaskParams, options?: CallOptions): Promise<TaskWithSessions> {
    return this.call(() => routes.getTask(params), readTaskWithSessions, options);
  }

  /** Repositories the calling installation can access. */
  listInstallationRepos(params: PageParams = {}, options?: CallOptions): Promise<RepositoryList> {
    return this.call(() => routes.listInstallationRepos(params), readRepositoryList, options);
  }

  /** Revokes the installation token used to call it. */
  revokeInstallationToken(options?: CallOptions): Promise<void> {
    return this.call(() => routes.revokeInstallationToken(), NOTHING, options);
  }

  /** Installations the user may access. */
  listUserInstallations(params: PageParams = {}, options?: CallOptions): Promise<InstallationList> {
    return this.call(() => routes.listUserInstallations(params), readInstallationList, options);
  }

  /** Repositories of an installation the user may access. */
  listUserInstallationRepos(params: ListUserInstallationReposParams, options?: CallOptions): Promise<RepositoryList> {
    return this.call(() => routes.listUserInstallationRepos(params), readRepositoryList, options);
  }

  /** Adds a repository to an installation. */
  addRepoToInstallation(params: InstallationRepoParams, options?: CallOptions): Promise<void> {
    return this.call(() => routes.addRepoToInstallation(params), NOTHING, options);
  }

  /** Removes a repository from an installation. */
  removeRepoFromInstallation(params: InstallationRepoParams, options?: CallOptions): Promise<void> {
    return this.call(() => routes.removeRepoFromInstallation(params), NOTHING, options);
  }

  /**
   * Beyond the specification: one repository by owner and name (`GET /repos/{owner}/{repo}`, the family's standard
   * read), which names its ID for adding it to an installation and removing it. 404 when the token may not see it.
   */
  getRepository(params: RepoRef, options?: CallOptions): Promise<Repository> {
    return this.call(() => routes.getRepository(params), readOneRepository, options);
  }

  /**
   * Every item of a list endpoint, page after page, following Link rel="next". Stops at the last page, at a
   * URL it has already fetched, or after `maxPages` pages. Each page is checked on its own (a repeated id within
   * it is merged); a list that moves while it is read can repeat an item on a later page, as with any paging.
   */
  async *paginate<K extends PaginatedMethod>(
    method: K,
    params: PaginateMap[K]['params'],
    options: PaginateOptions = {},
  ): AsyncGenerator<PaginateMap[K]['item'], void, undefined> {
    const route = (routes[method] as (p: PaginateMap[K]['params']) => Route)(params);
    const read = LIST_ITEMS[method] as AnswerReader<PaginateMap[K]['item'][]>;
    const maxPages = options.maxPages ?? DEFAULT_MAX_PAGES;
    const seen = new Set<string>();
    let url: URL | undefined = this.engine.url(route.path);
    for (let pages = 0; url && pages < maxPages; pages++) {
      seen.add(url.href);
      const reply = await this.engine.send('GET', url, undefined, read, options.signal);
      // Item by item: `yield*` over an array in an async generator wraps each item in one more promise.
      for (const item of reply.data) yield item;
      url = this.nextPage(url, reply.link, seen, reply.scrub);
    }
  }

  /** Closes the client's keep-alive connections (not those of a `fetch` it was given). */
  close(): Promise<void> {
    return this.engine.close();
  }

  private nextPage(
    current: URL,
    link: string | undefined,
    seen: Set<string>,
    scrub: (text: string) => string,
  ): URL | undefined {
    const next = parseLinkHeader(link).get('next');
    if (!next) return undefined;
    let url: URL;
    try {
      url = new URL(next, current);
    } catch {
      return undefined;
    }
    if (url.origin !== this.engine.serviceOrigin) {
      const path = scrub(pathOf(current));
      throw new ApiError({
        status: 0,
        kind: 'refused',
        method: 'GET',
        path,
        message: scrub(`GET ${path}: the next page is on another origin (${url.origin}); not followed`),
      });
    }
    return seen.has(url.href) ? undefined : url;
  }

  private async call<T>(build: () => Route, read: AnswerReader<T>, options: CallOptions | undefined): Promise<T> {
    const route = build();
    const reply = await this.engine.send(route.method, this.engine.url(route.path), route.body, read, options?.signal);
    return reply.data;
  }
}
