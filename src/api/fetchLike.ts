// The one thing the client asks of an HTTP stack: a fetch-shaped call that does not follow redirects. In VS Code's
// extension host that is the host's own `fetch`, which VS Code routes through its proxies and certificates; in plain
// Node it is a keep-alive undici Agent's `request` (nodeFetch.ts), which answers in the same shape. Either way one
// code path above it handles redirects, deadlines, the size bound, the ETag memory and retries.
import type { HeaderBag } from './headers';

export interface HopInit {
  method: string;
  headers: Record<string, string>;
  body?: string;
  /** Always 'manual': each hop is decided here (the token stays with the service's origin). */
  redirect: 'manual';
  signal: AbortSignal;
}

/**
 * What the client reads of a response; a WHATWG `Response` has all of it. The body is read either whole (`text()`)
 * or chunk by chunk; leaving the iteration early cancels it (a web stream and a Node stream alike).
 */
export interface HopResponse {
  status: number;
  headers: { forEach(cb: (value: string, name: string) => void): void };
  body: AsyncIterable<Uint8Array> | null;
  text(): Promise<string>;
}

export type FetchLike = (url: string, init: HopInit) => Promise<HopResponse>;

/** An HTTP stack the client made for itself and closes with it. */
export interface OwnFetch {
  fetch: FetchLike;
  close(): Promise<void>;
}

/** The headers as a record of lower-case names, the shape the header readers take. */
export function headerBag(headers: HopResponse['headers']): HeaderBag {
  const bag: HeaderBag = {};
  headers.forEach((value, name) => {
    bag[name.toLowerCase()] = value;
  });
  return bag;
}

/**
 * A stack of our own made on its first request from a module loaded then (undici's, in a chunk or a build of its
 * own): `close` before any request loads nothing.
 */
export function ownFetchLater(make: () => Promise<OwnFetch>): OwnFetch {
  let made: Promise<OwnFetch> | undefined;
  return {
    fetch: async (url, init) => (await (made ??= make())).fetch(url, init),
    close: async () => {
      if (made) await (await made).close();
    },
  };
}
