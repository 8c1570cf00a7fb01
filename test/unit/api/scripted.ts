// A scripted node:http server on port 0: each request is answered by the next handler of a script (the last one
// repeats), and every request is recorded, so tests can count what reached the wire.
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import { rawTask } from '../../support/serviceData';

export interface Seen {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export type Handler = (req: Seen, res: http.ServerResponse) => void;

export interface Scripted {
  url: string;
  origin: string;
  seen: Seen[];
  close(): Promise<void>;
}

export async function scripted(script: Handler | Handler[]): Promise<Scripted> {
  const handlers = Array.isArray(script) ? script : [script];
  const seen: Seen[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', c => chunks.push(c as Buffer));
    req.on('end', () => {
      const s: Seen = {
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      const handler = handlers[Math.min(seen.length, handlers.length - 1)];
      seen.push(s);
      handler(s, res);
    });
  });
  await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;
  return {
    url: origin,
    origin,
    seen,
    close: () =>
      new Promise<void>(resolve => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export function json(status: number, body: unknown, headers: Record<string, string> = {}): Handler {
  return (_req, res) => {
    res.writeHead(status, { 'content-type': 'application/json', ...headers });
    res.end(body === undefined ? '' : JSON.stringify(body));
  };
}

export function empty(status: number, headers: Record<string, string> = {}): Handler {
  return (_req, res) => {
    res.writeHead(status, headers);
    res.end();
  };
}

/** Drops the connection without answering: a network error for the client. */
export const hangUp: Handler = (_req, res) => res.socket?.destroy();

/** Never answers. */
export const silent: Handler = () => undefined;

/** Rejects with the error the promise rejects with, or fails when it resolves. */
export async function rejection(p: Promise<unknown>): Promise<Record<string, unknown> & Error> {
  try {
    await p;
  } catch (e) {
    return e as Record<string, unknown> & Error;
  }
  throw new Error('expected a rejection');
}

/** A queued task as the service sends it, with overrides. */
export function task(id: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return rawTask(id, { state: 'queued', session_count: 0, ...extra });
}

/** Closes what a test opened (its client, then its server), skipping what it did not; `undefined` for the client. */
export async function closeAll(
  client: { close(): Promise<unknown> } | undefined,
  srv: { close(): Promise<unknown> } | undefined,
): Promise<undefined> {
  await client?.close();
  await srv?.close();
  return undefined;
}
