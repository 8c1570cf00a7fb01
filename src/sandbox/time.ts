// Timestamps as the service shows them: tasks in UTC with `Z`, installations with a numeric offset.

/** `2026-03-10T12:00:00Z` (second precision, as the service's samples have it). */
export function utc(ms: number): string {
  return new Date(Math.floor(ms / 1000) * 1000).toISOString().replace('.000Z', 'Z');
}

/** `2026-03-10T05:00:00-07:00`: the same instant written with a fixed numeric offset (minutes east of UTC). */
export function withOffset(ms: number, offsetMinutes: number): string {
  const local = new Date(Math.floor(ms / 1000) * 1000 + offsetMinutes * 60_000).toISOString().slice(0, 19);
  const sign = offsetMinutes < 0 ? '-' : '+';
  const abs = Math.abs(offsetMinutes);
  return `${local}${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}

/** The offset (minutes) written in a timestamp, 0 for `Z`. */
export function offsetOf(ts: string): number {
  const m = /([+-])(\d{2}):(\d{2})$/.exec(ts);
  if (!m) return 0;
  const v = Number(m[2]) * 60 + Number(m[3]);
  return m[1] === '-' ? -v : v;
}
