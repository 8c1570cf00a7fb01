// One request from start to end: parse, route, version check, authentication, rate limit, the route itself,
// then ETag/304, headers and statistics. Whatever goes wrong ends as a 4xx: never a 5xx, never a crash.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { API_VERSION, VERSION_HEADER } from '../../api/protocol';
import type { Core } from '../core';
import { gitTarget, serveGit } from '../git/backend';
import { type Caller, identify } from './auth';
import { HttpError, type HttpReply, notFound } from './reply';
import { cachedRead } from './cache';
import { Cors } from './cors';
import type { Site } from './guard';
import type { Ctx, Router } from './router';

const VERSION_KEY = VERSION_HEADER.toLowerCase();

function splitUrl(raw: string | undefined): { path: string; search: string } {
  let url = raw ?? '/';
  if (!url.startsWith('/')) {
    // absolute-form (`GET http://host/path`), which proxies send
    try {
      const u = new URL(url);
      url = u.pathname + u.search;
    } catch {
      throw new HttpError(400, 'Bad request: the request target is not a path');
    }
  }
  const q = url.indexOf('?');
  return q < 0 ? { path: url, search: '' } : { path: url.slice(0, q), search: url.slice(q + 1) };
}

function decodeSegments(path: string): string[] | undefined {
  const out: string[] = [];
  for (const s of path.split('/').slice(1)) {
    try {
      out.push(decodeURIComponent(s));
    } catch {
      return undefined;
    }
  }
  return out;
}

function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some(t => {
    const v = t.trim();
    return v === '*' || v === etag || v === `W/${etag}`;
  });
}

/** The request handler; resolves to the reply written, or undefined when a git request was streamed instead. */
export function makeHandler(core: () => Core, router: Router, site: Site, cors = new Cors()) {
  return async (req: IncomingMessage, res: ServerResponse): Promise<HttpReply | undefined> => {
    const c = core();
    const method = req.method ?? 'GET';
    let routeKey = `${method} (unmatched)`;
    let counted = true;
    let rated = true;
    let rlKey = `addr:${req.socket.remoteAddress ?? ''}`;
    let reply: HttpReply;
    // CORS headers for an allowed origin, once the request is known to be for the API at one of our own addresses.
    let corsHeaders: Record<string, string> = {};
    try {
      const { path, search } = splitUrl(req.url);
      const segments = decodeSegments(path);
      const m = segments ? router.match(method, segments) : undefined;
      const kind = m && 'route' in m ? m.route.kind : m && 'pathOnly' in m ? m.pathOnly.kind : 'api';
      if (m) routeKey = `${method} ${'route' in m ? m.route.pattern : m.pathOnly.pattern}`;
      counted = kind !== 'control';
      rated = kind === 'api';
      // Before anything else, so that a request from a page that rebinds its name to loopback changes nothing.
      const origin = site.originOf(req, kind);
      if (kind === 'control') site.checkControl(req, method);
      // A preflight: answered before git or a route, counted but never rated (it carries no credentials).
      if (method === 'OPTIONS') {
        rated = false;
        reply = cors.preflight(req, m !== undefined && kind === 'api');
      } else {
        if (kind === 'api') corsHeaders = cors.headers(req);
        const git = !m && segments && c.git ? gitTarget(c.state, segments) : undefined;
        if (git) {
          await serveGit(
            { repos: c.git!, git: c.gitProgram, state: c.state, pushLimit: c.pushLimit },
            req,
            res,
            git.repo,
            git.rest,
            search,
          );
          return undefined;
        }
        if (kind === 'api') {
          const v = req.headers[VERSION_KEY];
          if (v !== undefined && v !== API_VERSION) {
            throw new HttpError(
              400,
              `Unsupported ${VERSION_HEADER}: ${JSON.stringify(String(v).slice(0, 40))}; ` +
                `this service speaks ${API_VERSION}`,
            );
          }
        }
        if (!m || !('route' in m)) throw notFound();
        let caller: Caller = { kind: 'anonymous' };
        if (kind === 'api') {
          // A bad token is limited by the client's address, a good one by itself.
          caller = identify(c.state, req);
          if (caller.kind === 'token') rlKey = `token:${caller.token.value}`;
          // Revoking the installation token lists 204 only: it is never refused for the rate.
          if (c.limiter.exhausted(rlKey) && m.route.pattern !== '/installation/token') {
            throw new HttpError(403, 'API rate limit exceeded; wait for the reset time in x-ratelimit-reset');
          }
        }
        const ctx: Ctx = {
          req,
          method,
          path,
          query: new URLSearchParams(search),
          origin,
          params: m.params,
          caller,
          core: c,
        };
        reply =
          kind === 'api' && m.route.method === 'GET'
            ? await cachedRead(ctx, `${req.headers.authorization ?? ''}\n${origin}\n${path}?${search}`, m.route.handler)
            : await m.route.handler(ctx);
        // A read shows only what would survive a crash: changes still on their way to disk are waited for.
        if (c.durable?.busy && (method === 'GET' || method === 'HEAD'))
          await c.durable.barrier().catch(() => undefined);
      }
    } catch (e) {
      if (e instanceof HttpError) {
        reply = { status: e.status, json: e.body(), headers: e.headers };
      } else {
        c.stats.internal_errors++;
        c.onError(e);
        reply = { status: 400, json: new HttpError(400, 'Bad request').body() };
      }
    }
    const etag = reply.headers?.etag;
    if (etag !== undefined && reply.status === 200 && matches(req.headers['if-none-match'], etag)) {
      reply = { status: 304, headers: { etag, ...(reply.headers?.link ? { link: reply.headers.link } : {}) } };
    }
    if (rated && reply.status !== 304) c.limiter.count(rlKey);
    if (counted) {
      const s = c.stats;
      s.total++;
      if (reply.status === 304) s.not_modified++;
      s.by_route[routeKey] = (s.by_route[routeKey] ?? 0) + 1;
      s.by_status[reply.status] = (s.by_status[reply.status] ?? 0) + 1;
    }
    write(res, { ...reply, headers: { ...corsHeaders, ...reply.headers } }, c.limiter.headers(rlKey));
    return reply;
  };
}

function write(res: ServerResponse, reply: HttpReply, rate: Record<string, string>): void {
  const headers: Record<string, string> = { ...rate, 'x-content-type-options': 'nosniff', ...reply.headers };
  // Strings, not Buffers: Node sends a string body in the same write as the headers, a Buffer after them,
  // which on keep-alive connections costs a round of delayed acknowledgement.
  let body: string | undefined;
  if (reply.json !== undefined && reply.status !== 204 && reply.status !== 304) {
    body = reply.json;
    headers['content-type'] = 'application/json; charset=utf-8';
  } else if (reply.html !== undefined) {
    body = reply.html;
    headers['content-type'] ??= 'text/html; charset=utf-8';
  }
  if (body !== undefined) headers['content-length'] = String(Buffer.byteLength(body));
  res.writeHead(reply.status, headers);
  res.end(body);
}
