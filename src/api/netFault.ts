// Which part of the way to the service failed when no answer came: the proxy (it wants a login, cannot be reached,
// or refused the tunnel), the certificate, the name, or the service's own address. Read from the error the HTTP stack
// threw (undici's, as VS Code's fetch and ours both are), by codes and fields, never by the service's words.

/** The part of the way that failed. */
export type NetworkPart =
  | 'proxy_login' // the proxy answered 407: it wants a login it did not get, or refused the one it got
  | 'proxy_refused' // the proxy answered the tunnel with another status (it could not reach the service, or will not)
  | 'proxy_unreachable' // the proxy itself could not be reached (refused, timed out, its name unknown)
  | 'certificate' // the TLS certificate presented is not trusted (or not for this name, or expired)
  | 'name' // the service's name does not resolve here
  | 'service_unreachable' // the service's address refused or dropped the connection
  | 'browser_blocked' // a browser's fetch got no answer it may read: the service does not allow the page's origin
  //                    (CORS), or cannot be reached; the browser does not say which
  | 'other';

export interface NetworkFault {
  part: NetworkPart;
  /** The system's or TLS library's code, e.g. ECONNREFUSED, SELF_SIGNED_CERT_IN_CHAIN. */
  code?: string;
  /** The proxy, as `host:port` (never with credentials), when it is known. */
  proxy?: string;
  /** The status a proxy answered the tunnel with. */
  proxyStatus?: number;
  /** The name that did not resolve. */
  host?: string;
  /** Who issued the untrusted certificate chain (the root to trust), when it could be read. */
  issuer?: string;
  /** The TLS library's words for a certificate failure, e.g. "self-signed certificate in certificate chain". */
  reason?: string;
  /** The origin of the page the request was made from (a browser's), which the service must allow. */
  origin?: string;
}

interface SysError {
  code?: unknown;
  message?: unknown;
  hostname?: unknown;
  address?: unknown;
  port?: unknown;
  cause?: unknown;
  errors?: unknown;
  connectResponseStatusCode?: unknown;
}

const CERTIFICATE = /CERT|SELF_SIGNED|UNABLE_TO_(GET|VERIFY)|ERR_TLS_CERT|ERR_SSL_/;
const UNREACHABLE = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EADDRNOTAVAIL',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_SOCKET',
]);
const NOT_FOUND = new Set(['ENOTFOUND', 'EAI_AGAIN', 'EAI_NONAME', 'EAI_FAIL']);

/** The errors under `e` (its causes, and each of an AggregateError's), outermost first. */
export function causes(e: unknown): SysError[] {
  const out: SysError[] = [];
  const walk = (x: unknown, depth: number): void => {
    if (!x || typeof x !== 'object' || depth > 8 || out.includes(x)) return;
    const s = x as SysError;
    out.push(s);
    if (Array.isArray(s.errors)) for (const inner of s.errors) walk(inner, depth + 1);
    walk(s.cause, depth + 1);
  };
  walk(e, 0);
  return out;
}

/** The innermost error that says something (the system's own), for the log line. */
export function rootCause(e: unknown): SysError | undefined {
  const all = causes(e);
  return all.find(c => typeof c.code === 'string' && c.code !== 'UND_ERR_ABORTED') ?? all[all.length - 1];
}

/**
 * What failed. `target` is the address asked for; `proxy` the proxy the caller knows to be in use for it
 * (`host:port`), if any: the stack may have taken one the caller does not know of (a PAC file, the system's).
 */
export function classify(e: unknown, target: URL, proxy?: string): NetworkFault | undefined {
  const all = causes(e);
  const withProxy = (f: NetworkFault): NetworkFault => (proxy && !f.proxy ? { ...f, proxy } : f);
  for (const c of all) {
    const status = proxyStatus(c);
    if (status !== undefined)
      return withProxy({ part: status === 407 ? 'proxy_login' : 'proxy_refused', proxyStatus: status });
  }
  for (const c of all) {
    const code = typeof c.code === 'string' ? c.code : undefined;
    if (code && CERTIFICATE.test(code))
      return withProxy({ part: 'certificate', code, ...(typeof c.message === 'string' ? { reason: c.message } : {}) });
  }
  for (const c of all) {
    const code = typeof c.code === 'string' ? c.code : undefined;
    if (!code) continue;
    if (NOT_FOUND.has(code)) {
      const host = typeof c.hostname === 'string' ? c.hostname : undefined;
      // A name other than the service's was looked up: the proxy's.
      if (host && !sameHost(host, target.hostname)) return { part: 'proxy_unreachable', code, proxy: proxy ?? host };
      return withProxy({ part: 'name', code, host: host ?? bare(target.hostname) });
    }
    if (UNREACHABLE.has(code)) {
      const at = typeof c.address === 'string' ? c.address : undefined;
      const port = typeof c.port === 'number' ? c.port : undefined;
      const elsewhere = port !== undefined && port !== targetPort(target);
      if (proxy || elsewhere)
        return { part: 'proxy_unreachable', code, proxy: proxy ?? `${at ?? '?'}${port ? `:${port}` : ''}` };
      return { part: 'service_unreachable', code };
    }
  }
  // A browser's fetch says nothing but this TypeError (Chromium's, Firefox's, WebKit's words) when no answer it may
  // read came: a refusal by CORS looks exactly like an address that does not answer.
  if (e instanceof TypeError && BROWSER_NO_ANSWER.test(e.message) && all.length === 1) {
    const origin = (globalThis as { location?: { origin?: unknown } }).location?.origin;
    return { part: 'browser_blocked', ...(typeof origin === 'string' && origin !== 'null' ? { origin } : {}) };
  }
  return undefined;
}

const BROWSER_NO_ANSWER = /^(Failed to fetch|NetworkError when attempting to fetch resource\.?|Load failed)$/;

/** The status of a proxy's answer to CONNECT, from undici's "Proxy response (407) !== 200 when HTTP Tunneling". */
function proxyStatus(c: SysError): number | undefined {
  if (typeof c.connectResponseStatusCode === 'number') return c.connectResponseStatusCode;
  const m = typeof c.message === 'string' ? /Proxy response \((\d{3})\)/.exec(c.message) : null;
  return m ? Number(m[1]) : undefined;
}

function bare(host: string): string {
  return host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
}

function sameHost(a: string, b: string): boolean {
  return bare(a).toLowerCase() === bare(b).toLowerCase();
}

function targetPort(u: URL): number {
  return u.port ? Number(u.port) : u.protocol === 'https:' ? 443 : 80;
}

/** Whether a fault will not heal by asking again in a second (a retry would only make the user wait). */
export function isLasting(f: NetworkFault | undefined): boolean {
  return f !== undefined && (f.part === 'proxy_login' || f.part === 'certificate' || f.part === 'name');
}
