// A real HTTP proxy on loopback for the network tests: the `proxy` package from the npm registry (CONNECT tunnels and
// plain forwarding, Basic login), with two things a company's proxy has: names only it resolves (the service's
// address is such a name, so a request that goes around the proxy fails), and, when asked, a login it insists on.
import * as http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export interface ProxySeen {
  method: string;
  /** `host:port` for a tunnel, the absolute URL otherwise. */
  target: string;
  /** Whether the request carried a Proxy-Authorization the proxy took. */
  authorized: boolean;
}

export interface TestProxy {
  /** `http://127.0.0.1:PORT` (no credentials). */
  url: string;
  port: number;
  seen: ProxySeen[];
  close(): Promise<void>;
}

export interface TestProxyOptions {
  /** Ask for this login (407 with `Proxy-Authenticate: Basic` until it comes). */
  login?: { user: string; password: string };
  /** Names only this proxy resolves, to the address to connect to instead (`127.0.0.1`). */
  names?: Record<string, string>;
}

export async function startTestProxy(opts: TestProxyOptions = {}): Promise<TestProxy> {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { createProxy } = require('proxy') as {
    createProxy: (server: http.Server) => http.Server & { authenticate?: (req: http.IncomingMessage) => boolean };
  };
  const seen: ProxySeen[] = [];
  const entries = new WeakMap<http.IncomingMessage, ProxySeen>();
  const entry = (req: http.IncomingMessage): ProxySeen => {
    let e = entries.get(req);
    if (!e) {
      e = { method: req.method ?? '', target: req.url ?? '', authorized: false };
      entries.set(req, e);
      seen.push(e);
    }
    return e;
  };
  const server = createProxy(http.createServer());
  const expected = opts.login
    ? `Basic ${Buffer.from(`${opts.login.user}:${opts.login.password}`).toString('base64')}`
    : undefined;
  server.authenticate = (req: http.IncomingMessage): boolean => {
    const authorized = expected === undefined || req.headers['proxy-authorization'] === expected;
    entry(req).authorized = authorized;
    return authorized;
  };
  // The proxy's own name table: rewritten before the package's handler reads the target (after the login check).
  const names = new Map(Object.entries(opts.names ?? {}).map(([k, v]) => [k.toLowerCase(), v]));
  server.prependListener('connect', (req: http.IncomingMessage) => {
    entry(req);
    const m = /^(.*):(\d+)$/.exec(req.url ?? '');
    const to = m && names.get(m[1].toLowerCase());
    if (m && to) req.url = `${to}:${m[2]}`;
  });
  // Every socket a client opened, tunnels included (a CONNECT's socket leaves the server's own count of connections,
  // so closing the server would wait for it forever).
  const sockets = new Set<Socket>();
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    seen,
    close: () =>
      new Promise<void>(resolve => {
        server.close(() => resolve());
        server.closeAllConnections();
        for (const socket of sockets) socket.destroy();
      }),
  };
}
