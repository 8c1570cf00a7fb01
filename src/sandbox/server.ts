// startSandbox(): the HTTP server around a Core.
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Core } from './core';
import { demoWorld } from './demo-world';
import { makeHandler } from './http/dispatch';
import type { RateLimitOptions } from './http/ratelimit';
import { Router } from './http/router';
import { readStateFile } from './persist';
import { areaA } from './routes/area-a';
import { areaB } from './routes/area-b';
import { control } from './routes/control';
import { web } from './routes/web';
import type { WorldFile } from './world';
import { validateWorld } from './world-check';

export interface SandboxOptions {
  /** 0 (the default) picks a free port. */
  port?: number;
  /** Loopback (127.0.0.1) by default. */
  host?: string;
  /** The world to serve; the demo world by default. Checked like a world file (throws WorldError). */
  world?: WorldFile;
  /** Keep the state in this file across restarts; when it exists it wins over `world`. */
  statePath?: string;
  /** Pace of the real-time life of tasks; 0 leaves tasks still until the control endpoints move them. */
  stepMs?: number;
  /** The primary rate limit per caller; 5000 requests an hour by default. */
  rateLimit?: RateLimitOptions;
  /** Called with errors that are the sandbox's own (a state file that cannot be written, a bug caught in a request). */
  onError?: (e: unknown) => void;
}

export interface Sandbox {
  /** `http://127.0.0.1:PORT` (or the host given). */
  url: string;
  port: number;
  close(): Promise<void>;
}

export const DEFAULT_STEP_MS = 4000;

export async function startSandbox(opts: SandboxOptions = {}): Promise<Sandbox> {
  const initial = structuredClone(validateWorld(opts.world ?? demoWorld()));
  const saved = opts.statePath ? readStateFile(opts.statePath) : undefined;
  const core = new Core(initial, saved ?? structuredClone(initial), opts.statePath, opts.stepMs ?? DEFAULT_STEP_MS, opts.rateLimit, opts.onError ?? (() => undefined));
  const router = new Router().add(...areaA, ...areaB, ...control, ...web);
  const host = opts.host ?? '127.0.0.1';
  // Built once the port is known: links fall back to the sandbox's own origin when a request has no usable Host.
  let handle = makeHandler(() => core, router, 'http://127.0.0.1');
  const server = http.createServer((req, res) => {
    handle(req, res).catch(e => {
      core.onError(e);
      if (!res.headersSent) res.writeHead(400, { 'content-type': 'application/json; charset=utf-8' });
      res.end();
    });
  });
  server.keepAliveTimeout = 30_000;
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
  const shown = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host;
  const url = `http://${shown}:${port}`;
  handle = makeHandler(() => core, router, url);
  core.start();
  let closing: Promise<void> | undefined;
  return {
    url,
    port,
    close: () => (closing ??= new Promise<void>(resolve => {
      core.stop();
      server.close(() => resolve());
      server.closeAllConnections();
    })),
  };
}
