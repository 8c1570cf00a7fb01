// One HTTP exchange over a fetch-shaped stack (fetchLike.ts): a deadline for the whole of it (headers and body), a
// bound on the body's size, and redirects followed here, by hand, so that the Authorization header is dropped the
// moment a hop leaves the service's origin, and a write (with the user's prompt in it) never goes anywhere but the
// service. When no answer comes, the error says which part of the way failed (netFault.ts).
import { readIssuer } from './certificate';
import { ApiError } from './errors';
import type { FetchLike, HopResponse } from './fetchLike';
import { headerBag } from './fetchLike';
import type { HeaderBag } from './headers';
import { header } from './headers';
import { tokenRefusal } from './guard';
import type { NetworkFault } from './netFault';
import { classify, rootCause } from './netFault';

const MAX_REDIRECTS = 5;
/** The largest answer read. The longest real one (a page of 100 repositories) is a few hundred KiB. */
export const MAX_BODY_BYTES = 4 * 1024 * 1024;
const SIZE_WORDS = `${MAX_BODY_BYTES / 1024 / 1024} MiB`;
const REDIRECTS = new Set([301, 302, 303, 307, 308]);

export interface ExchangeRequest {
  fetch: FetchLike;
  method: string;
  url: URL;
  headers: Record<string, string>;
  body?: string;
  timeoutMs: number;
  signal?: AbortSignal;
  serviceOrigin: string;
  /** Redacted from error texts. */
  secret?: string;
  /** The proxy the caller knows the stack takes to `url` (`host:port`), for the words of a failure. */
  proxyFor?: (url: URL) => string | undefined;
  /** Called after every hop that got a response, or with status 0 when one did not. */
  onHop?: (hop: { method: string; url: URL; status: number; durationMs: number }) => void;
}

export interface ExchangeResult {
  status: number;
  headers: HeaderBag;
  body: string;
  /** Where the final hop went. */
  url: URL;
}

export function pathOf(url: URL): string {
  return url.pathname + url.search;
}

export async function exchange(req: ExchangeRequest): Promise<ExchangeResult> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort(new Error(`timed out after ${req.timeoutMs} ms`));
  }, req.timeoutMs);
  const onAbort = (): void => controller.abort(req.signal?.reason);
  if (req.signal?.aborted) onAbort();
  else req.signal?.addEventListener('abort', onAbort, { once: true });

  let { method, url, body } = req;
  const headers = { ...req.headers };
  try {
    for (let hop = 0; ; hop++) {
      const started = performance.now();
      let status = 0;
      try {
        const res = await req.fetch(url.href, {
          method,
          headers,
          ...(body !== undefined ? { body } : {}),
          redirect: 'manual',
          signal: controller.signal,
        });
        status = res.status;
        const bag = headerBag(res.headers);
        const location = header(bag, 'location');
        if (REDIRECTS.has(status) && location !== undefined) {
          await readBody(res, header(bag, 'content-length'));
          req.onHop?.({ method, url, status, durationMs: performance.now() - started });
          if (hop >= MAX_REDIRECTS) throw refused(req, `too many redirects (more than ${MAX_REDIRECTS})`);
          const next = redirectTarget(req, url, location);
          // Whatever the status, a write's answer from elsewhere would be taken as the service's (a task that is
          // not one), and a 307/308 would carry the prompt there.
          if (isWrite(req.method) && next.origin !== req.serviceOrigin) {
            throw refused(
              req,
              `the service redirected it to another address (${next.origin}); ` +
                `a ${req.method} goes only to the service, so it was not sent there`,
            );
          }
          if (status === 303 || ((status === 301 || status === 302) && method === 'POST')) {
            method = 'GET';
            body = undefined;
            delete headers['content-type'];
          }
          if (headers.authorization !== undefined && tokenRefusal(next, req.serviceOrigin) !== undefined) {
            delete headers.authorization;
          }
          url = next;
          continue;
        }
        const text = await readBody(res, header(bag, 'content-length'));
        req.onHop?.({ method, url, status, durationMs: performance.now() - started });
        if (text === undefined) {
          const path = pathOf(req.url);
          throw new ApiError({
            status,
            kind: 'invalid_response',
            method: req.method,
            path,
            secret: req.secret,
            message: `${req.method} ${path}: the answer is larger than ${SIZE_WORDS}; it was cut off and not read`,
          });
        }
        return { status, headers: bag, body: text, url };
      } catch (e) {
        if (e instanceof ApiError) throw e;
        req.onHop?.({ method, url, status: 0, durationMs: performance.now() - started });
        throw await failure(req, method, url, e, timedOut, started);
      }
    }
  } finally {
    clearTimeout(timer);
    req.signal?.removeEventListener('abort', onAbort);
  }
}

