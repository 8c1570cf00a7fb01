// Which proxy VS Code's settings and the environment name for an address, read the way VS Code reads them: loopback
// never; `http.noProxy` (or, when it is empty, NO_PROXY); then `http.proxy`; then HTTPS_PROXY / HTTP_PROXY. The
// extension host's own fetch decides for itself (PAC files and the system's proxy too); this is for the words of a
// failure ("the proxy 10.0.0.1:3128 cannot be reached") and for the requests VS Code's fetch cannot make (see
// hostFetch.ts). No `vscode`.
import { isLoopbackHost } from '../../api/guard';

export interface NetworkSettings {
  /** `http.proxy`; may carry `user:password@`. */
  proxy: string;
  /** `http.noProxy`. */
  noProxy: readonly string[];
  /** `http.proxyAuthorization`: a Proxy-Authorization value. */
  proxyAuthorization?: string;
  /** `http.proxyStrictSSL`. */
  strictSSL: boolean;
  /** The environment (HTTPS_PROXY, HTTP_PROXY, NO_PROXY and their lower-case forms). */
  env: Readonly<Record<string, string | undefined>>;
}

/** The hosts VS Code's fetch sends directly, whatever the proxy: the other loopback forms it would send to a proxy. */
const DIRECT_IN_VSCODE = new Set(['localhost', '127.0.0.1', '[::1]', '::1', '[::ffff:7f00:1]', '::ffff:127.0.0.1']);

/** The ports fetch refuses to connect to (the Fetch standard's "bad ports"), whatever the host. */
const BAD_PORTS = new Set([
  1, 7, 9, 11, 13, 15, 17, 19, 20, 21, 22, 23, 25, 37, 42, 43, 53, 69, 77, 79, 87, 95, 101, 102, 103, 104, 109, 110,
  111, 113, 115, 117, 119, 123, 135, 137, 139, 143, 161, 179, 389, 427, 465, 512, 513, 514, 515, 526, 530, 531, 532,
  540, 548, 554, 556, 563, 587, 601, 636, 989, 990, 993, 995, 1719, 1720, 1723, 2049, 3659, 4045, 4190, 5060, 5061,
  6000, 6566, 6665, 6666, 6667, 6668, 6669, 6679, 6697, 10080,
]);

/**
 * Whether `url` is a loopback address VS Code's own fetch would not send directly: one it would hand to a proxy
 * (127.0.0.2, a mapped form…), or one on a port fetch refuses ("bad port"). Loopback needs neither proxy nor fetch.
 */
export function loopbackVSCodeWouldProxy(url: URL): boolean {
  const host = url.hostname.toLowerCase();
  if (!isLoopbackHost(host)) return false;
  return !DIRECT_IN_VSCODE.has(host) || (url.port !== '' && BAD_PORTS.has(Number(url.port)));
}

/** The proxy for `url` (its address, credentials and all), or undefined to go directly. */
export function proxyFor(url: URL, s: NetworkSettings): string | undefined {
  if (isLoopbackHost(url.hostname)) return undefined;
  const port = url.port || (url.protocol === 'https:' ? '443' : '80');
  const noProxy = s.noProxy.length ? s.noProxy : splitList(s.env.no_proxy ?? s.env.NO_PROXY ?? '');
  if (noProxy.some(rule => matchesNoProxy(rule, url.hostname.toLowerCase(), port))) return undefined;
  const candidates = [s.proxy, s.env.https_proxy, s.env.HTTPS_PROXY, s.env.http_proxy, s.env.HTTP_PROXY];
  for (const c of candidates) {
    const v = c?.trim();
    if (v) return /^[a-z][a-z0-9+.-]*:\/\//i.test(v) ? v : `http://${v}`;
  }
  return undefined;
}

/** A proxy address as it may be shown: `host:port`, never its credentials. */
export function shownProxy(uri: string | undefined): string | undefined {
  if (!uri) return undefined;
  try {
    const u = new URL(uri);
    return `${u.hostname}:${u.port || (u.protocol === 'https:' ? '443' : '80')}`;
  } catch {
    return undefined;
  }
}

function splitList(v: string): string[] {
  return v
    .split(/[\s,]+/)
    .map(x => x.trim())
    .filter(Boolean);
}

/** One NO_PROXY entry: `*`, a host or domain (`.example.com`, `*.example.com`, `example.com`), with `:port`. */
function matchesNoProxy(rule: string, host: string, port: string): boolean {
  const r = rule.toLowerCase();
  if (r === '*') return true;
  const m = /^(.*?)(?::(\d+))?$/.exec(r.replace(/^\[(.*)\](:\d+)?$/, '$1$2'));
  const name = (m?.[1] ?? r).replace(/^\*?\.?/, '');
  if (m?.[2] && m[2] !== port) return false;
  const h = host.replace(/^\[(.*)\]$/, '$1');
  return h === name || h.endsWith(`.${name}`);
}
