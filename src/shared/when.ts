// Times on the task page: in the user's locale and as "3 min ago". Pure: no `vscode`.
import { relativeTime } from './relativeTime';
import { forHtml } from '../safety/serviceText';
import { asText } from './text';
import * as l10n from '@vscode/l10n';

export interface Clock {
  /** A BCP 47 tag, e.g. VS Code's display language `en` or `zh-cn`. */
  locale: string;
  /** IANA zone; the machine's own when omitted (tests fix it). */
  timeZone?: string;
  now: number;
}

export type TimeFormatter = (value: unknown) => string;

function dateFormat(clock: Clock): Intl.DateTimeFormat {
  const options: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short', timeZone: clock.timeZone };
  try {
    return new Intl.DateTimeFormat(clock.locale, options);
  } catch {
    // A locale (or zone) this runtime does not know is no reason to show nothing.
    return new Intl.DateTimeFormat(undefined, { ...options, timeZone: undefined });
  }
}

/**
 * A timestamp from the service as plain text in the user's locale, as the task page shows it (tree tooltips use it);
 * what is not a time is given back as it came. The result is text from the service: quote it as such.
 */
export function timeText(value: unknown, clock: Omit<Clock, 'now'>): string {
  const raw = asText(value);
  const t = Date.parse(raw);
  return raw && !Number.isNaN(t) ? dateFormat({ ...clock, now: 0 }).format(t) : raw;
}

/** HTML for a timestamp from the service: the local date and time, and how long ago; unreadable text shown as text. */
export function timeHtml(clock: Clock): TimeFormatter {
  const format = dateFormat(clock);
  return value => {
    const raw = asText(value);
    if (!raw) return '<span class="muted">—</span>';
    const t = Date.parse(raw);
    if (Number.isNaN(t)) return `${forHtml(raw)} <span class="muted">${forHtml(l10n.t('(not a time)'))}</span>`;
    const ago = relativeTime(new Date(t).toISOString(), clock.now);
    return (
      `<time datetime="${forHtml(new Date(t).toISOString())}" title="${forHtml(raw)}">` +
      `${forHtml(format.format(t))}</time>` +
      (ago ? ` <span class="muted">· ${forHtml(ago)}</span>` : '')
    );
  };
}
