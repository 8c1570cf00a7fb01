// A small table router: literal segments and `{param}` segments, matched on decoded path segments; a last `{param...}`
// takes the rest of the path, one segment or more, joined by `/` (a branch name in a web page's address).
import type { IncomingMessage } from 'node:http';
import type { Core } from '../core';
import type { Caller } from './auth';
import type { HttpReply } from './reply';

export type RouteKind = 'api' | 'control' | 'web';

export interface Ctx {
  req: IncomingMessage;
  method: string;
  path: string;
  query: URLSearchParams;
  /** `http://host:port` as the client addressed us; links and URLs in bodies are built on it. */
  origin: string;
  params: Record<string, string>;
  caller: Caller;
  core: Core;
}

export interface SandboxRoute {
  method: string;
  /** e.g. `/agents/repos/{owner}/{repo}/tasks`; also the key of the route in the statistics. */
  pattern: string;
  kind: RouteKind;
  handler: (ctx: Ctx) => HttpReply | Promise<HttpReply>;
}

interface Compiled {
  route: SandboxRoute;
  parts: Array<{ literal: string } | { param: string }>;
  /** The last part takes every remaining segment. */
  rest: boolean;
}

export class Router {
  private readonly routes: Compiled[] = [];

  add(...routes: SandboxRoute[]): this {
    for (const route of routes) {
      const raw = route.pattern.split('/').slice(1);
      const rest = /^\{\w+\.\.\.\}$/.test(raw.at(-1) ?? '');
      const parts = raw.map(p =>
        /^\{\w+(\.\.\.)?\}$/.test(p) ? { param: p.slice(1, -1).replace(/\.\.\.$/, '') } : { literal: p },
      );
      this.routes.push({ route, parts, rest });
    }
    return this;
  }

  /**
   * The route for a method and decoded segments. `pathOnly` is set when the path exists under another
   * method: the family answers such requests 404 as well, so the caller needs it only for statistics.
   */
  match(
    method: string,
    segments: string[],
  ): { route: SandboxRoute; params: Record<string, string> } | { pathOnly: SandboxRoute } | undefined {
    const m = method === 'HEAD' ? 'GET' : method;
    let pathOnly: SandboxRoute | undefined;
    for (const c of this.routes) {
      if (c.rest ? segments.length < c.parts.length : c.parts.length !== segments.length) continue;
      // The first pattern that fits owns the path: a web page's `{owner}/{repo}` never answers for a service path.
      if (pathOnly && c.route.pattern !== pathOnly.pattern) continue;
      const params: Record<string, string> = {};
      let ok = true;
      for (let i = 0; i < c.parts.length && ok; i++) {
        const p = c.parts[i];
        const last = c.rest && i === c.parts.length - 1;
        const taken = last ? segments.slice(i) : [segments[i]];
        if ('literal' in p) ok = p.literal === segments[i];
        else if (taken.some(x => x === '')) ok = false;
        else params[p.param] = taken.join('/');
      }
      if (!ok) continue;
      if (c.route.method === m) return { route: c.route, params };
      pathOnly ??= c.route;
    }
    return pathOnly ? { pathOnly } : undefined;
  }
}
