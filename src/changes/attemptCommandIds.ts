// The commands of Compare Attempts. They need the user's git (each attempt's branch is read through it), so where git
// cannot run they are among the commands that say so (src/changes/gitCommandIds.ts). No `vscode`.
export const ATTEMPT_COMMANDS = {
  compare: 'agentTasks.compareAttempts',
  openDiff: 'agentTasks.attempts.openDiff',
  compareTwo: 'agentTasks.attempts.compareTwo',
  openBaseDiff: 'agentTasks.attempts.openBaseDiff',
  multiDiff: 'agentTasks.attempts.multiDiff',
  pick: 'agentTasks.attempts.pick',
  keepBase: 'agentTasks.attempts.keepBase',
  apply: 'agentTasks.attempts.apply',
  refresh: 'agentTasks.attempts.refresh',
  close: 'agentTasks.attempts.close',
} as const;
