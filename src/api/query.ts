// Query strings as the service reads them: `state` is one comma-separated value, `creator_id` repeats its key,
// booleans are true/false, and an undefined option is not sent at all.

export type QueryValue = string | number | boolean | readonly (string | number)[] | null | undefined;

/** Parameters whose array value is one comma-separated value; every other array repeats its key. */
const COMMA_LISTS = new Set(['state']);

export function encodeQuery(params: Record<string, QueryValue>): string {
  const parts: string[] = [];
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null) continue;
    const k = encodeURIComponent(key);
    if (Array.isArray(value)) {
      if (value.length === 0) continue;
      if (COMMA_LISTS.has(key)) parts.push(`${k}=${value.map(v => encodeURIComponent(String(v))).join(',')}`);
      else for (const v of value) parts.push(`${k}=${encodeURIComponent(String(v))}`);
    } else {
      parts.push(`${k}=${encodeURIComponent(String(value))}`);
    }
  }
  return parts.length ? `?${parts.join('&')}` : '';
}

/** One path segment, percent-encoded so that `/`, `?` and `#` cannot change the route. */
export function segment(value: string | number): string {
  if (typeof value === 'number' && !Number.isSafeInteger(value))
    throw new TypeError(`A numeric path parameter must be an integer, not ${value}`);
  const s = String(value);
  if (s === '') throw new TypeError('A path parameter must not be empty');
  // URL parsing treats these as dot segments even when percent-encoded; no id of the service is one.
  if (s === '.' || s === '..') throw new TypeError(`A path parameter must not be ${JSON.stringify(s)}`);
  return encodeURIComponent(s);
}
