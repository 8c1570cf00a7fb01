// The HTTP stack of plain Node (tests, benches, scripts) and of the cases where the extension host's own stack
// cannot serve (see src/service/hostFetch.ts): a keep-alive undici Agent of the client's own, or a ProxyAgent when a
// proxy is given, asked through undici's public `Dispatcher.request` and answered in the shape of a fetch Response
// (fetch itself costs about twice the CPU per request here). Imported on first use (a chunk of the extension, the
// build dist/nodeFetch.js in plain Node), so that the extension, which normally goes through VS Code's fetch, does
// not load undici.
import type { ConnectionOptions } from 'node:tls';
import { Agent, ProxyAgent } from 'undici';
import type { Dispatcher } from 'undici';
import type { FetchLike, OwnFetch } from './fetchLike';

export interface NodeFetchOptions {
  /** TLS options for the service's connections (and the proxy's): `ca`, `rejectUnauthorized`. */
  tls?: Pick<ConnectionOptions, 'ca' | 'rejectUnauthorized'>;
  /** A proxy for every request: its address (credentials in it are sent as Basic), or a Proxy-Authorization value. */
  proxy?: { uri: string; authorization?: string };
}

const KEEP_ALIVE = { keepAliveTimeout: 10_000, keepAliveMaxTimeout: 60_000 };

export function createNodeFetch(options: NodeFetchOptions = {}): OwnFetch {
  const tls = options.tls ?? {};
  const dispatcher: Dispatcher = options.proxy
    ? new ProxyAgent({
        uri: options.proxy.uri,
        ...(options.proxy.authorization ? { token: options.proxy.authorization } : {}),
        requestTls: tls,
        proxyTls: tls,
        ...KEEP_ALIVE,
      })
    : new Agent({ ...KEEP_ALIVE, connect: tls });
  const call: FetchLike = async (url, init) => {
    const u = new URL(url);
    const res = await dispatcher.request({
      origin: u.origin,
      path: u.pathname + u.search,
      method: init.method,
      headers: init.headers,
      body: init.body ?? null,
      signal: init.signal,
    });
    return {
      status: res.statusCode,
      headers: {
        forEach: cb => {
          for (const [name, value] of Object.entries(res.headers))
            if (value !== undefined) cb(Array.isArray(value) ? value.join(', ') : value, name);
        },
      },
      body: res.body,
      text: () => res.body.text(),
    };
  };
  return { fetch: call, close: () => dispatcher.close() };
}
