// Named values of the resources: task states, models, and the repository and account fields by kind, as the
// specification lists them. Plain data (no schema library), so the views and the sandbox can read them cheaply.

/** Task states; also the tokens of the `state` list filter. */
export const TASK_STATES = [
  'queued',
  'in_progress',
  'completed',
  'failed',
  'idle',
  'waiting_for_user',
  'timed_out',
  'cancelled',
] as const;
export type KnownTaskState = (typeof TASK_STATES)[number];

/** States in which a task still moves on its own. */
export const ACTIVE_TASK_STATES: readonly KnownTaskState[] = ['queued', 'in_progress'];

/**
 * Models the start of a task accepts today ("allowed values may change over time"). The specification writes the
 * family part of each name as a neutral word, `<family-a>` or `<family-b>`; we use those words literally.
 */
export const KNOWN_MODELS = [
  'family-a-sonnet-4.6',
  'family-a-opus-4.6',
  'family-b-5.2-codex',
  'family-b-5.3-codex',
  'family-b-5.4',
  'family-a-sonnet-4.5',
  'family-a-opus-4.5',
] as const;
export type KnownModel = (typeof KNOWN_MODELS)[number];

/** Account text fields besides `login` (`type` is declared as an open set of values). */
export const ACCOUNT_TEXTS = [
  'node_id',
  'avatar_url',
  'gravatar_id',
  'url',
  'html_url',
  'followers_url',
  'following_url',
  'gists_url',
  'starred_url',
  'subscriptions_url',
  'organizations_url',
  'repos_url',
  'events_url',
  'received_events_url',
  'type',
] as const;

export const REPOSITORY_FLAGS = [
  'private',
  'fork',
  'is_template',
  'has_issues',
  'has_projects',
  'has_wiki',
  'has_pages',
  'has_downloads',
  'archived',
  'disabled',
  'allow_rebase_merge',
  'allow_squash_merge',
  'allow_auto_merge',
  'delete_branch_on_merge',
  'allow_merge_commit',
] as const;
export const REPOSITORY_COUNTS = [
  'forks_count',
  'stargazers_count',
  'watchers_count',
  'size',
  'open_issues_count',
  'subscribers_count',
  'network_count',
  'forks',
  'open_issues',
  'watchers',
] as const;
/** Text fields besides `name` and `full_name` (`visibility` is declared as an open set of values). */
export const REPOSITORY_TEXTS = [
  'node_id',
  'default_branch',
  'visibility',
  'archive_url',
  'assignees_url',
  'blobs_url',
  'branches_url',
  'collaborators_url',
  'comments_url',
  'commits_url',
  'compare_url',
  'contents_url',
  'contributors_url',
  'deployments_url',
  'downloads_url',
  'events_url',
  'forks_url',
  'git_commits_url',
  'git_refs_url',
  'git_tags_url',
  'git_url',
  'html_url',
  'issue_comment_url',
  'issue_events_url',
  'issues_url',
  'keys_url',
  'labels_url',
  'languages_url',
  'merges_url',
  'milestones_url',
  'notifications_url',
  'pulls_url',
  'releases_url',
  'ssh_url',
  'stargazers_url',
  'statuses_url',
  'subscribers_url',
  'subscription_url',
  'tags_url',
  'teams_url',
  'trees_url',
  'clone_url',
  'hooks_url',
  'svn_url',
  'url',
  'pushed_at',
  'created_at',
  'updated_at',
] as const;
/** Text fields the service sends as null when unset. */
export const REPOSITORY_NULLABLE_TEXTS = ['description', 'homepage', 'mirror_url', 'language'] as const;
