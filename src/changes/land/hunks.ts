// One change of a file's diff ("hunk"): read from `git diff -U0` between the merge base's blob and the head's, chosen
// by the lines selected on the head side, and applied to the merge base's text alone, so that Apply This Change writes
// only the change the user pointed at. Pure: no `vscode`, no process.

/** A block of lines the head changed: 1-based starts as git writes them, counts of lines on each side. */
export interface Hunk {
  readonly oldStart: number;
  readonly oldCount: number;
  readonly newStart: number;
  readonly newCount: number;
}

/** The `@@ -a,b +c,d @@` headers of a unified diff (with no context lines, each change is a hunk of its own). */
export function parseHunks(diff: string): Hunk[] {
  const hunks: Hunk[] = [];
  for (const m of diff.matchAll(/^@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@/gm))
    hunks.push({
      oldStart: Number(m[1]),
      oldCount: m[2] === undefined ? 1 : Number(m[2]),
      newStart: Number(m[3]),
      newCount: m[4] === undefined ? 1 : Number(m[4]),
    });
  return hunks;
}

/**
 * The hunks the head-side lines `from`..`to` (1-based, inclusive) touch. A hunk that only removes lines is shown
 * between two head lines: either of them picks it.
 */
export function selectHunks(hunks: readonly Hunk[], from: number, to: number): Hunk[] {
  return hunks.filter(h => {
    const first = h.newCount > 0 ? h.newStart : Math.max(1, h.newStart);
    const last = h.newCount > 0 ? h.newStart + h.newCount - 1 : h.newStart + 1;
    return first <= to && last >= from;
  });
}

/** Lines with their own line ends, so that a file's mix of `\n`, `\r\n` and a missing last one is kept. */
function withEnds(text: string): string[] {
  return text.match(/[^\n]*\n|[^\n]+$/g) ?? [];
}

/** `base` with just `chosen` of the hunks from base to `head` applied: the head's lines in place of the base's. */
export function applyHunks(base: string, head: string, chosen: readonly Hunk[]): string {
  const out = withEnds(base);
  const theirs = withEnds(head);
  // From the bottom up, so that the line numbers of the hunks above stay true.
  for (const h of [...chosen].sort((a, b) => b.oldStart - a.oldStart)) {
    // With no old lines, git names the line after which the new ones go.
    const at = h.oldCount > 0 ? h.oldStart - 1 : h.oldStart;
    const lines = h.newCount > 0 ? theirs.slice(h.newStart - 1, h.newStart - 1 + h.newCount) : [];
    // The line before inserted text may have had no end (the base's last line): it gets one now.
    if (at > 0 && at <= out.length && !out[at - 1].endsWith('\n') && lines.length) out[at - 1] += '\n';
    out.splice(at, h.oldCount, ...lines);
  }
  return out.join('');
}
