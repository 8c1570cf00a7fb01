import * as vscode from 'vscode';
import type { ApiClient, ApiClientOptions, ResponseInfo } from './api';
import type { TokenStore } from './auth/tokenStore';
import type { TokenKind } from './ids';
import { loadApi } from './lazy';
import type { Log } from './log';
import type { BuiltinSandbox } from './service/builtinSandbox';
import type { ServiceChoice } from './service/serviceChoice';

export interface Clients {
  /** A client for the current service that sends the token of `kind`; starts the built-in sandbox when that is the
   *  configured choice. Rejects with a user-facing Error when no service is configured. Cached per service and kind. */
  forKind(kind: TokenKind): Promise<ApiClient>;
  /** Fires when the service address or a token changes. */
  readonly onDidChange: vscode.Event<void>;
  /** The current service address ('' when none) and whether it is the sandbox. */
  describe(): { url: string; sandbox: boolean };
}

export class NoServiceError extends Error {
  constructor() {
    super('No service is configured. Set "agentTasks.serviceUrl" or try the built-in sandbox.');
    this.name = 'NoServiceError';
  }
}

/**
 * Builds API clients lazily: the HTTP layer (undici) is required on the first request, not at activation.
 * Each client asks the token store before every request, so a token set in another window is used at once.
 */
export class ServiceClients implements Clients, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChange = this.changed.event;
  private readonly cache = new Map<string, ApiClient>();
  private readonly subscriptions: vscode.Disposable[] = [];
  private readonly http: Log;
  /** Responses seen since activation, for the test API and the log. */
  requestCount = 0;

  constructor(
    private readonly service: ServiceChoice,
    private readonly sandbox: BuiltinSandbox,
    private readonly tokens: TokenStore,
    log: Log,
    private readonly userAgent: string,
  ) {
    this.http = log.child('http');
    this.subscriptions.push(
      service.onDidChange(() => {
        this.drop();
        this.changed.fire();
      }),
      tokens.onDidChange(() => this.changed.fire()),
      this.changed,
    );
  }

  async forKind(kind: TokenKind): Promise<ApiClient> {
    const target = this.service.current();
    if (target.kind === 'none') throw new NoServiceError();
    const baseUrl = target.kind === 'sandbox' ? (await this.sandbox.start()).url : target.url;
    const scope = this.tokens.scope();
    const key = `${baseUrl}\n${scope}\n${kind}`;
    let client = this.cache.get(key);
    if (!client) {
      const options: ApiClientOptions = {
        baseUrl,
        token: () => this.tokens.getIn(scope, kind),
        userAgent: this.userAgent,
        onResponse: (info: ResponseInfo) => this.record(info),
      };
      client = new (loadApi().ApiClient)(options);
      this.cache.set(key, client);
    }
    return client;
  }

  describe(): { url: string; sandbox: boolean } {
    const t = this.service.current();
    if (t.kind === 'remote') return { url: t.url, sandbox: false };
    if (t.kind === 'sandbox') return { url: this.sandbox.url, sandbox: true };
    return { url: '', sandbox: false };
  }

  private record(info: ResponseInfo): void {
    this.requestCount++;
    const extra = info.fromCache ? ' (not modified, from cache)' : '';
    const retry = info.attempt > 1 ? ` attempt ${info.attempt}` : '';
    this.http.info(`${info.method} ${info.path} ${info.status} ${Math.round(info.durationMs)} ms${extra}${retry}`);
  }

  /** Forgets the clients of the previous service and closes their keep-alive connections. */
  private drop(): void {
    for (const client of this.cache.values()) void client.close().catch(() => undefined);
    this.cache.clear();
  }

  dispose(): void {
    for (const s of this.subscriptions) s.dispose();
    this.drop();
  }
}
