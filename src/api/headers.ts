// Reading the response headers the client acts on: rate limits, Retry-After, x-poll-interval, ETag, Link.
// Every wait the service can ask for is bounded here: past setTimeout's range (about 24.8 days) a timer fires at
// once, so an unbounded wait turns into a storm of requests; and no wait is worth more than an hour of a stale view.
import type { RateLimit } from './errors';

export type HeaderBag = Record<string, string | string[] | undefined>;

/** The longest wait the client takes from the service. */
export const MAX_WAIT_MS = 60 * 60_000;

/** Told when a header was not taken as it came; `key` names the header, so a log can say it once. */
export type WaitNote = (key: string, message: string) => void;

export function header(headers: HeaderBag, name: string): string | undefined {
  const v = headers[name];
  return Array.isArray(v) ? v[0] : v;
}

function int(headers: HeaderBag, name: string): number | undefined {
  const v = header(headers, name);
  if (v === undefined || !/^\s*\d+\s*$/.test(v)) return undefined;
  const n = Number(v);
  return Number.isSafeInteger(n) ? n : undefined;
}

/** A wait of `ms`, at most MAX_WAIT_MS; a longer one is noted and cut. */
function bounded(ms: number, name: string, note: WaitNote | undefined): number {
  if (ms <= MAX_WAIT_MS) return Math.max(0, ms);
  note?.(name, `${name} asks to wait ${describe(ms)}; waiting at most an hour instead`);
  return MAX_WAIT_MS;
}

function describe(ms: number): string {
  if (!Number.isFinite(ms)) return 'forever';
  const hours = ms / 3_600_000;
  return hours < 48 ? `${Math.round(hours)} h` : `${Math.round(hours / 24)} days`;
}

export function readRateLimit(headers: HeaderBag, now = Date.now(), note?: WaitNote): RateLimit | undefined {
  const limit = int(headers, 'x-ratelimit-limit');
  const remaining = int(headers, 'x-ratelimit-remaining');
  const reset = readReset(headers, now, note);
  const used = int(headers, 'x-ratelimit-used');
  const resource = header(headers, 'x-ratelimit-resource');
  if (limit === undefined && remaining === undefined && reset === undefined && used === undefined) return undefined;
  const rl: RateLimit = {};
  if (limit !== undefined) rl.limit = limit;
  if (remaining !== undefined) rl.remaining = remaining;
  if (reset !== undefined) rl.reset = reset;
  if (used !== undefined) rl.used = used;
  if (resource !== undefined) rl.resource = resource;
  return rl;
}

/** `x-ratelimit-reset` (epoch seconds) as a time at most MAX_WAIT_MS ahead; one in the past stays as it is. */
function readReset(headers: HeaderBag, now: number, note: WaitNote | undefined): Date | undefined {
  const v = header(headers, 'x-ratelimit-reset');
  if (v === undefined || !/^\s*\d+\s*$/.test(v)) return undefined;
  const at = Number(v) * 1000;
  return new Date(at - now > MAX_WAIT_MS ? now + bounded(at - now, 'x-ratelimit-reset', note) : at);
}

/**
 * Retry-After as milliseconds from `now` (delta-seconds or an HTTP date), at most MAX_WAIT_MS; undefined when absent
 * or unreadable. A date needs a month or day name, so a bare "-5" is unreadable rather than a year.
 */
export function readRetryAfterMs(headers: HeaderBag, now = Date.now(), note?: WaitNote): number | undefined {
  const v = header(headers, 'retry-after')?.trim();
  if (!v) return undefined;
  if (/^\d+$/.test(v)) return bounded(Number(v) * 1000, 'Retry-After', note);
  const at = /[a-z]/i.test(v) ? Date.parse(v) : NaN;
  if (Number.isNaN(at)) {
    note?.('Retry-After', 'Retry-After is neither a number of seconds nor a date; ignored');
    return undefined;
  }
  return bounded(at - now, 'Retry-After', note);
}

/**
 * `x-poll-interval` (seconds; fractions taken) in milliseconds, at most MAX_WAIT_MS; undefined when absent or
 * unreadable.
 */
export function readPollIntervalMs(headers: HeaderBag, note?: WaitNote): number | undefined {
  const v = header(headers, 'x-poll-interval')?.trim();
  if (v === undefined || v === '') return undefined;
  const seconds = Number(v);
  if (Number.isNaN(seconds) || seconds < 0) {
    note?.('x-poll-interval', 'x-poll-interval is not a number of seconds; ignored');
    return undefined;
  }
  return bounded(seconds * 1000, 'x-poll-interval', note);
}
