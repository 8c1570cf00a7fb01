// A fault-injecting HTTP proxy on loopback, put between a client and the sandbox (or any service). Each request is
// answered by a fault chosen by a script: passed through, reset, delayed, answered with an error status, a 429 or an
// exhausted rate limit, a 401, a broken JSON body, or passed through with its answer lost. The proxy can also go
// away (connection refused) and come back on the same port. Every request is recorded, so tests count them.
import * as http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export type Fault =
  /** Forward to the service and relay its answer. */
  | { kind: 'pass' }
  /** Close the connection without answering; the service never sees the request. */
  | { kind: 'reset' }
  /** Forward, but hold the answer back for `ms` first (a slow service). */
  | { kind: 'slow'; ms: number }
  /** Answer with this status and a JSON error body, without asking the service. */
  | { kind: 'status'; status: number; message?: string; headers?: Record<string, string> }
  /** 429 (or 403) with `Retry-After: seconds`. */
  | { kind: 'retryAfter'; seconds: number; status?: 429 | 403 }
  /** 403 "API rate limit exceeded" with `x-ratelimit-remaining: 0` and a reset `resetInSeconds` ahead. */
  | { kind: 'exhausted'; resetInSeconds: number }
  /** 401: the token is revoked (as far as the client can tell). */
  | { kind: 'unauthorized' }
  /** Forward, then replace the service's body with text that is not JSON (status and headers kept). */
  | { kind: 'malformed' }
  /** Forward (the service acts), then close the client's connection: the answer is lost. */
  | { kind: 'lostAnswer'; afterMs?: number }
  /** Forward (to the path `forwardTo` if given), then answer with the JSON body as `edit` changes it (other data). */
  | { kind: 'rewrite'; edit: (body: unknown) => unknown; forwardTo?: string };

export interface ProxiedRequest {
  /** 1 for the first request the proxy saw. */
  n: number;
  method: string;
  /** Path and query as the client sent them. */
  path: string;
  /** Epoch ms when the request arrived. */
  at: number;
  fault: Fault['kind'];
  /** What the client was answered; 0 when its connection was closed without an answer. */
  status: number;
  /** Whether the request reached the service. */
  forwarded: boolean;
}

/** Chooses the fault of one request; `undefined` falls back to the default (pass unless set). */
export type FaultScript = (req: { n: number; method: string; path: string }) => Fault | undefined;

interface Rule {
  fault: Fault;
  match: (method: string, path: string) => boolean;
  times: number;
}

export class FaultProxy {
  readonly requests: ProxiedRequest[] = [];
  private server: http.Server | undefined;
  private readonly sockets = new Set<Socket>();
  private readonly queue: Rule[] = [];
  private script: FaultScript | undefined;
  private fallback: Fault = { kind: 'pass' };
  private portNumber = 0;
  private readonly pending = new Set<NodeJS.Timeout>();

  private constructor(private readonly upstream: URL) {}

  /** Starts a proxy on 127.0.0.1 (a free port unless `port` is given) in front of `upstream`. */
  static async start(upstream: string, port = 0): Promise<FaultProxy> {
    const p = new FaultProxy(new URL(upstream));
    await p.listen(port);
    return p;
  }

  get port(): number {
    return this.portNumber;
  }

  get url(): string {
    return `http://127.0.0.1:${this.portNumber}`;
  }

  get listening(): boolean {
    return this.server !== undefined;
  }

  /** The fault for every request no rule or script picks. */
  setDefault(fault: Fault): void {
    this.fallback = fault;
  }

  /** Replaces the per-request script (or removes it with `undefined`). */
  setScript(script: FaultScript | undefined): void {
    this.script = script;
  }

  /** The next `times` requests matching `match` (all, by default) get `fault`; rules are used in order. */
  next(fault: Fault, opts: { times?: number; method?: string; path?: RegExp } = {}): void {
    const match = (m: string, p: string) =>
      (opts.method === undefined || opts.method === m) && (opts.path === undefined || opts.path.test(p));
    this.queue.push({ fault, match, times: opts.times ?? 1 });
  }

  /** Back to passing everything through; the record of requests is kept. */
  clearFaults(): void {
    this.queue.length = 0;
    this.script = undefined;
    this.fallback = { kind: 'pass' };
  }

  /** How many requests were seen, optionally only those matching. */
  count(filter: { method?: string; path?: RegExp; since?: number; forwarded?: boolean } = {}): number {
    return this.requests.filter(
      r =>
        (filter.method === undefined || r.method === filter.method) &&
        (filter.path === undefined || filter.path.test(r.path)) &&
        (filter.since === undefined || r.at >= filter.since) &&
        (filter.forwarded === undefined || r.forwarded === filter.forwarded),
    ).length;
  }

  /** The service goes away: the port stops accepting connections and open ones are closed. */
  async goDown(): Promise<void> {
    const s = this.server;
    if (!s) return;
    this.server = undefined;
    for (const sock of this.sockets) sock.destroy();
    this.sockets.clear();
    await new Promise<void>(resolve => s.close(() => resolve()));
  }

  /** The service comes back on the same port. */
  async comeBack(): Promise<void> {
    if (!this.server) await this.listen(this.portNumber);
  }

