// Where a review comment sits once the agent's branch has moved: the lines it was written on, found again in the
// file's new text by what they said. A comment follows its lines when they moved; when they are not there as
// written any more, it stays near where it was and says that its lines changed. Pure: no `vscode`.

/** The lines of a comment on the head side, 0-based and inclusive. */
export interface LineSpan {
  readonly start: number;
  readonly end: number;
}

export interface Anchor extends LineSpan {
  /** The lines the comment was written on are not in the new text as they were. */
  readonly changed: boolean;
}

/** A file's text as lines, without their line ends. */
export function linesOf(text: string): string[] {
  const lines = text.split(/\r?\n/);
  // A text that ends with a line break has no line after it.
  if (lines.length > 1 && lines[lines.length - 1] === '') lines.pop();
  return lines;
}

/** Lines compare as equal when only trailing blanks differ (an editor's trim-on-save is not a change of meaning). */
const same = (a: string, b: string): boolean => a.trimEnd() === b.trimEnd();

/**
 * The span in `lines` that holds `quote` (the commented lines as they were), the one nearest to where they were;
 * or the old span, kept inside the file, marked changed when they are nowhere to be found.
 */
export function anchorIn(lines: readonly string[], was: LineSpan, quote: string): Anchor {
  const wanted = linesOf(quote);
  const n = Math.max(1, wanted.length);
  let best: number | undefined;
  for (let i = 0; i + n <= lines.length; i++) {
    let all = true;
    for (let k = 0; k < n && all; k++) all = same(lines[i + k], wanted[k] ?? '');
    if (all && (best === undefined || Math.abs(i - was.start) < Math.abs(best - was.start))) best = i;
  }
  if (best !== undefined) return { start: best, end: best + n - 1, changed: false };
  const last = Math.max(0, lines.length - 1);
  const start = Math.min(was.start, last);
  return { start, end: Math.min(Math.max(start, was.end), last), changed: true };
}
