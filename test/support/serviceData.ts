// Resources as the service sends them. The typed builders (`task`, `session`, `account`, `installation`,
// `repository`) are checked against the types declared once in src/api/schema, so a change of a resource's shape
// reaches them through the compiler. The `raw…` forms start from the same values and take overrides in which any
// field may be replaced by anything: the unit tests' scripted servers answer with them, and the hostile-answer tests
// break them field by field.
import type { Account, Installation, Repository, Session, Task } from '../../src/api/types';

const AT = '2026-03-10T10:00:00Z';
type Raw = Record<string, unknown>;

export function task(id: string, over: Partial<Task> = {}): Task {
  return {
    id,
    url: `https://api.example.com/agents/repos/acme/rocket/tasks/${id}`,
    html_url: `https://example.com/acme/rocket/tasks/${id}`,
    name: `task ${id}`,
    creator: { id: 1001 },
    creator_type: 'user',
    owner: { id: 900 },
    repository: { id: 5000 },
    state: 'completed',
    session_count: 1,
    artifacts: [],
    archived_at: null,
    created_at: AT,
    updated_at: AT,
    ...over,
  };
}

export function session(id: string, over: Partial<Session> = {}): Session {
  return {
    id,
    name: `session ${id}`,
    user: { id: 1001 },
    owner: { id: 900 },
    repository: { id: 5000 },
    task_id: 't',
    state: 'completed',
    created_at: AT,
    updated_at: AT,
    completed_at: AT,
    prompt: 'do it',
    head_ref: 'agent/x',
    base_ref: 'main',
    model: 'm',
    ...over,
  };
}

export function account(login: string, id = 900): Account {
  return {
    login,
    id,
    node_id: 'A_1',
    avatar_url: 'https://avatars.example/u/1',
    type: 'Organization',
    site_admin: false,
  };
}

export function installation(id: number, over: Partial<Installation> = {}): Installation {
  return {
    id,
    account: account('acme'),
    html_url: `https://example.com/settings/installations/${id}`,
    app_id: 3,
    target_id: 900,
    target_type: 'Organization',
    permissions: { metadata: 'read' },
    events: ['push'],
    repository_selection: 'selected',
    created_at: '2026-01-01T00:00:00+00:00',
    updated_at: '2026-01-01T00:00:00+00:00',
    app_slug: 'ci-bot',
    suspended_at: null,
    suspended_by: null,
    ...over,
  };
}

export function repository(id: number, over: Partial<Repository> = {}): Repository {
  return {
    id,
    node_id: `R_${id}`,
    name: 'rocket',
    full_name: 'acme/rocket',
    owner: account('acme'),
    private: false,
    html_url: 'https://example.com/acme/rocket',
    description: null,
    temp_clone_token: 'ghs_temporaryCloneCredential',
    permissions: { admin: true, push: true, pull: true },
    ...over,
  };
}

/** A task as the service sends it, with overrides (any field may be replaced by anything). */
export function rawTask(id: unknown, over: Raw = {}): Raw {
  return { ...task(String(id)), id, ...over };
}

export function rawSession(id: unknown, over: Raw = {}): Raw {
  return { ...session(String(id)), id, ...over };
}

export function rawAccount(login: unknown, id: unknown = 900): Raw {
  return { ...account(String(login)), login, id };
}

export function rawInstallation(id: unknown, over: Raw = {}): Raw {
  return { ...installation(typeof id === 'number' ? id : 0), id, ...over };
}

export function rawRepository(id: unknown, over: Raw = {}): Raw {
  return { ...repository(typeof id === 'number' ? id : 0), id, node_id: `R_${String(id)}`, ...over };
}
