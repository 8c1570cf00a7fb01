// Every identifier the manifest and the code share: commands, views, context keys, settings.
// A test checks that package.json and the registered commands agree with this module.

export const EXTENSION_ID = 'agent-tasks.agent-tasks';
export const VIEW_CONTAINER = 'agentTasks';

export const VIEWS = {
  repoTasks: 'agentTasks.repoTasks',
  myTasks: 'agentTasks.myTasks',
  installations: 'agentTasks.installations',
} as const;

export const SETTINGS_SECTION = 'agentTasks';

/** Token kinds, each kept in SecretStorage per service address. */
export type TokenKind = 'fine_grained' | 'classic' | 'installation';
export const TOKEN_KINDS: readonly TokenKind[] = ['fine_grained', 'classic', 'installation'];
export const TOKEN_KIND_LABELS: Record<TokenKind, string> = {
  fine_grained: 'Fine-grained token (tasks, listing installations)',
  classic: 'Classic token with repo scope (adding and removing installation repositories)',
  installation: 'Installation token (an installation\'s own repositories)',
};
