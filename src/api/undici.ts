// The two pieces of undici this module uses, taken from their own files instead of undici's index: the index
// also loads fetch, WebSocket, caches, mocks and proxies, which doubles the bundle and its load time.
// These paths are not undici's public entry; the bundle is built and tested against the pinned major (7),
// so a move would fail the build or the tests, never a user.
import type { Agent as AgentType, Dispatcher } from 'undici';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const AgentImpl = require('undici/lib/dispatcher/agent') as typeof AgentType;
// eslint-disable-next-line @typescript-eslint/no-require-imports
const requestImpl = require('undici/lib/api/api-request') as (
  this: Dispatcher,
  opts: Dispatcher.RequestOptions,
) => Promise<Dispatcher.ResponseData>;

export type { Dispatcher };

export function createAgent(options: AgentType.Options): Dispatcher {
  return new AgentImpl(options);
}

/** `dispatcher.request(opts)`, for any dispatcher, without relying on undici's prototype patching. */
export function request(dispatcher: Dispatcher, opts: Dispatcher.RequestOptions): Promise<Dispatcher.ResponseData> {
  return requestImpl.call(dispatcher, opts);
}
