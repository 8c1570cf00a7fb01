// The changes of a task in one line of plain text, for chat: "3 files changed, +40 −2: a.ts, b.ts, c.ts". Pure.
import { forChat } from '../safety/serviceText';
import type { ChangesView } from '../model/changesView';

const SHOWN = 8;

/** How much changed ("3 files changed, +40 −2"), or undefined when it is not known. */
export function changesCount(view: ChangesView | undefined): string | undefined {
  if (view?.kind !== 'ready') return undefined;
  const t = view.totals;
  return `${t.files} file${t.files === 1 ? '' : 's'} changed, +${t.added} −${t.removed}`;
}

/** How much and which files, or why there is nothing to say. */
export function changesLine(view: ChangesView | undefined): string | undefined {
  if (!view || view.kind === 'loading') return undefined;
  if (view.kind !== 'ready') return `changes: not shown (${forChat(view.why, 200)})`;
  const names = view.files.slice(0, SHOWN).map(f => forChat(f.path, 120));
  const more = view.files.length > SHOWN ? '…' : '';
  return `changes: ${changesCount(view)}${names.length ? `: ${names.join(', ')}${more}` : ''}`;
}
