import { host } from '#env';
import type { ApiClient, ApiClientOptions, ApiWarning, ResponseInfo } from '../api';
import type { TokenStore } from '../auth/tokenStore';
import { NoServiceError } from '../errors/userErrors';
import type { TokenKind } from '../ids';
import { DisposableBase } from '../lifecycle';
import { readSettings } from '../config';
import type { Log } from '../log';
import type { Observers } from '../observers';
import type { BuiltinSandbox } from './builtinSandbox';
import type { ServiceChoice } from './serviceChoice';
import type { HostNetwork } from '../env/host';

/** A check the user waits for: an address that does not answer within this is said to be not reachable. */
const PROBE_TIMEOUT_MS = 10_000;

export interface Clients {
  /** A client for the current service that sends the token of `kind`; starts the built-in sandbox when that is the
   *  configured choice. Rejects with a `NoServiceError` when no service is configured. Cached per service and kind. */
  forKind(kind: TokenKind): Promise<ApiClient>;
}

/**
 * Builds API clients lazily: the HTTP layer is imported on the first request, not at activation. Every request goes
 * through the host's network stack (src/env: VS Code's in the Node host, the browser's in a web worker).
 * Each client asks the token store before every request, so a token set in another window is used at once.
 */
export class ServiceClients extends DisposableBase implements Clients {
  private readonly cache = new Map<string, ApiClient>();
  private readonly http: Log;
  /** VS Code's network stack (its proxies and certificates): every client's requests go through it. */
  private readonly network: HostNetwork;

  constructor(
    private readonly service: ServiceChoice,
    private readonly sandbox: BuiltinSandbox,
    private readonly tokens: TokenStore,
    log: Log,
    private readonly userAgent: string,
    private readonly observers: Observers = {},
  ) {
    super();
    this.http = log.child('http');
    this.network = this.register(host.network());
    this.register(service.onDidChange(() => this.drop()));
    this.register({ dispose: () => this.drop() });
  }

  /** Loads the HTTP layer ahead of the first request, while the token is read from SecretStorage: sends nothing. */
  warm(): void {
    if (this.service.current().kind !== 'none') import('../api').catch(() => undefined);
  }

  async forKind(kind: TokenKind): Promise<ApiClient> {
    const target = this.service.current();
    if (target.kind === 'none') throw new NoServiceError();
    const baseUrl = target.kind === 'sandbox' ? (await this.sandbox.start()).url : target.url;
    // Before the cache is read: nothing is awaited between reading it and filling it, so two callers share a client.
    const { ApiClient } = await import('../api');
    const timeoutMs = readSettings().requestTimeoutSeconds * 1000;
    const key = `${baseUrl}\n${target.scope}\n${kind}\n${timeoutMs}`;
    let client = this.cache.get(key);
    if (!client) {
      const options: ApiClientOptions = {
        baseUrl,
        timeoutMs,
        // The scope the client was made for: a request under way when the address changes never takes the new one's.
        token: () => this.tokens.getIn(target.scope, kind),
        userAgent: this.userAgent,
        fetch: this.network.fetch,
        proxyFor: this.network.proxyFor,
        onResponse: (info: ResponseInfo) => this.record(info),
        // Waits cut to their bound, headers ignored, items left out of an answer: said once per client.
        onWarning: (w: ApiWarning) => this.http.warn(`${w.method} ${w.path}: ${w.message}`),
      };
      client = new ApiClient(options);
      this.cache.set(key, client);
    }
    return client;
  }

  /**
   * Runs `use` with a client of the current service that sends `token` (none: no Authorization) instead of a stored
   * one, without retries, and closes it after: for checking a token before it is saved, or an address once set.
   */
  async probe<T>(token: string | undefined, use: (client: ApiClient) => Promise<T>): Promise<T> {
    const target = this.service.current();
    if (target.kind === 'none') throw new NoServiceError();
    const baseUrl = target.kind === 'sandbox' ? (await this.sandbox.start()).url : target.url;
    const client = new (await import('../api')).ApiClient({
      baseUrl,
      token,
      retries: 0,
      timeoutMs: PROBE_TIMEOUT_MS,
      userAgent: this.userAgent,
      fetch: this.network.fetch,
      proxyFor: this.network.proxyFor,
      onResponse: (info: ResponseInfo) => this.record(info),
    });
    try {
      return await use(client);
    } finally {
      void client.close().catch(() => undefined);
    }
  }

  private record(info: ResponseInfo): void {
    const extra = info.fromCache ? ' (not modified, from cache)' : '';
    const retry = info.attempt > 1 ? ` attempt ${info.attempt}` : '';
    this.http.info(`${info.method} ${info.path} ${info.status} ${Math.round(info.durationMs)} ms${extra}${retry}`);
    this.observers.response?.(info);
  }

  /** Forgets the clients of the previous service and closes their keep-alive connections. */
  private drop(): void {
    for (const client of this.cache.values()) void client.close().catch(() => undefined);
    this.cache.clear();
  }
}
