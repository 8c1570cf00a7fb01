// The prompt that Send Feedback to Agent… writes from a task's review comments: for each, the file, its lines, the
// head's text of those lines as quoted when the comment was written, and the comment. The user edits it before it is
// sent. Its first line tells the round apart (the service names a task from it). Pure: no `vscode`.
import * as l10n from '@vscode/l10n';
import { roundLine } from '../../model/roundNumbers';

export interface FeedbackItem {
  readonly path: string;
  /** 0-based, inclusive: where the comment sits on the head the user sees now. */
  readonly start: number;
  readonly end: number;
  /** The head's text of the lines, as it was when the comment was written. */
  readonly quote: string;
  readonly body: string;
  /** The branch changed the lines after the comment was written. */
  readonly changed?: boolean;
  /** The file is no longer among the branch's changes. */
  readonly gone?: boolean;
}

/** A fence longer than any run of backticks in the text, so the quote cannot close it early. */
function fence(text: string): string {
  let longest = 0;
  for (const m of text.matchAll(/`+/g)) longest = Math.max(longest, m[0].length);
  return '`'.repeat(Math.max(3, longest + 1));
}

function where(item: FeedbackItem): string {
  return item.start === item.end
    ? l10n.t('{0}, line {1}:', item.path, item.start + 1)
    : l10n.t('{0}, lines {1}–{2}:', item.path, item.start + 1, item.end + 1);
}

/** The round the feedback starts: its number on the work, and the name of the work's first task. */
export interface FeedbackRound {
  readonly n: number;
  readonly firstName: string;
}

/**
 * The prompt's first line, which names the task it starts: the round and the work it continues, and what the first
 * comment asks, shortened, with how many more there are. Plain text on one line, whatever the names hold.
 */
export function feedbackHeading(round: FeedbackRound, first: string, count: number): string {
  const line = roundLine(round.n, round.firstName, first);
  const more = count - 1;
  if (more <= 0) return line;
  return more === 1 ? l10n.t('{0} (+1 more comment)', line) : l10n.t('{0} (+{1} more comments)', line, more);
}

/**
 * The whole prompt: the round's line (when the round is known), a line that says what it is, then each comment in
 * file and line order.
 */
export function feedbackPrompt(items: readonly FeedbackItem[], head: string, round?: FeedbackRound): string {
  const sorted = [...items].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : a.start - b.start));
  const what = l10n.t('Review comments on your changes on branch {0}. Address each of them on the same branch.', head);
  const parts = [round && sorted.length ? `${feedbackHeading(round, sorted[0].body, sorted.length)}\n${what}` : what];
  sorted.forEach((item, i) => {
    const quote = item.quote.replace(/\r?\n$/, '');
    const f = fence(quote);
    const notes = [
      item.changed ? l10n.t('(The branch changed these lines after this comment was written.)') : '',
      item.gone ? l10n.t('(This file is no longer among the changes.)') : '',
    ].filter(Boolean);
    parts.push([`${i + 1}. ${where(item)}`, f, quote, f, item.body.trim(), ...notes].join('\n'));
  });
  return `${parts.join('\n\n')}\n`;
}
