// Resources as the client hands them on, field by field from the specification, after the readers in
// `validate/` checked them: what is typed here is what a caller gets. Reading is tolerant: the service is not
// ours, so enums are open (`KnownX | (string & {})`); fields present only in some responses, fields the client
// does not use, and references that may be unusable are optional; a required field that came unusable holds
// the neutral value of its type ('' / 0 / [] / null).

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
  /** Other keys the service may send are not kept by the client. */
  data: { id: number; [key: string]: unknown };
}

export interface Session {
  id: string;
  name: string;
  user?: ActorRef;
  owner?: ActorRef;
  repository?: ActorRef;
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
  creator?: ActorRef;
  /** `user` or `organization` in the public description of this interface; other values are kept as sent. */
  creator_type?: 'user' | 'organization' | (string & {});
  owner?: ActorRef;
  repository?: ActorRef;
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
  id?: number;
  node_id?: string;
  avatar_url?: string;
  gravatar_id?: string;
  url?: string;
  html_url?: string;
  followers_url?: string;
  following_url?: string;
  gists_url?: string;
  starred_url?: string;
  subscriptions_url?: string;
  organizations_url?: string;
  repos_url?: string;
  events_url?: string;
  received_events_url?: string;
  type?: 'User' | 'Organization' | (string & {});
  site_admin?: boolean;
}

export type AccessLevel = 'read' | 'write' | 'admin' | (string & {});

export interface Installation {
  id: number;
  account: Account;
  access_tokens_url?: string;
  repositories_url?: string;
  html_url?: string;
  app_id?: number;
  target_id?: number;
  target_type?: string;
  permissions: Record<string, AccessLevel>;
  events: string[];
  single_file_name?: string;
  has_multiple_single_files?: boolean;
  single_file_paths?: string[];
  /** '' when the service did not say. */
  repository_selection: 'all' | 'selected' | (string & {});
  created_at?: string;
  updated_at?: string;
  /** '' when the service did not say. */
  app_slug: string;
  suspended_at: string | null;
  /** Shape not given by the specification: only whether it is set is kept. */
  suspended_by?: unknown;
}

export interface License {
  key?: string;
  name?: string;
  url?: string;
  spdx_id?: string;
  node_id?: string;
  html_url?: string;
}

export interface RepositoryPermissions {
  admin: boolean;
  push: boolean;
  pull: boolean;
}

/** Repository fields by kind, as the specification lists them; the reader checks each against its list. */
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

export type Repository = {
  id: number;
  name: string;
  full_name: string;
  owner?: Account;
  visibility?: 'public' | 'private' | 'internal' | (string & {});
  topics?: string[];
  license?: License | null;
  /**
   * A temporary clone credential in the real service. The client never keeps it (nothing here uses it, and a
   * credential kept is one that can leak); the type has it for the sandbox, which sends one.
   */
  temp_clone_token?: string;
  /** Shape not given by the specification; not kept by the client. */
  template_repository?: unknown;
  /** Only in B4 (repositories of an installation, for a user token). */
  permissions?: RepositoryPermissions;
  /** Only in B1 (repositories of the calling installation). */
  custom_properties?: Record<string, string>;
} & { [K in (typeof REPOSITORY_FLAGS)[number]]?: boolean } & { [K in (typeof REPOSITORY_COUNTS)[number]]?: number } & {
  [K in Exclude<(typeof REPOSITORY_TEXTS)[number], 'visibility'>]?: string;
} & { [K in (typeof REPOSITORY_NULLABLE_TEXTS)[number]]?: string | null };

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
  errors?: Array<{ resource?: string; field?: string; code?: string; message?: string }>;
}
