// Small typed builders for the resources the Installations view reads; only the fields a test cares about vary.
import type { Account, Installation, Repository } from '../../../src/api/types';
import { REPOSITORY_TEXTS } from '../../../src/api/types';

export function account(login: string, id: number, type: Account['type'] = 'Organization'): Account {
  const url = `https://api.example.test/users/${login}`;
  return {
    login,
    id,
    type,
    node_id: `A_${id}`,
    avatar_url: `https://avatars.example.test/u/${id}`,
    gravatar_id: '',
    url,
    html_url: `https://example.test/${login}`,
    followers_url: `${url}/followers`,
    following_url: `${url}/following{/other_user}`,
    gists_url: `${url}/gists{/gist_id}`,
    starred_url: `${url}/starred{/owner}{/repo}`,
    subscriptions_url: `${url}/subscriptions`,
    organizations_url: `${url}/orgs`,
    repos_url: `${url}/repos`,
    events_url: `${url}/events{/privacy}`,
    received_events_url: `${url}/received_events`,
    site_admin: false,
  };
}

export function installation(id: number, owner: Account, over: Partial<Installation> = {}): Installation {
  return {
    id,
    account: owner,
    access_tokens_url: `https://api.example.test/app/installations/${id}/access_tokens`,
    repositories_url: 'https://api.example.test/installation/repositories',
    html_url: `https://example.test/settings/installations/${id}`,
    app_id: 3,
    target_id: owner.id,
    target_type: owner.type,
    permissions: { contents: 'read', metadata: 'read' },
    events: ['push'],
    single_file_name: '',
    has_multiple_single_files: false,
    single_file_paths: [],
    repository_selection: 'selected',
    created_at: '2026-01-01T00:00:00+00:00',
    updated_at: '2026-01-01T00:00:00+00:00',
    app_slug: 'ci-bot',
    suspended_at: null,
    suspended_by: null,
    ...over,
  };
}

type Level = 'admin' | 'write' | 'read' | undefined;

export function repository(id: number, owner: Account, name: string, level: Level = 'admin'): Repository {
  const full = `${owner.login}/${name}`;
  const api = `https://api.example.test/repos/${full}`;
  const r: Repository = {
    id,
    node_id: `R_${id}`,
    name,
    full_name: full,
    owner,
    private: false,
    fork: false,
    is_template: false,
    has_issues: true,
    has_projects: true,
    has_wiki: true,
    has_pages: false,
    has_downloads: true,
    archived: false,
    disabled: false,
    allow_rebase_merge: true,
    allow_squash_merge: true,
    allow_auto_merge: false,
    delete_branch_on_merge: false,
    allow_merge_commit: true,
    forks_count: 0,
    stargazers_count: 0,
    watchers_count: 0,
    size: 1,
    open_issues_count: 0,
    subscribers_count: 0,
    network_count: 0,
    forks: 0,
    open_issues: 0,
    watchers: 0,
    description: null,
    homepage: null,
    default_branch: 'main',
    visibility: 'public',
    temp_clone_token: '',
    html_url: `https://example.test/${full}`,
    url: api,
    clone_url: `https://example.test/${full}.git`,
    git_url: `git://example.test/${full}.git`,
    ssh_url: `git@example.test:${full}.git`,
    svn_url: `https://example.test/${full}`,
    mirror_url: null,
    pushed_at: '2026-01-01T00:00:00Z',
    created_at: '2026-01-01T00:00:00Z',
    updated_at: '2026-01-01T00:00:00Z',
    topics: [],
    language: null,
    template_repository: null,
    license: null,
  };
  // Every other address of the repository, from the declared list of its text fields.
  for (const k of REPOSITORY_TEXTS) if (k.endsWith('_url')) r[k] ??= `${api}/${k.slice(0, -'_url'.length)}`;
  if (level) r.permissions = { admin: level === 'admin', push: level !== 'read', pull: true };
  return r;
}
