// Web addresses and repository names derived from what the service sends. Pure: no `vscode`.
import type { Artifact, Task } from '../api';

/** owner/repo from a task's API `url` (`…/agents/repos/{owner}/{repo}/tasks/{id}`) or its web address. */
export function repoOfTask(task: Pick<Task, 'url' | 'html_url'>): { owner: string; repo: string } | undefined {
  const api = task.url && /\/agents\/repos\/([^/]+)\/([^/]+)\/tasks\/[^/]+\/?$/.exec(task.url);
  const web = task.html_url && /\/([^/]+)\/([^/]+)\/tasks\/[^/]+\/?$/.exec(task.html_url);
  return (api && decoded(api[1], api[2])) || (web && decoded(web[1], web[2])) || undefined;
}

/** Both segments percent-decoded, or undefined when one is badly encoded (decodeURIComponent would throw). */
function decoded(owner: string, repo: string): { owner: string; repo: string } | undefined {
  try {
    return { owner: decodeURIComponent(owner), repo: decodeURIComponent(repo) };
  } catch {
    return undefined;
  }
}

/** The web address of a repository: from the task's own web address when there is one, else from the service. */
export function repoWebUrl(
  task: Pick<Task, 'html_url'>,
  serviceUrl: string,
  repo?: { owner: string; repo: string },
): string | undefined {
  if (task.html_url) {
    const m = /^(.*)\/tasks\/[^/]+\/?$/.exec(task.html_url);
    if (m) return m[1];
  }
  if (!repo) return undefined;
  const web = webBase(serviceUrl);
  return web ? `${web}/${encodeURIComponent(repo.owner)}/${encodeURIComponent(repo.repo)}` : undefined;
}

/** The service's web origin: `api.` dropped from the host, an enterprise `/api/v3` prefix dropped from the path. */
export function webBase(serviceUrl: string): string | undefined {
  try {
    const u = new URL(serviceUrl);
    const host = u.host.replace(/^api\./, '');
    return `${u.protocol}//${host}`;
  } catch {
    return undefined;
  }
}

export function pullRequests(task: Pick<Task, 'artifacts'>): Artifact[] {
  return (Array.isArray(task.artifacts) ? task.artifacts : []).filter(a => a?.type === 'pull');
}

export function pullRequestUrl(
  task: Pick<Task, 'html_url' | 'url'>,
  artifact: Artifact,
  serviceUrl: string,
): string | undefined {
  const base = repoWebUrl(task, serviceUrl, repoOfTask(task));
  const id = artifact?.data?.id;
  return base && id !== undefined ? `${base}/pull/${encodeURIComponent(String(id))}` : undefined;
}

/**
 * The web page of a branch of the task's repository (`…/tree/<branch>`, each segment of the name encoded, as the
 * service's own pages address a branch).
 */
export function branchUrl(
  task: Pick<Task, 'html_url' | 'url'>,
  branch: string,
  serviceUrl: string,
): string | undefined {
  const base = repoWebUrl(task, serviceUrl, repoOfTask(task));
  return base && branch ? `${base}/tree/${branch.split('/').map(encodeURIComponent).join('/')}` : undefined;
}
