// Resources as the service sends them (plain JSON values), each with overrides in which any field may be replaced
// by anything: the unit tests' scripted servers answer with them, and the hostile-answer tests break them field by
// field.
const AT = '2026-03-10T10:00:00Z';

/** A task as the service sends it, with overrides (any field may be replaced by anything). */
export function rawTask(id: unknown, over: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id,
    url: `https://api.example.com/agents/repos/acme/rocket/tasks/${String(id)}`,
    html_url: `https://example.com/acme/rocket/tasks/${String(id)}`,
    name: `task ${String(id)}`,
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

export function rawSession(id: unknown, over: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id,
    name: `session ${String(id)}`,
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

export function rawAccount(login: unknown, id: unknown = 900): Record<string, unknown> {
  return {
    login,
    id,
    node_id: 'A_1',
    avatar_url: 'https://avatars.example/u/1',
    type: 'Organization',
    site_admin: false,
  };
}

export function rawInstallation(id: unknown, over: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id,
    account: rawAccount('acme'),
    html_url: `https://example.com/settings/installations/${String(id)}`,
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

export function rawRepository(id: unknown, over: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id,
    node_id: `R_${String(id)}`,
    name: 'rocket',
    full_name: 'acme/rocket',
    owner: rawAccount('acme'),
    private: false,
    html_url: 'https://example.com/acme/rocket',
    description: null,
    temp_clone_token: 'ghs_temporaryCloneCredential',
    permissions: { admin: true, push: true, pull: true },
    ...over,
  };
}
