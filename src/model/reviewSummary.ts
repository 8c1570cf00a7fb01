// What the surfaces show of a task's review (the tree's Changes rows, the task page): which changed files are ticked
// as viewed, how many are left, and how many comments wait to be sent. Pure: no `vscode`.
import type { ChangedFile } from './changesView';

export type ViewedMark = 'viewed' | 'changed';

export interface ReviewSummary {
  /** Per changed file's path: ticked for the content it has (`viewed`), or for content it no longer has (`changed`). */
  readonly viewed: ReadonlyMap<string, ViewedMark>;
  /** Changed files not ticked for their current content. */
  readonly toView: number;
  /** Comments not sent yet, and sent ones. */
  readonly unsent: number;
  readonly sent: number;
}

/** What a file's content is, for "viewed": its blob on the head side, or the blob it had when the branch deletes it. */
export function contentKey(f: Pick<ChangedFile, 'newBlob' | 'oldBlob'>): string {
  return f.newBlob ?? `deleted:${f.oldBlob ?? ''}`;
}