function isWrite(method: string): boolean {
  return method !== 'GET' && method !== 'HEAD';
}

/**
 * The body as text, or undefined when it is larger than MAX_BODY_BYTES. With a Content-Length the size is known
 * before a byte is read (the stack holds the body to it); without one (chunked) it is counted as it streams in, and
 * the stream is cancelled the moment it passes the bound.
 */
async function readBody(res: HopResponse, length: string | undefined): Promise<string | undefined> {
  const declared = length === undefined ? NaN : Number(length);
  if (declared >= 0 && declared <= MAX_BODY_BYTES) return res.text();
  if (!res.body) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  // Leaving the loop early cancels the body, and with it the connection's rest of it.
  for await (const chunk of res.body) {
    size += chunk.byteLength;
    if (size > MAX_BODY_BYTES || declared > MAX_BODY_BYTES) return undefined;
    chunks.push(chunk);
  }
  // Web-standard pieces, not Node's Buffer: the browser's build reads bodies here too.
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) {
    bytes.set(c, at);
    at += c.byteLength;
  }
  const text = new TextDecoder().decode(bytes);
  // As fetch's text() does: a byte-order mark is not part of the JSON.
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

function redirectTarget(req: ExchangeRequest, from: URL, location: string): URL {
  let next: URL;
  try {
    next = new URL(location, from);
  } catch {
    throw refused(req, 'the service redirected to an invalid address');
  }
  if (next.protocol !== 'https:' && next.protocol !== 'http:')
    throw refused(req, `redirect to ${next.protocol} refused`);
  return next;
}

function refused(req: ExchangeRequest, why: string): ApiError {
  const path = pathOf(req.url);
  return new ApiError({
    status: 0,
    kind: 'refused',
    message: `${req.method} ${path}: ${why}`,
    method: req.method,
    path,
    secret: req.secret,
  });
}

/** The longest wait for the certificate's issuer after a certificate failure (the user is waiting for the message). */
const ISSUER_WAIT_MS = 5_000;

async function failure(
  req: ExchangeRequest,
  method: string,
  url: URL,
  cause: unknown,
  timedOut: boolean,
  started: number,
): Promise<ApiError> {
  const path = pathOf(url);
  const base = { status: 0, method, path, cause, secret: req.secret };
  if (timedOut)
    return new ApiError({ ...base, kind: 'timeout', message: `${method} ${path} timed out after ${req.timeoutMs} ms` });
  if (req.signal?.aborted)
    return new ApiError({ ...base, kind: 'aborted', message: `${method} ${path} was cancelled` });
  const root = rootCause(cause);
  const code = typeof root?.code === 'string' ? root.code : undefined;
  const what = typeof root?.message === 'string' && root.message ? root.message : String(cause);
  let network: NetworkFault | undefined = classify(cause, url, req.proxyFor?.(url));
  if (network?.part === 'certificate') {
    const left = req.timeoutMs - (performance.now() - started);
    const issuer = left > 0 ? await readIssuer(url, Math.min(ISSUER_WAIT_MS, left)) : undefined;
    if (issuer) network = { ...network, issuer };
  }
  return new ApiError({
    ...base,
    kind: 'network',
    message: `${method} ${path} failed: ${what}${code ? ` (${code})` : ''}`,
    ...(network ? { network } : {}),
  });
}
