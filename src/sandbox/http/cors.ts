// CORS for the service's API, so that an editor running in a browser (VS Code for the web, code-server) can use the
// sandbox. Only origins its user stands behind are answered: a loopback one (a page served from this machine, at
// any port) or one named on its command line (`--allow-origin`). Any other origin gets no CORS header at all, so the
// browser keeps the answer from the page, and its preflight is refused: a request carrying a token never follows.
// The control endpoints, the git repositories and the web pages grant no origin (see guard.ts).
import type { IncomingMessage } from 'node:http';
import { VERSION_HEADER } from '../../api/protocol';
import { HttpError, type HttpReply } from './reply';

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** The headers the client sends: the browser asks before sending them across origins. */
export const ALLOWED_HEADERS = [
  'authorization',
  'accept',
  'content-type',
  'if-none-match',
  VERSION_HEADER.toLowerCase(),
  'user-agent',
];
/** The headers the client reads: a page sees only these (and the few the browser always shows). */
export const EXPOSED_HEADERS = [
  'etag',
  'link',
  'retry-after',
  'x-poll-interval',
  'x-ratelimit-limit',
  'x-ratelimit-remaining',
  'x-ratelimit-reset',
  'x-ratelimit-used',
  'x-ratelimit-resource',
];
const METHODS = ['GET', 'HEAD', 'POST', 'PATCH', 'PUT', 'DELETE'];

/**
 * `scheme://host[:port]` as a browser writes an Origin header, lower case; undefined for anything else (a path, a
 * user name, `null`, a scheme other than http and https).
 */
export function originOf(text: string): string | undefined {
  let u: URL;
  try {
    u = new URL(text);
  } catch {
    return undefined;
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') return undefined;
  return u.origin === text.toLowerCase().replace(/\/$/, '') ? u.origin : undefined;
}

export class Cors {
  private readonly named = new Set<string>();

  /** `allowed`: origins beside the loopback ones, e.g. `https://editor.example:8443`; throws on one that is not. */
  constructor(allowed: readonly string[] = []) {
    for (const a of allowed) {
      const o = originOf(a);
      if (!o) throw new Error(`not an origin (scheme://host[:port]): ${JSON.stringify(a.slice(0, 100))}`);
      this.named.add(o);
    }
  }

  /** Whether a page of this origin may read the API's answers. */
  allows(origin: string | undefined): origin is string {
    if (origin === undefined) return false;
    const o = originOf(origin);
    if (!o || o !== origin) return false;
    return this.named.has(o) || LOOPBACK_HOSTS.has(new URL(o).hostname);
  }

  /** The headers an answer to an allowed origin carries; none for any other. */
  headers(req: IncomingMessage): Record<string, string> {
    const origin = req.headers.origin;
    if (!this.allows(origin)) return { vary: 'Origin' };
    return {
      'access-control-allow-origin': origin,
      'access-control-expose-headers': EXPOSED_HEADERS.join(', '),
      vary: 'Origin',
    };
  }

  /** The answer to a preflight (OPTIONS) of an API path; 403 without any CORS header for an origin not allowed. */
  preflight(req: IncomingMessage, apiPath: boolean): HttpReply {
    const origin = req.headers.origin;
    const method = req.headers['access-control-request-method'];
    if (!apiPath || !this.allows(origin) || method === undefined) {
      throw new HttpError(
        403,
        'Cross-origin requests are answered only for the service API, from a loopback origin or one the sandbox ' +
          'was started with (--allow-origin)',
        undefined,
        { vary: 'Origin' },
      );
    }
    return {
      status: 204,
      headers: {
        'access-control-allow-origin': origin,
        'access-control-allow-methods': METHODS.join(', '),
        'access-control-allow-headers': ALLOWED_HEADERS.join(', '),
        'access-control-max-age': '600',
        vary: 'Origin',
      },
    };
  }
}
