// A feedback round's edits: each review comment changes the lines it was written on, found by its quote (where the
// comment's line numbers no longer hold it, the nearest place that does), else by its line numbers.
import type { ReviewItem } from './request';
import { resolve } from './related';
import { clean, trailingNote } from './snippets';
import type { Tree } from './tree';

/** Where a comment's lines are in `lines` (0-based, inclusive), if anywhere. */
export function locate(lines: string[], item: ReviewItem): { from: number; to: number } | undefined {
  const bare = lines.map(l => l.replace(/\r$/, ''));
  const quote = item.quote;
  const at = (i: number) => quote.length > 0 && quote.every((q, k) => bare[i + k] === q.replace(/\r$/, ''));
  const given = item.start - 1;
  if (at(given)) return { from: given, to: given + quote.length - 1 };
  let best: number | undefined;
  for (let i = 0; i + quote.length <= bare.length; i++)
    if (at(i) && (best === undefined || Math.abs(i - given) < Math.abs(best - given))) best = i;
  if (best !== undefined) return { from: best, to: best + quote.length - 1 };
  if (given >= 0 && item.end - 1 < bare.length && item.end >= item.start) return { from: given, to: item.end - 1 };
  return undefined;
}

/** The first line of a comment, shortened. */
export const gist = (body: string): string => {
  const line = clean(body.split('\n').find(l => l.trim()) ?? '');
  return line.length > 72 ? `${line.slice(0, 71)}…` : line;
};

/**
 * Each comment's lines with a note at their end (`Review N: what it asks` on the first, `Review N` on the others),
 * or, with `done`, the notes an earlier commit left marked as addressed. Comments on files that are gone, or that
 * cannot hold a note (JSON), are left out. The new texts by path, and the comments each file took.
 */
export async function reviewEdits(
  tree: Tree,
  items: readonly ReviewItem[],
  done: boolean,
  read: (p: string) => Promise<string | undefined>,
): Promise<Map<string, { text: string; items: ReviewItem[] }>> {
  const out = new Map<string, { text: string; items: ReviewItem[] }>();
  for (const item of items) {
    const p = resolve(tree, item.path)[0];
    if (!p) continue;
    const old = out.get(p)?.text ?? (await read(p));
    if (old === undefined) continue;
    const lines = old.split('\n');
    let changed = false;
    if (done) {
      const mark = `Review ${item.n}: `;
      for (let i = 0; i < lines.length; i++)
        if (lines[i].includes(mark)) {
          lines[i] = lines[i].replace(mark, `Review ${item.n}, addressed: `);
          changed = true;
        }
    } else {
      const where = locate(lines, item);
      const first = trailingNote(p, `Review ${item.n}: ${gist(item.body) || 'see the comment'}`);
      if (!where || first === undefined) continue;
      const rest = trailingNote(p, `Review ${item.n}`)!;
      let noted = false;
      for (let i = where.from; i <= where.to; i++) {
        const cr = lines[i].endsWith('\r') ? '\r' : '';
        const line = cr ? lines[i].slice(0, -1) : lines[i];
        if (line.trim() === '' && (noted || i < where.to)) continue;
        lines[i] = `${line}${noted ? rest : first}${cr}`.replace(/^\s+(?=\S)/, m => (line.trim() ? m : ''));
        noted = true;
      }
      changed = noted;
    }
    if (!changed) continue;
    const entry = out.get(p) ?? { text: old, items: [] };
    entry.text = lines.join('\n');
    entry.items.push(item);
    out.set(p, entry);
  }
  return out;
}
