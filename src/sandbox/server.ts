// startSandbox(): the HTTP server around a Core.
import * as http from 'node:http';
import * as https from 'node:https';
import type { AddressInfo } from 'node:net';
import { Core } from './core';
import { demoWorld } from './demo-world';
import { Durable, recover } from './durable';
import { GitRepos } from './git/repos';
import { Cors } from './http/cors';
import { makeHandler } from './http/dispatch';
import { Site } from './http/guard';
import type { RateLimitOptions } from './http/ratelimit';
import { Router } from './http/router';
import { reliveWorldTasks } from './relive';
import { installationRoutes } from './routes/installations';
import { taskRoutes } from './routes/tasks';
import { control } from './routes/control';
import { repos } from './routes/repos';
import { web } from './routes/web';
import type { WorldFile } from './world';
import { validateWorld } from './world-check';

export interface SandboxOptions {
  /** 0 (the default) picks a free port. */
  port?: number;
  /** Loopback (127.0.0.1) by default. */
  host?: string;
  /**
   * Further `Host` values (`name:port`) at which the web pages, and only they, are answered: those of a proxy its
   * launcher vouches for, such as code-server's `/proxy/PORT/`, which passes on its own Host. See docs/sandbox.md.
   */
  pageHosts?: string[];
  /**
   * Origins (`scheme://host[:port]`) whose pages may read the service API across origins (CORS), beside the loopback
   * ones (`http://127.0.0.1:*`, `http://localhost:*`, `http://[::1]:*`), e.g. where an editor runs in a browser.
   * Throws on one that is not an origin. See docs/sandbox.md.
   */
  allowOrigins?: string[];
  /**
   * Serve over TLS with this key and certificate (PEM), e.g. one from a root a test made; the sandbox's address is
   * then `https://…`.
   */
  tls?: { key: string; cert: string };
  /**
   * Further names (without port) at which the whole service answers, beside the loopback ones: the name a test gives
   * a sandbox that only its proxy resolves.
   */
  names?: string[];
  /** The world to serve; the demo world by default. Checked like a world file (throws WorldError). */
  world?: WorldFile;
  /**
   * Keep the state in this file (and its journal, FILE.journal.N) across restarts; when it exists it wins over
   * `world`.
   */
  statePath?: string;
  /** Start from `world` (the demo world by default) whatever the state file holds; written before listening. */
  reset?: boolean;
  /**
   * On a start from a state file, the world's own tasks that it starts running, and that have ended since, run again
   * (dated from now); everything else stays as saved. `npm start` asks for it, so the demo is alive on every start.
   */
  relive?: boolean;
  /** Pace of the real-time life of tasks; 0 leaves tasks still until the control endpoints move them. */
  stepMs?: number;
  /** The primary rate limit per caller; 5000 requests an hour by default. */
  rateLimit?: RateLimitOptions;
  /**
   * The git program that serves the world's git repositories (`git` from PATH by default); false serves none. The
   * repositories live in FILE.repos beside the state file, or in a temporary directory without one.
   */
  git?: string | false;
  /** The largest git push (the request body) the sandbox takes, in bytes; 10 MiB by default. */
  pushLimitBytes?: number;
  /** The journal size (bytes) from which a new snapshot is taken; see docs/sandbox.md. */
  compactBytes?: number;
  /** The sandbox's clock (milliseconds since the epoch); `Date.now` by default. */
  now?: () => number;
  /** Called after every change of a task (started, moved, archived) with its id and state. */
  onTaskChange?: (task: { id: string; state: string }) => void;
  /** Called with errors that are the sandbox's own (a state file that cannot be written, a bug caught in a request). */
  onError?: (e: unknown) => void;
  /** Called with notices worth a line in a log (e.g. why git repositories are not served). */
  log?: (line: string) => void;
}

export interface Sandbox {
  /** `http://127.0.0.1:PORT` (or the host given). */
  url: string;
  port: number;
  /** Back to the world it started from (the demo world by default); resolves once that would survive a crash. */
  reset(): Promise<void>;
  /** Like `pageHosts`, for a proxy found once the port is known (an editor's port forwarding). */
  vouchPageHost(host: string): void;
  close(): Promise<void>;
}

export const DEFAULT_STEP_MS = 4000;

