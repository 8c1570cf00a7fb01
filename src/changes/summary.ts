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
  return `changes${whose(view)}: ${changesCount(view)}${names.length ? `: ${names.join(', ')}${more}` : ''}`;
}

/** Whose work the changes are, when several tasks worked on the branch: " (the branch now, …)". */
function whose(view: Extract<ChangesView, { kind: 'ready' }>): string {
  const r = view.rounds;
  if (!r) return '';
  if (r.shown === 'round') return " (this task's round, the branch now)";
  const stateOf = (x: (typeof r.later)[number]) =>
    x.gone ? 'gone from the service' : forChat(x.state || 'not read', 40);
  const later = r.later.map(x => `"${forChat(x.name, 120)}" (${stateOf(x)}, ${x.files ?? '?'} files)`).join(', ');
  const doubt = r.doubt ? ' (uncertain)' : '';
  const end =
    r.end !== undefined
      ? `; this task's round ends at ${r.end.slice(0, 7)}, ${r.endFiles ?? '?'} files up to it${doubt}`
      : r.unknown !== undefined
        ? `; where this task's round ends cannot be told: ${forChat(r.unknown, 300)}`
        : '';
  return ` (the branch now, later rounds included: ${later}${end})`;
}