  async close(): Promise<void> {
    for (const t of this.pending) clearTimeout(t);
    this.pending.clear();
    await this.goDown();
  }

  private listen(port: number): Promise<void> {
    const server = http.createServer((req, res) => this.handle(req, res));
    server.keepAliveTimeout = 5_000;
    server.on('connection', sock => {
      this.sockets.add(sock);
      sock.on('close', () => this.sockets.delete(sock));
    });
    return new Promise((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        this.server = server;
        this.portNumber = (server.address() as AddressInfo).port;
        resolve();
      });
    });
  }

  private choose(n: number, method: string, path: string): Fault {
    const i = this.queue.findIndex(r => r.match(method, path));
    if (i >= 0) {
      const rule = this.queue[i];
      if (--rule.times <= 0) this.queue.splice(i, 1);
      return rule.fault;
    }
    return this.script?.({ n, method, path }) ?? this.fallback;
  }

  private later(fn: () => void, ms: number): void {
    const t = setTimeout(() => {
      this.pending.delete(t);
      fn();
    }, ms);
    this.pending.add(t);
  }

  private handle(req: http.IncomingMessage, res: http.ServerResponse): void {
    const method = req.method ?? 'GET';
    const path = req.url ?? '/';
    const n = this.requests.length + 1;
    const fault = this.choose(n, method, path);
    const record: ProxiedRequest = { n, method, path, at: Date.now(), fault: fault.kind, status: 0, forwarded: false };
    this.requests.push(record);
    const chunks: Buffer[] = [];
    req.on('data', c => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      switch (fault.kind) {
        case 'reset':
          req.socket.destroy();
          return;
        case 'status':
          record.status = fault.status;
          return this.reply(res, fault.status, { message: fault.message ?? `Injected ${fault.status}` }, fault.headers);
        case 'retryAfter':
          record.status = fault.status ?? 429;
          return this.reply(
            res,
            record.status,
            { message: 'Too many requests: slow down' },
            { 'retry-after': String(fault.seconds) },
          );
        case 'exhausted': {
          record.status = 403;
          const reset = Math.ceil(Date.now() / 1000 + fault.resetInSeconds);
          return this.reply(
            res,
            403,
            { message: 'API rate limit exceeded' },
            {
              'x-ratelimit-limit': '5000',
              'x-ratelimit-remaining': '0',
              'x-ratelimit-used': '5000',
              'x-ratelimit-reset': String(reset),
              'x-ratelimit-resource': 'core',
            },
          );
        }
        case 'unauthorized':
          record.status = 401;
          return this.reply(res, 401, { message: 'Bad credentials' });
        default:
          return this.forward(req, res, body, fault, record);
      }
    });
  }

  private reply(res: http.ServerResponse, status: number, body: object, headers: Record<string, string> = {}): void {
    const text = JSON.stringify({ ...body, documentation_url: 'https://docs.example.invalid/rest' });
    res.writeHead(status, {
      'content-type': 'application/json; charset=utf-8',
      'content-length': Buffer.byteLength(text),
      ...headers,
    });
    res.end(text);
  }

  private forward(
    req: http.IncomingMessage,
    res: http.ServerResponse,
    body: Buffer,
    fault: Fault,
    record: ProxiedRequest,
  ): void {
    const headers = { ...req.headers, host: this.upstream.host };
    // A 304 has no body to break: ask for the whole answer.
    if (fault.kind === 'malformed' || fault.kind === 'rewrite') delete headers['if-none-match'];
    const up = http.request(
      {
        host: this.upstream.hostname,
        port: this.upstream.port,
        method: req.method,
        path: (fault.kind === 'rewrite' && fault.forwardTo) || req.url,
        headers,
        agent: false,
      },
      upRes => {
        const parts: Buffer[] = [];
        upRes.on('data', c => parts.push(c));
        upRes.on('end', () => {
          let out = Buffer.concat(parts);
          const outHeaders = { ...upRes.headers };
          const status = upRes.statusCode ?? 502;
          if (fault.kind === 'lostAnswer') {
            // The service acted; the client never hears of it.
            this.later(() => req.socket.destroy(), fault.afterMs ?? 0);
            return;
          }
          if (fault.kind === 'malformed' && out.length > 0) {
            out = Buffer.from(out.toString('utf8').slice(0, Math.max(1, out.length >> 1)) + '<!-- truncated');
            delete outHeaders.etag;
          }
          if (fault.kind === 'rewrite' && out.length > 0 && /json/.test(String(upRes.headers['content-type']))) {
            out = Buffer.from(JSON.stringify(fault.edit(JSON.parse(out.toString('utf8')))));
            delete outHeaders.etag;
          }
          outHeaders['content-length'] = String(out.length);
          delete outHeaders['transfer-encoding'];
          const send = () => {
            if (res.destroyed) return;
            record.status = status;
            res.writeHead(status, outHeaders);
            res.end(out);
          };
          if (fault.kind === 'slow') this.later(send, fault.ms);
          else send();
        });
      },
    );
    up.on('error', () => {
      // The service itself is gone: say so as a gateway would.
      if (!res.headersSent) {
        record.status = 502;
        this.reply(res, 502, { message: 'Bad gateway' });
      }
    });
    record.forwarded = true;
    up.end(body);
  }
}
