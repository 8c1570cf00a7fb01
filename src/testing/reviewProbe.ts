// What the tests read of the review and do as the editor does: the comment threads drawn for a task, an empty thread
// on a line (as a click on the editor's "+" makes one), the lines a document takes comments on, and a changed file's
// checkbox ticked. Built only in test mode.
import * as vscode from 'vscode';
import type { ChangesFeature } from '../changes/changes';
import type { ReviewThreads } from '../changes/review/commentThreads';
import type { TreeNode } from '../shared/treeNode';
import type { TaskViews } from '../views/taskViews';

export interface ReviewProbe {
  threads(taskId: string): ReturnType<ReviewThreads['threads']>;
  emptyThread(uri: vscode.Uri, range: vscode.Range): vscode.CommentThread;
  commentingRanges(doc: vscode.TextDocument): Promise<vscode.Range[] | undefined>;
  /** Ticks (or unticks) a changed file's row, as a click on its checkbox does. */
  tick(node: TreeNode, on: boolean): void;
}

const NEVER: vscode.CancellationToken = {
  isCancellationRequested: false,
  onCancellationRequested: () => ({ dispose() {} }),
};

export function reviewProbe(feature: () => ChangesFeature | undefined, views: TaskViews): ReviewProbe {
  const threads = () => {
    const f = feature();
    if (!f) throw new Error('the changes feature is not built yet');
    return f.threads;
  };
  return {
    threads: taskId => threads().threads(taskId),
    emptyThread: (uri, range) => threads().controller.createCommentThread(uri, range, []),
    commentingRanges: async doc => {
      const got = await threads().controller.commentingRangeProvider?.provideCommentingRanges(doc, NEVER);
      return Array.isArray(got) ? got : (got?.ranges ?? undefined);
    },
    tick: (node, on) =>
      views.checked([[node, on ? vscode.TreeItemCheckboxState.Checked : vscode.TreeItemCheckboxState.Unchecked]]),
  };
}
