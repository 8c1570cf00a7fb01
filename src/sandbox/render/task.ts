// Tasks and sessions. Each task's JSON is cached per (revision, origin, form), so a listing of 100 tasks
// is a string join rather than 100 object builds and serializations.
import type { Session, Task } from '../../api/types';
import type { RepoRec, SessionRec, State, TaskRec } from '../state';
import { utc } from '../time';

/**
 * `list`: a repository's task list and a started task (url, html_url); `mine`: the user's task list (neither);
 * `full`: a task read by repository or by ID (url, html_url, sessions).
 */
export type TaskForm = 'list' | 'mine' | 'full';

interface CacheEntry {
  rev: number;
  origin: string;
  json: Record<TaskForm, string | undefined>;
}
const cache = new WeakMap<TaskRec, CacheEntry>();

export function taskUrls(repo: RepoRec, id: string, origin: string): { url: string; html_url: string } {
  const full = `${repo.ownerAccount.login}/${repo.name}`;
  return { url: `${origin}/agents/repos/${full}/tasks/${id}`, html_url: `${origin}/${full}/tasks/${id}` };
}

function renderSession(s: SessionRec, t: TaskRec, repo: RepoRec): Session {
  return {
    id: s.id,
    name: t.name,
    user: { id: t.creator },
    owner: { id: repo.ownerAccount.id },
    repository: { id: repo.id },
    task_id: t.id,
    state: s.state,
    created_at: utc(s.createdMs),
    updated_at: utc(s.updatedMs),
    // Not finished yet: there is no completion time to show.
    completed_at: s.completedMs === null ? null : utc(s.completedMs),
    prompt: s.prompt,
    head_ref: s.head_ref,
    base_ref: s.base_ref,
    model: s.model,
  };
}

export function renderTask(st: State, t: TaskRec, origin: string, form: TaskForm): Task {
  const repo = st.repos.get(t.repository)!;
  const urls = form === 'mine' ? undefined : taskUrls(repo, t.id, origin);
  const task: Task = {
    id: t.id,
    ...(urls ?? {}),
    name: t.name,
    creator: { id: t.creator },
    creator_type: 'user',
    owner: { id: repo.ownerAccount.id },
    repository: { id: repo.id },
    state: t.state,
    session_count: t.sessions.length,
    artifacts: t.artifacts.map(a => ({ ...a, data: { ...a.data } })),
    archived_at: t.archivedMs === null ? null : utc(t.archivedMs),
    created_at: utc(t.createdMs),
    updated_at: utc(t.updatedMs),
  };
  if (form === 'full') task.sessions = t.sessions.map(s => renderSession(s, t, repo));
  return task;
}

export function taskJson(st: State, t: TaskRec, origin: string, form: TaskForm): string {
  let e = cache.get(t);
  if (!e || e.rev !== t.rev || e.origin !== origin) {
    e = { rev: t.rev, origin, json: { list: undefined, mine: undefined, full: undefined } };
    cache.set(t, e);
  }
  return (e.json[form] ??= JSON.stringify(renderTask(st, t, origin, form)));
}

export function taskListJson(st: State, tasks: TaskRec[], origin: string, form: TaskForm): string {
  return `{"tasks":[${tasks.map(t => taskJson(st, t, origin, form)).join(',')}]}`;
}
