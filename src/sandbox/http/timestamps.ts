// `since` accepts the ISO 8601 forms clients send: a date, or a date-time with or without a zone (UTC assumed).
const FORM = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

export function isTimestampQuery(v: string): number | null {
  const m = FORM.exec(v.trim());
  if (!m) return null;
  let text = v.trim().replace(' ', 'T');
  if (m[4] === undefined) text += 'T00:00:00Z';
  else if (m[7] === undefined) text += 'Z';
  else if (/^[+-]\d{4}$/.test(m[7])) text = text.slice(0, -2) + ':' + text.slice(-2);
  const ms = Date.parse(text);
  if (Number.isNaN(ms)) return null;
  // Reject impossible dates that Date.parse would roll over (e.g. 2026-02-31).
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  if (d.getUTCMonth() !== Number(m[2]) - 1 || d.getUTCDate() !== Number(m[3])) return null;
  return ms;
}
