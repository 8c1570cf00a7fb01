// A repository named as `owner/name`, turned into the ID adding and removing a repository take: the lists the view
// has read, the names cache, then the API family's read of a repository by name (`GET /repos/{owner}/{repo}`, beyond
// the specification) with the classic token the change itself sends, and, should the service not answer that, one
// task of the repository (its task list: a task carries its repository's ID, its `url` the name). No `vscode`.
import type { ApiClient, Repository } from '../../api';
import { statusOf } from '../../errors/failure';
import { repoNameShown, validRepoName } from '../../model/repoNames';
import type { InstallationsEnv } from './shared';
import * as l10n from '@vscode/l10n';

/** What the user typed: a repository ID, or `owner/name`. */
export type RepoInput = { id: number } | { fullName: string; owner: string; name: string };

/** A repository the command can send: its ID, the name to say, and the full record when a list holds it. */
export interface NamedRepo {
  id: number;
  name: string;
  repository?: Repository;
}

export const INPUT_HINT = l10n.t("owner/name (e.g. acme/docs), or the repository's numeric ID (e.g. 5005)");

export function parseRepoInput(raw: string): RepoInput | undefined {
  const v = raw.trim();
  if (/^\d{1,15}$/.test(v)) return Number(v) > 0 ? { id: Number(v) } : undefined;
  if (!validRepoName(v)) return undefined;
  const [owner, name] = v.split('/');
  return { fullName: v, owner, name };
}

export function inputProblem(raw: string): string | undefined {
  return parseRepoInput(raw) ? undefined : `Enter ${INPUT_HINT}.`;
}

/** Every repository record the Installations view holds now: each installation's list and the token's. */
export function listedRepositories(env: InstallationsEnv): Repository[] {
  const { model } = env;
  const lists = (model.installations.value ?? []).map(i => model.repositoriesOf(i.id).value ?? []);
  return [...model.seenRepositories(), ...lists.flat(), ...(model.tokenRepositories.value ?? [])];
}

/** The name to say for a repository ID: from a list, from the cache, or the ID itself. */
export function nameOfId(env: InstallationsEnv, id: number, repo?: Repository): string {
  const name = repo?.full_name ?? env.names?.name(id);
  // A name that mixes scripts is said with its ID: the message names the repository that is meant.
  return name ? repoNameShown(name, id).label : l10n.t('repository {0}', id);
}

/**
 * The ID of `owner/name`, or a sentence that says why it could not be found and what to do. Reads one task of the
 * repository only when neither a list nor the cache knows it.
 */
export async function resolveName(
  env: InstallationsEnv,
  input: { fullName: string; owner: string; name: string },
): Promise<NamedRepo | { problem: string }> {
  const wanted = input.fullName.toLowerCase();
  const listed = listedRepositories(env).find(r => r.full_name?.toLowerCase() === wanted);
  if (listed) return { id: listed.id, name: listed.full_name, repository: listed };
  const cached = env.names?.idOf(input.fullName);
  if (cached !== undefined) return { id: cached, name: env.names?.name(cached) ?? input.fullName };
  const read = await readByName(env, input);
  if (typeof read === 'object') {
    env.names?.learn(read.id, read.full_name, 'read'); // the repository itself, read by its name
    return { id: read.id, name: read.full_name, repository: read };
  }
  const fromTask = await idFromTasks(env, input);
  if (typeof fromTask === 'number') {
    env.names?.learn(fromTask, input.fullName, 'list'); // a listing of that repository's own tasks
    return { id: fromTask, name: env.names?.name(fromTask) ?? input.fullName };
  }
  const shown = input.fullName;
  if (fromTask === 'not-found' || read === 'not-found')
    return {
      problem: l10n.t(
        "{0} was not found on the service, or your tokens cannot see it. Check the name, or enter the repository's numeric ID instead.",
        shown,
      ),
    };
  return {
    problem: l10n.t(
      "The ID of {0} is not known: the service did not answer its read of the repository, none of your installations lists it and no task of it could be read. Enter its numeric ID instead, as the repository's page or settings on the service show it.",
      shown,
    ),
  };
}

/** The repository as the service reads it by name with the classic token; 'not-found' on 404; undefined otherwise. */
async function readByName(
  env: InstallationsEnv,
  input: { owner: string; name: string },
): Promise<Repository | 'not-found' | undefined> {
  let api: Pick<ApiClient, 'getRepository'>;
  try {
    if (!(await env.model.has('classic'))) return undefined;
    api = await env.client('classic');
  } catch {
    return undefined;
  }
  try {
    return await api.getRepository({ owner: input.owner, repo: input.name });
  } catch (e) {
    env.log.info(`reading ${input.owner}/${input.name} by name: ${statusOf(e) ?? 'no answer'}`);
    return statusOf(e) === 404 ? 'not-found' : undefined;
  }
}

/**
 * The repository's ID from one of its tasks (the repository's task list), active or archived; 'not-found' on 404;
 * undefined otherwise.
 */
async function idFromTasks(
  env: InstallationsEnv,
  input: { owner: string; name: string },
): Promise<number | 'not-found' | undefined> {
  if (!env.tasks || !(await env.model.has('fine_grained'))) return undefined;
  let api: Pick<ApiClient, 'listRepositoryTasks'>;
  try {
    api = await env.tasks();
  } catch {
    return undefined;
  }
  for (const archived of [false, true]) {
    try {
      const list = await api.listRepositoryTasks({
        owner: input.owner,
        repo: input.name,
        per_page: 1,
        ...(archived ? { is_archived: true } : {}),
      });
      const id = list.tasks?.[0]?.repository?.id;
      if (typeof id === 'number') return id;
    } catch (e) {
      env.log.info(`looking up ${input.owner}/${input.name} by its tasks: ${statusOf(e) ?? 'no answer'}`);
      return statusOf(e) === 404 ? 'not-found' : undefined;
    }
  }
  return undefined;
}
