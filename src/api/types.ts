// Resources as the service sends them, field by field from the specification.
// Reading is tolerant: the service is not ours, so enums are open (`KnownX | (string & {})`) and
// fields the specification marks as present only in some responses are optional.

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
export type TaskState = KnownTaskState | (string & {});

/** States in which a task still moves on its own. */
export const ACTIVE_TASK_STATES: readonly KnownTaskState[] = ['queued', 'in_progress'];

/**
 * Models A2 accepts today ("allowed values may change over time"). The specification writes the family
 * part of each name as a neutral word, `<family-a>` or `<family-b>`; we use those words literally.
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

/** Creator, owner, user and repository references inside tasks and sessions. */
export interface ActorRef {
  id: number;
}

export interface Artifact {
  /** Origin of the artifact; values not shown by the specification. */
  provider: string;
  /** `pull` is a pull request; other values are possible. */
  type: 'pull' | (string & {});
  data: { id: number; [key: string]: unknown };
}

export interface Session {
  id: string;
  name: string;
  user: ActorRef;
  owner: ActorRef;
  repository: ActorRef;
  task_id: string;
  state: string;
  created_at: string;
  updated_at: string;
  completed_at?: string | null;
  prompt: string;
  head_ref: string;
  base_ref: string;
  model: string;
}

export interface Task {
  id: string;
  /** Absent in A4 (list of the user's tasks). */
  url?: string;
  /** Present wherever `url` is. */
  html_url?: string;
  name: string;
  creator: ActorRef;
  /** `user` or `organization` in the public description of this interface; other values are kept as sent. */
  creator_type: 'user' | 'organization' | (string & {});
  owner: ActorRef;
  repository: ActorRef;
  state: TaskState;
  session_count: number;
  artifacts: Artifact[];
  archived_at: string | null;
  created_at: string;
  updated_at: string;
  /** Only in single-task reads (A3, A5). */
  sessions?: Session[];
}

export interface TaskWithSessions extends Task {
  sessions: Session[];
}

export interface TaskList {
  tasks: Task[];
}

/** The `owner` of a repository and the `account` of an installation. */
export interface Account {
  login: string;
  id: number;
  node_id: string;
  avatar_url: string;
  gravatar_id: string;
  url: string;
  html_url: string;
  followers_url: string;
  following_url: string;
  gists_url: string;
  starred_url: string;
  subscriptions_url: string;
  organizations_url: string;
  repos_url: string;
  events_url: string;
  received_events_url: string;
  type: 'User' | 'Organization' | (string & {});
  site_admin: boolean;
}

export type AccessLevel = 'read' | 'write' | 'admin' | (string & {});

export interface Installation {
  id: number;
  account: Account;
  access_tokens_url: string;
  repositories_url: string;
  html_url: string;
  app_id: number;
  target_id: number;
  target_type: string;
  permissions: Record<string, AccessLevel>;
  events: string[];
  single_file_name: string;
  has_multiple_single_files: boolean;
  single_file_paths: string[];
  repository_selection: 'all' | 'selected' | (string & {});
  created_at: string;
  updated_at: string;
  app_slug: string;
  suspended_at: string | null;
  suspended_by: unknown;
}

export interface License {
  key: string;
  name: string;
  url: string;
  spdx_id: string;
  node_id: string;
  html_url: string;
}

export interface RepositoryPermissions {
  admin: boolean;
  push: boolean;
  pull: boolean;
}

export interface Repository {
  id: number;
  node_id: string;
  name: string;
  full_name: string;
  owner: Account;
  private: boolean;
  fork: boolean;
  is_template: boolean;
  has_issues: boolean;
  has_projects: boolean;
  has_wiki: boolean;
  has_pages: boolean;
  has_downloads: boolean;
  archived: boolean;
  disabled: boolean;
  allow_rebase_merge: boolean;
  allow_squash_merge: boolean;
  allow_auto_merge: boolean;
  delete_branch_on_merge: boolean;
  allow_merge_commit: boolean;
  forks_count: number;
  stargazers_count: number;
  watchers_count: number;
  size: number;
  open_issues_count: number;
  subscribers_count: number;
  network_count: number;
  forks: number;
  open_issues: number;
  watchers: number;
  description: string | null;
  homepage: string | null;
  default_branch: string;
  visibility: 'public' | 'private' | 'internal' | (string & {});
  temp_clone_token: string;
  archive_url: string;
  assignees_url: string;
  blobs_url: string;
  branches_url: string;
  collaborators_url: string;
  comments_url: string;
  commits_url: string;
  compare_url: string;
  contents_url: string;
  contributors_url: string;
  deployments_url: string;
  downloads_url: string;
  events_url: string;
  forks_url: string;
  git_commits_url: string;
  git_refs_url: string;
  git_tags_url: string;
  git_url: string;
  html_url: string;
  issue_comment_url: string;
  issue_events_url: string;
  issues_url: string;
  keys_url: string;
  labels_url: string;
  languages_url: string;
  merges_url: string;
  milestones_url: string;
  notifications_url: string;
  pulls_url: string;
  releases_url: string;
  ssh_url: string;
  stargazers_url: string;
  statuses_url: string;
  subscribers_url: string;
  subscription_url: string;
  tags_url: string;
  teams_url: string;
  trees_url: string;
  clone_url: string;
  mirror_url: string | null;
  hooks_url: string;
  svn_url: string;
  url: string;
  pushed_at: string;
  created_at: string;
  updated_at: string;
  topics: string[];
  language: string | null;
  template_repository: unknown;
  license: License | null;
  /** Only in B4 (repositories of an installation, for a user token). */
  permissions?: RepositoryPermissions;
  /** Only in B1 (repositories of the calling installation). */
  custom_properties?: Record<string, string>;
}

export interface RepositoryList {
  total_count: number;
  repositories: Repository[];
}

export interface InstallationList {
  total_count: number;
  installations: Installation[];
}

/** Error bodies, following the public conventions of this API family. */
export interface ErrorBody {
  message: string;
  documentation_url?: string;
  errors?: Array<{ resource?: string; field?: string; code: string; message?: string }>;
}
