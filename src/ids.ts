import * as l10n from '@vscode/l10n';
// Every identifier the manifest and the code share: commands, views, context keys, the settings section, state keys.
// The commands registered are the manifest's (commands/lazyCommands.ts), each run by a handler map; COMMANDS names
// those the code refers to (to run one, or in a handler map), so a command needs no entry here to work.

export const EXTENSION_ID = 'agent-tasks.agent-tasks';

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
  fine_grained: l10n.t('Fine-grained token (tasks, listing installations)'),
  classic: l10n.t('Classic token with repo scope (adding and removing installation repositories)'),
  installation: l10n.t("Installation token (an installation's own repositories)"),
};

/** Commands of the extension (the Installations view adds its own beside these). */
export const COMMANDS = {
  startTask: 'agentTasks.startTask',
  startTaskFromSelection: 'agentTasks.startTaskFromSelection',
  startTaskFromPromptFile: 'agentTasks.startTaskFromPromptFile',
  refresh: 'agentTasks.refresh',
  setToken: 'agentTasks.setToken',
  signOut: 'agentTasks.signOut',
  configureService: 'agentTasks.configureService',
  useSandbox: 'agentTasks.useSandbox',
  resetSandbox: 'agentTasks.resetSandbox',
  chooseRepository: 'agentTasks.chooseRepository',
  filterStates: 'agentTasks.filterStates',
  filterStatesActive: 'agentTasks.filterStates.active',
  filterMyStates: 'agentTasks.myTasks.filterStates',
  filterMyStatesActive: 'agentTasks.myTasks.filterStates.active',
  toggleMyArchived: 'agentTasks.myTasks.toggleArchived',
  toggleMyArchivedOn: 'agentTasks.myTasks.toggleArchived.on',
  clearFilters: 'agentTasks.clearFilters',
  toggleOnlyMine: 'agentTasks.toggleOnlyMine',
  toggleOnlyMineOn: 'agentTasks.toggleOnlyMine.on',
  toggleArchived: 'agentTasks.toggleArchived',
  toggleArchivedOn: 'agentTasks.toggleArchived.on',
  showLog: 'agentTasks.showLog',
  openTaskOnWeb: 'agentTasks.openTaskOnWeb',
  copyTaskId: 'agentTasks.copyTaskId',
  copyTaskUrl: 'agentTasks.copyTaskUrl',
  openPullRequest: 'agentTasks.openPullRequest',
  openBranchOnWeb: 'agentTasks.openBranchOnWeb',
  checkoutHeadBranch: 'agentTasks.checkoutHeadBranch',
  showTaskDetails: 'agentTasks.showTaskDetails',
  revealTask: 'agentTasks.revealTask',
  retryFailedStart: 'agentTasks.retryStart',
  discardDraft: 'agentTasks.discardDraft',
  loadMoreTasks: 'agentTasks.loadMoreTasks',
  serviceProblem: 'agentTasks.serviceProblem',
  continueTask: 'agentTasks.continueTask',
  reviewChanges: 'agentTasks.reviewChanges',
  applyChanges: 'agentTasks.applyChanges',
  checkOutWorktree: 'agentTasks.checkOutInNewWorktree',
  undoLastApply: 'agentTasks.undoLastApply',
  recoverApply: 'agentTasks.recoverApply',
  removeWorktree: 'agentTasks.removeWorktree',
  openChange: 'agentTasks.openChange',
  refreshChanges: 'agentTasks.refreshChanges',
  startTaskWithChanges: 'agentTasks.startTaskWithChanges',
  goToTask: 'agentTasks.goToTask',
  addComment: 'agentTasks.review.addComment',
  editComment: 'agentTasks.review.editComment',
  saveComment: 'agentTasks.review.saveComment',
  cancelComment: 'agentTasks.review.cancelComment',
  deleteComment: 'agentTasks.review.deleteComment',
  openSentTask: 'agentTasks.review.openSentTask',
  sendFeedback: 'agentTasks.sendFeedback',
  sendFeedbackDraft: 'agentTasks.sendFeedbackDraft',
  openCommit: 'agentTasks.openCommit',
  compareCommitWithBase: 'agentTasks.compareCommitWithBase',
  compareWithWorkingTree: 'agentTasks.compareWithWorkingTree',
  reviewSinceLastReview: 'agentTasks.reviewSinceLastReview',
  applyHunk: 'agentTasks.applyHunk',
  groupMyTasksByRepo: 'agentTasks.myTasks.groupByRepository',
  groupMyTasksByRepoOn: 'agentTasks.myTasks.groupByRepository.on',
  setAside: 'agentTasks.setAside',
  showAgain: 'agentTasks.showAgain',
  showSetAside: 'agentTasks.showSetAside',
  showSetAsideOn: 'agentTasks.showSetAside.on',
  compareAttempts: 'agentTasks.compareAttempts',
  revealAttemptSet: 'agentTasks.revealAttemptSet',
} as const;

