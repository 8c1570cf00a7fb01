// Continuation links written as a continuation started here writes them (workspace state), for the rounds' tests: a
// link the service contradicts (another branch, a task it no longer has, a recorded tip the branch lost). The
// extension reads them from the same state; no event is fired, so no tip is recorded for it meanwhile.
import type * as vscode from 'vscode';
import { ContinuationLinks } from '../model/continuationLinks';
import type { AttemptSets } from '../model/attemptSets';

export interface RoundsProbe {
  /** Records that `taskId` continues `continued` on its branch, with the branch tip then when given (a round's end). */
  continuation(taskId: string, continued: { id: string; name: string }, tip?: string): Promise<void>;
  /**
   * The extension's own sets of attempts of one prompt, for the tests of sets: a test writes one as a start of
   * several attempts does (planned, then each started as a task), and the views, pictures and notifier hear it.
   */
  readonly attemptSets?: AttemptSets;
}

export function roundsProbe(workspaceState: vscode.Memento, attemptSets?: AttemptSets): RoundsProbe {
  return {
    attemptSets,
    async continuation(taskId, continued, tip) {
      const links = new ContinuationLinks(workspaceState);
      await links.remember(taskId, continued);
      if (tip !== undefined) await links.noteTip(taskId, tip);
      links.dispose();
    },
  };
}