export async function startSandbox(opts: SandboxOptions = {}): Promise<Sandbox> {
  const initial = structuredClone(validateWorld(opts.world ?? demoWorld()));
  const recovered = opts.statePath ? recover(opts.statePath) : undefined;
  // A reset start still takes the journal's numbering from what is on disk, so no old segment is read again.
  const saved = opts.reset ? undefined : recovered?.world;
  if (saved) serveGitAsWorldSays(saved, initial);
  if (saved && opts.relive) {
    const again = reliveWorldTasks(saved, initial);
    if (again.length) opts.log?.(`${again.length} task(s) of the world run again: ${again.join(', ')}`);
  }
  const onError = opts.onError ?? (() => undefined);
  const core = new Core(initial, saved ?? structuredClone(initial), {
    stepMs: opts.stepMs ?? DEFAULT_STEP_MS,
    rateLimit: opts.rateLimit,
    onError,
    now: opts.now ?? Date.now,
    onTaskChange: opts.onTaskChange,
  });
  if (opts.statePath)
    core.durable = new Durable(opts.statePath, recovered!.next, () => core.state, onError, opts.compactBytes);
  if (opts.git !== false) {
    core.gitProgram = opts.git ?? 'git';
    if (opts.pushLimitBytes !== undefined) core.pushLimit = opts.pushLimitBytes;
    const root = opts.statePath ? `${opts.statePath}.repos` : undefined;
    core.git = new GitRepos(
      { git: core.gitProgram, root, log: opts.log ?? (() => undefined), onError },
      () => core.state,
    );
  }
  const router = new Router().add(...taskRoutes, ...installationRoutes, ...repos, ...control, ...web);
  const host = opts.host ?? '127.0.0.1';
  const site = new Site(opts.pageHosts, opts.names, opts.tls ? 'https' : 'http');
  const handle = makeHandler(() => core, router, site, new Cors(opts.allowOrigins));
  const listener: http.RequestListener = (req, res) => {
    handle(req, res).catch(e => {
      core.onError(e);
      if (!res.headersSent) res.writeHead(400, { 'content-type': 'application/json; charset=utf-8' });
      res.end();
    });
  };
  const server = opts.tls ? https.createServer(opts.tls, listener) : http.createServer(listener);
  server.keepAliveTimeout = 30_000;
  // A client may half-close once it has sent its request (HTTP/1.1 allows it). By default Node then aborts the
  // request and ends the connection, while the handler goes on: a start taken and journaled would never be answered.
  // Half-open, the answer is written and the connection closes after it. (Node's own switch for this, on every
  // http.Server since its first versions, though not in its documentation.)
  (server as http.Server & { httpAllowHalfOpen: boolean }).httpAllowHalfOpen = true;
  // Malformed HTTP never reaches the handler: answer it 400 and drop the connection, as Node would, but never throw.
  server.on('clientError', (_err, socket) => {
    if (socket.writable) socket.end('HTTP/1.1 400 Bad Request\r\nconnection: close\r\ncontent-length: 0\r\n\r\n');
    else socket.destroy();
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  // After listening, a server error (e.g. out of file descriptors on accept) is reported, never thrown.
  server.on('error', e => core.onError(e));
  const port = (server.address() as AddressInfo).port;
  site.bind(host, port);
  core.start();
  let closing: Promise<void> | undefined;
  return {
    url: site.origin,
    port,
    reset: () => core.replaceWorld(structuredClone(core.initialWorld)),
    vouchPageHost: h => site.vouchPageHost(h),
    close: () =>
      (closing ??= new Promise<void>(resolve => {
        server.close(() => resolve());
        server.closeAllConnections();
      }).then(() => core.stop())),
  };
}

/**
 * Which repositories are git repositories is part of the world, not of what happened since: a state file written
 * before its world served one (an older demo state) takes `git` from the world for the same repository.
 */
function serveGitAsWorldSays(saved: WorldFile, world: WorldFile): void {
  const key = (r: { id: number; owner: string; name: string }): string => `${r.id} ${r.owner}/${r.name}`.toLowerCase();
  const git = new Map(world.repositories.filter(r => r.git).map(r => [key(r), r.git]));
  for (const r of saved.repositories) if (!r.git && git.has(key(r))) r.git = structuredClone(git.get(key(r)));
}