/** Context keys the manifest's `when` clauses read. */
export const CONTEXT = {
  serviceState: 'agentTasks.service', // 'none' | 'sandbox' | 'remote'
  hasToken: 'agentTasks.hasToken',
  repoState: 'agentTasks.repoState', // 'noGit' | 'none' | 'found' | 'loading'
  reachable: 'agentTasks.reachable', // 'unknown' | 'yes' | 'no' | 'unauthorized' | 'forbidden'
  addressProblem: 'agentTasks.addressProblem', // signed out: '' | 'unreachable' | 'refused' (the address was tried)
  hasTasks: 'agentTasks.hasTasks',
  myHasTasks: 'agentTasks.myHasTasks',
  filtered: 'agentTasks.filtered', // Repository's states
  myFiltered: 'agentTasks.myFiltered', // My Tasks' states
  onlyMine: 'agentTasks.onlyMine',
  showArchived: 'agentTasks.showArchived', // Repository's archived switch
  myShowArchived: 'agentTasks.myShowArchived', // My Tasks' archived switch
  hasDraft: 'agentTasks.hasDraft',
  myGroupedByRepo: 'agentTasks.myGroupedByRepo', // My Tasks grouped under repositories
  canUndoApply: 'agentTasks.canUndoApply', // an apply of this window can still be undone
  canRemoveWorktree: 'agentTasks.canRemoveWorktree', // a worktree this window made is still there
  applyCutOff: 'agentTasks.applyCutOff', // an apply was cut off while it wrote: Put Back or Finish is offered
  gitless: 'agentTasks.gitless', // the host cannot run git (the browser): what needs it is not offered
  showingSetAside: 'agentTasks.showingSetAside', // the views show attempts set aside (Show Set-Aside Attempts)
} as const;

/** Keys in globalState / workspaceState. Never a token. */
export const STATE_KEYS = {
  sandboxChosen: 'agentTasks.sandboxChosen',
  chosenRepo: 'agentTasks.chosenRepository',
  stateFilter: 'agentTasks.stateFilter',
  stateFilterMine: 'agentTasks.stateFilter.mine',
  showArchived: 'agentTasks.archivedShown',
  showArchivedMine: 'agentTasks.archivedShown.mine',
  onlyMine: 'agentTasks.onlyMine',
  lastStartOptions: 'agentTasks.lastStartOptions',
  recentPrompts: 'agentTasks.recentPrompts',
  draft: 'agentTasks.draft',
  continuations: 'agentTasks.continuations',
  /** Sets of attempts started here (src/model/attemptSets.ts): prompts, options, models and task ids, never a token. */
  attemptSets: 'agentTasks.attemptSets',
  /** Whether the views show the attempts set aside (Show Set-Aside Attempts). */
  attemptSetsAsideShown: 'agentTasks.attemptSets.asideShown',
  /** The service scopes whose sandbox sets of attempts were learned once (src/tasks/sandboxSets.ts). */
  sandboxSetsLearned: 'agentTasks.sandboxSetsLearned',
  checkedOutBases: 'agentTasks.checkedOutBases',
  myGroupedByRepo: 'agentTasks.myTasks.groupedByRepository',
  /** Per task: review comments, files ticked as viewed, heads reviewed (only what the user wrote, and git's names). */
  review: 'agentTasks.review',
  /** The service keys (addresses, never tokens) that have had a token in this profile: the Accounts menu's list. */
  accountServices: 'agentTasks.accountServices',
  /** The last service address that answered (an address, never a token): Set Service Address offers it. */
  lastAnsweredAddress: 'agentTasks.lastAnsweredAddress',
} as const;

/** The secret-storage key space of the built-in sandbox, whose port changes from one start to the next. */
export const BUILTIN_SANDBOX_KEY = 'builtin-sandbox://local';

/** The authentication provider that shows who is signed in to each service in VS Code's Accounts menu. */
export const AUTH_PROVIDER = { id: 'agentTasks', label: l10n.t('Agent Tasks') } as const;

/** Commands of the Installations view. */
export const INSTALLATION_COMMANDS = {
  refresh: 'agentTasks.installations.refresh',
  addRepository: 'agentTasks.installations.addRepository',
  removeRepository: 'agentTasks.installations.removeRepository',
  revokeToken: 'agentTasks.installations.revokeToken',
  openOnWeb: 'agentTasks.installations.openOnWeb',
  loadMore: 'agentTasks.installations.loadMore',
} as const;

/** Language-model tools for chat: their names in `languageModelTools` and in `vscode.lm.registerTool`. */
export const CHAT_TOOLS = {
  startTask: 'agentTasks_startTask',
  listTasks: 'agentTasks_listTasks',
  getTask: 'agentTasks_getTask',
} as const;
