import * as l10n from '@vscode/l10n';
// "5 min ago" for tree descriptions. Pure: no `vscode`.

/** An ISO time read once: its instant, and the date written out once anyone asked for it. */
interface Parsed {
  readonly t: number;
  date?: string;
}

// A tree draws the same few hundred times at every first draw (each task's last change), and Go to Task every task's
// at each opening: reading a time and writing a date are the dearest parts of a row's description, so each is done
// once per time. Bounded, in two generations: a full memo becomes the older one and a new one starts, and a time found
// in the older is carried into the new. So every time of a list up to the bound stays read however long the list is
// gone through again; one memo emptied whole when full read every time again, at each pass, once a list of 10,000
// tasks (with a few more times beside them) went past it.
const MEMO_LIMIT = 10_000;
let memo = new Map<string, Parsed>();
let older = new Map<string, Parsed>();

function parsed(iso: string): Parsed {
  let p = memo.get(iso);
  if (p) return p;
  p = older.get(iso) ?? { t: Date.parse(iso) };
  if (memo.size >= MEMO_LIMIT) {
    older = memo;
    memo = new Map();
  }
  memo.set(iso, p);
  return p;
}

/**
 * An instant (ms since the epoch) as ISO text, or undefined when it is none a date can hold: git gives a commit's
 * time as its author wrote it, and `@9999999999999` is past the year 275760, where `toISOString` throws.
 */
export function isoTime(ms: number): string | undefined {
  return Number.isFinite(ms) && Math.abs(ms) <= MAX_DATE_MS ? new Date(ms).toISOString() : undefined;
}

/** The farthest instant from the epoch a Date holds, either way (ECMAScript's time range). */
const MAX_DATE_MS = 8.64e15;
/** How far ahead of this clock a time may be and still read as now: a clock a little behind the service's. */
const SKEW_S = 3600;

/** "5 min ago", "yesterday" or the date; '' for no time or one that does not parse. */
export function relativeTime(iso: string | null | undefined, now = Date.now()): string {
  if (!iso) return '';
  const p = parsed(iso);
  const t = p.t;
  if (Number.isNaN(t)) return '';
  const s = Math.round((now - t) / 1000);
  // A time far ahead of now (a commit dated in 2286) is not "just now": its date is said.
  if (s < -SKEW_S) return (p.date ??= new Date(t).toISOString().split('T')[0]);
  // A clock behind the service's (s < 0) reads as now too.
  if (s < 45) return l10n.t('just now');
  const m = Math.round(s / 60);
  if (m < 60) return l10n.t('{0} min ago', m);
  const h = Math.round(s / 3600);
  if (h < 24) return l10n.t('{0} h ago', h);
  const d = Math.round(s / 86400);
  if (d < 30) return d === 1 ? l10n.t('yesterday') : l10n.t('{0} days ago', d);
  return (p.date ??= new Date(t).toISOString().split('T')[0]);
}

/** "2 min 5 s" between two timestamps, for session tooltips. */
export function duration(fromIso: string, toIso: string | null | undefined): string {
  const a = Date.parse(fromIso);
  const b = toIso ? Date.parse(toIso) : NaN;
  if (Number.isNaN(a) || Number.isNaN(b) || b < a) return '';
  const s = Math.round((b - a) / 1000);
  if (s < 60) return l10n.t('{0} s', s);
  const m = Math.floor(s / 60);
  if (m < 60) return l10n.t('{0} min {1} s', m, s % 60);
  return l10n.t('{0} h {1} min', Math.floor(m / 60), m % 60);
}
