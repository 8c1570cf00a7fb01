// Reading the response headers the client acts on: rate limits, Retry-After, ETag, Link.
import type { RateLimit } from './errors';

export type HeaderBag = Record<string, string | string[] | undefined>;

export function header(headers: HeaderBag, name: string): string | undefined {
  const v = headers[name];
  return Array.isArray(v) ? v[0] : v;
}

function int(headers: HeaderBag, name: string): number | undefined {
  const v = header(headers, name);
  if (v === undefined || !/^\s*\d+\s*$/.test(v)) return undefined;
  return Number(v);
}

export function readRateLimit(headers: HeaderBag): RateLimit | undefined {
  const limit = int(headers, 'x-ratelimit-limit');
  const remaining = int(headers, 'x-ratelimit-remaining');
  const resetSec = int(headers, 'x-ratelimit-reset');
  const used = int(headers, 'x-ratelimit-used');
  const resource = header(headers, 'x-ratelimit-resource');
  if (limit === undefined && remaining === undefined && resetSec === undefined && used === undefined) return undefined;
  const rl: RateLimit = {};
  if (limit !== undefined) rl.limit = limit;
  if (remaining !== undefined) rl.remaining = remaining;
  if (resetSec !== undefined) rl.reset = new Date(resetSec * 1000);
  if (used !== undefined) rl.used = used;
  if (resource !== undefined) rl.resource = resource;
  return rl;
}

/** Retry-After as milliseconds from `now` (delta-seconds or an HTTP date); undefined when absent or unreadable. */
export function readRetryAfterMs(headers: HeaderBag, now = Date.now()): number | undefined {
  const v = header(headers, 'retry-after')?.trim();
  if (!v) return undefined;
  if (/^\d+$/.test(v)) return Number(v) * 1000;
  const at = Date.parse(v);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}
