// The commands that need the user's git: a task's changes, their review and commits, Apply and its Undo, worktrees,
// the hand-off of uncommitted work, Check Out Head Branch. Where git cannot run (the browser, src/env) the manifest
// does not offer them (`!agentTasks.gitless`; test/unit/package/gitless.test.ts holds the two together) and each
// says why in one line (gitlessCommands.ts). No `vscode`.
import { COMMANDS } from '../ids';
import { ATTEMPT_COMMANDS } from './attemptCommandIds';

export const GIT_COMMANDS: readonly string[] = [
  COMMANDS.openChange,
  COMMANDS.refreshChanges,
  COMMANDS.reviewChanges,
  COMMANDS.applyChanges,
  COMMANDS.applyHunk,
  COMMANDS.checkOutWorktree,
  COMMANDS.recoverApply,
  COMMANDS.removeWorktree,
  COMMANDS.undoLastApply,
  COMMANDS.addComment,
  COMMANDS.cancelComment,
  COMMANDS.deleteComment,
  COMMANDS.editComment,
  COMMANDS.openSentTask,
  COMMANDS.saveComment,
  COMMANDS.sendFeedbackDraft,
  COMMANDS.sendFeedback,
  COMMANDS.compareCommitWithBase,
  COMMANDS.openCommit,
  COMMANDS.reviewSinceLastReview,
  COMMANDS.compareWithWorkingTree,
  COMMANDS.startTaskWithChanges,
  COMMANDS.checkoutHeadBranch,
  ...Object.values(ATTEMPT_COMMANDS),
];

/** Commands that stay (their handlers run in both hosts) but are not offered where git cannot run: none now (Check
 * Out Head Branch runs git itself, checkoutCommand.ts). */
export const GIT_ONLY_OFFERS: readonly string[] = [];
