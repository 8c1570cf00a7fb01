// Repository items of the installation lists (the token's repositories, an installation's), with every field of the
// specification.
import type { Repository, RepositoryPermissions } from '../../api/types';
import type { RepoRec } from '../state';
import { DEFAULT_BRANCH } from '../state';
import { utc } from '../time';
import { nodeId, renderAccount } from './account';

export function renderRepository(
  r: RepoRec,
  origin: string,
  extra: { permissions?: RepositoryPermissions; custom_properties?: boolean },
): Repository {
  const full = `${r.ownerAccount.login}/${r.name}`;
  const api = `${origin}/repos/${full}`;
  const html = `${origin}/${full}`;
  const host = origin.replace(/^https?:\/\//, '');
  const created = utc(r.createdMs);
  const repo: Repository = {
    id: r.id,
    node_id: nodeId('Repository', r.id),
    name: r.name,
    full_name: full,
    owner: renderAccount(r.ownerAccount, origin),
    private: r.private ?? false,
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
    size: 0,
    open_issues_count: 0,
    subscribers_count: 0,
    network_count: 0,
    forks: 0,
    open_issues: 0,
    watchers: 0,
    description: r.description ?? null,
    homepage: null,
    default_branch: r.default_branch ?? DEFAULT_BRANCH,
    visibility: r.private ? 'private' : 'public',
    // A temporary clone credential in the real service; the sandbox has none to hand out.
    temp_clone_token: '',
    archive_url: `${api}/{archive_format}{/ref}`,
    assignees_url: `${api}/assignees{/user}`,
    blobs_url: `${api}/git/blobs{/sha}`,
    branches_url: `${api}/branches{/branch}`,
    collaborators_url: `${api}/collaborators{/collaborator}`,
    comments_url: `${api}/comments{/number}`,
    commits_url: `${api}/commits{/sha}`,
    compare_url: `${api}/compare/{base}...{head}`,
    contents_url: `${api}/contents/{+path}`,
    contributors_url: `${api}/contributors`,
    deployments_url: `${api}/deployments`,
    downloads_url: `${api}/downloads`,
    events_url: `${api}/events`,
    forks_url: `${api}/forks`,
    git_commits_url: `${api}/git/commits{/sha}`,
    git_refs_url: `${api}/git/refs{/sha}`,
    git_tags_url: `${api}/git/tags{/sha}`,
    git_url: `git://${host}/${full}.git`,
    html_url: html,
    issue_comment_url: `${api}/issues/comments{/number}`,
    issue_events_url: `${api}/issues/events{/number}`,
    issues_url: `${api}/issues{/number}`,
    keys_url: `${api}/keys{/key_id}`,
    labels_url: `${api}/labels{/name}`,
    languages_url: `${api}/languages`,
    merges_url: `${api}/merges`,
    milestones_url: `${api}/milestones{/number}`,
    notifications_url: `${api}/notifications{?since,all,participating}`,
    pulls_url: `${api}/pulls{/number}`,
    releases_url: `${api}/releases{/id}`,
    ssh_url: `git@${host.replace(/:\d+$/, '')}:${full}.git`,
    stargazers_url: `${api}/stargazers`,
    statuses_url: `${api}/statuses/{sha}`,
    subscribers_url: `${api}/subscribers`,
    subscription_url: `${api}/subscription`,
    tags_url: `${api}/tags`,
    teams_url: `${api}/teams`,
    trees_url: `${api}/git/trees{/sha}`,
    clone_url: `${html}.git`,
    mirror_url: null,
    hooks_url: `${api}/hooks`,
    svn_url: html,
    url: api,
    pushed_at: created,
    created_at: created,
    updated_at: created,
    topics: [...(r.topics ?? [])],
    language: null,
    template_repository: null,
    license: {
      key: 'mit',
      name: 'MIT License',
      url: `${origin}/licenses/mit`,
      spdx_id: 'MIT',
      node_id: nodeId('License', 13),
      html_url: `${html}/blob/${r.default_branch ?? DEFAULT_BRANCH}/LICENSE`,
    },
  };
  if (extra.permissions) repo.permissions = extra.permissions;
  if (extra.custom_properties) repo.custom_properties = { ...(r.custom_properties ?? {}) };
  return repo;
}
