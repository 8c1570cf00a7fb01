// Where a review comment is drawn once the agent's branch has moved, as a pull request shows its outdated comments: a
// comment whose lines are still there follows them onto the head shown now; a sent comment whose lines changed, and
// any comment whose file is gone from the changes, stays on the diff it was written on, marked outdated, its text as
// written. A comment not sent yet whose lines changed stays on the head shown (it is still to be sent about that
// head), near where it was, saying so. Pure: no `vscode`.
import type { Anchor, LineSpan } from './anchors';

/**
 * Why a comment is outdated: its lines changed (`lines`); the branch deleted its file (`deleted`); its file is no
 * longer among the changes, as when a later round put it back as the base has it (`gone`); the diff it is drawn in
 * is older than the branch, kept while that diff is open (`pushed`).
 */
export type Outdated = 'lines' | 'deleted' | 'gone' | 'pushed';

/** What the head shown now has of a comment's file: its lines there, or why the file is not there. */
export type Found = Anchor | 'deleted' | 'gone';

export interface Spot extends LineSpan {
  /** The head the Changes show now, or the diff the comment was written on (its head commit and blob). */
  readonly on: 'head' | 'written';
  readonly outdated?: Outdated;
}

/** Where a comment (`written`: the lines it was written on; `sent`: whether it was) is drawn, given what was found. */
export function spotOf(written: LineSpan, sent: boolean, found: Found): Spot {
  const was = { start: written.start, end: written.end };
  if (typeof found === 'string') return { on: 'written', ...was, outdated: found };
  const now = { start: found.start, end: found.end };
  if (!found.changed) return { on: 'head', ...now };
  return sent ? { on: 'written', ...was, outdated: 'lines' } : { on: 'head', ...now, outdated: 'lines' };
}

/**
 * A thread drawn in a diff the user has open stays in it when the rules put it elsewhere (the agent pushed), marked
 * outdated, until that diff is closed: `drawnAt` the document it is drawn in, `target` where the rules put it.
 */
export function keptInOpenDiff(drawnAt: string | undefined, target: string, isOpen: (uri: string) => boolean): boolean {
  return drawnAt !== undefined && drawnAt !== target && isOpen(drawnAt);
}
