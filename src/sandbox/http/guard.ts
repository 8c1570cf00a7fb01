// Only the sandbox's own user may steer it. A web page can make a browser send requests to loopback, but it cannot
// make them carry the sandbox's own address as Host (a page that rebinds its DNS name to 127.0.0.1 still sends its
// own name), nor send `Content-Type: application/json` across origins without a CORS preflight, which the sandbox
// never grants, nor hide its Origin on such a request.
import type { IncomingMessage } from 'node:http';
import { HttpError } from './reply';
import type { RouteKind } from './router';

const LOOPBACK_NAMES = ['127.0.0.1', 'localhost', '[::1]'];
const WILDCARDS = new Set(['0.0.0.0', '::', '[::]']);

const shown = (v: string): string => JSON.stringify(v.length > 100 ? `${v.slice(0, 100)}…` : v);

export class Site {
  /** Where links point when a request names no host (HTTP/1.0); `http://127.0.0.1:PORT` once bound. */
  origin = 'http://127.0.0.1';
  private readonly hosts = new Set<string>();
  private readonly origins = new Set<string>();
  /**
   * Hosts its launcher vouched for (`--page-host`), such as code-server's port proxy, which passes on its own Host:
   * they are answered the web pages only, never the service, git or the control endpoints.
   */
  private readonly pageHosts = new Set<string>();

  /**
   * `names`: further names the whole service answers at (with its port), as a service behind a name only a proxy
   * resolves would be addressed; `scheme`: `https` when it serves TLS.
   */
  constructor(
    pageHosts: readonly string[] = [],
    private readonly names: readonly string[] = [],
    private readonly scheme: 'http' | 'https' = 'http',
  ) {
    for (const h of pageHosts) this.pageHosts.add(h.toLowerCase());
  }

  /** Vouches for one more page host (`name:port`) once the server runs, e.g. an editor's port proxy found then. */
  vouchPageHost(host: string): void {
    this.pageHosts.add(host.toLowerCase());
  }

  /** The addresses the server answers to: the loopback names with its port, and the host it listens on if named. */
  bind(listenHost: string, port: number): void {
    const host = listenHost.includes(':') && !listenHost.startsWith('[') ? `[${listenHost}]` : listenHost;
    const names = new Set([...LOOPBACK_NAMES, ...this.names.map(n => n.toLowerCase())]);
    if (!WILDCARDS.has(host)) names.add(host.toLowerCase());
    const defaultPort = this.scheme === 'https' ? 443 : 80;
    this.hosts.clear();
    this.origins.clear();
    for (const n of names) {
      this.hosts.add(`${n}:${port}`);
      if (port === defaultPort) this.hosts.add(n);
    }
    for (const h of this.hosts) this.origins.add(`${this.scheme}://${h}`);
    this.origin = `${this.scheme}://${WILDCARDS.has(host) ? '127.0.0.1' : host}:${port}`;
  }

  /**
   * The origin a request addressed, on which the links of its answer are built; 421 for any other Host, and for a
   * vouched page host on anything but a web page.
   */
  originOf(req: IncomingMessage, kind: RouteKind): string {
    const host = req.headers.host;
    if (host === undefined) return this.origin;
    const h = host.toLowerCase();
    if (kind === 'web' && this.pageHosts.has(h)) return `${this.scheme}://${h}`;
    if (!this.hosts.has(h)) {
      throw new HttpError(
        421,
        `Misdirected request: this sandbox answers only at ${[...this.origins].join(', ')}, not at Host ${shown(host)}`,
      );
    }
    return `${this.scheme}://${h}`;
  }

  /** Control endpoints: no foreign Origin; a JSON Content-Type on anything but a read. */
  checkControl(req: IncomingMessage, method: string): void {
    const origin = req.headers.origin;
    if (origin !== undefined && !this.origins.has(origin.toLowerCase())) {
      throw new HttpError(
        403,
        `Control endpoints refuse requests from other origins (Origin ${shown(origin)}); ` +
          "they answer only the sandbox's own user",
      );
    }
    if (method === 'GET' || method === 'HEAD') return;
    const type = (req.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
    if (type !== 'application/json') {
      throw new HttpError(
        415,
        `Control endpoints need Content-Type: application/json${type ? `, not ${shown(type)}` : ''} ` +
          '(a web page cannot send it across origins without asking first)',
      );
    }
  }
}
