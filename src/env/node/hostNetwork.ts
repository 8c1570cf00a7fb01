// The HTTP stack of the extension: VS Code's own `fetch`, which the extension host routes through VS Code's proxy
// settings, PAC files, the system's proxy, proxy logins and the system's certificates, asked without a dispatcher
// (with one, VS Code leaves the proxy out). Two kinds of request go through undici's stack of our own instead
// (src/api/nodeFetch.ts, imported on first use), both because VS Code's fetch would not do what VS Code's settings say:
// - loopback addresses VS Code's fetch would hand to a proxy (127.0.0.2, …): loopback never goes through a proxy;
// - every request while `http.proxyStrictSSL` is off: VS Code's fetch checks certificates whatever that setting says,
//   where VS Code's own requests do not; ours then take the proxy of `http.proxy` or HTTPS_PROXY (proxyChoice.ts),
//   with its login, and do not check certificates, as VS Code's own requests do;
// - a service whose certificate VS Code's fetch refused while Node has extra roots (NODE_EXTRA_CA_CERTS): VS Code's
//   fetch trusts the bundled roots and the system's only, so such a request is made again (nothing was sent: the
//   handshake failed) with Node's roots and the system's, over the same settings' proxy; that service's requests
//   then go that way until a setting of `http` changes.
import * as vscode from 'vscode';
import type { FetchLike, OwnFetch } from '../../api';
import { ownFetchLater } from '../../api/fetchLike';
import { classify } from '../../api/netFault';
import { DisposableBase } from '../../lifecycle';
import type { NetworkSettings } from './proxyChoice';
import { loopbackVSCodeWouldProxy, proxyFor, shownProxy } from './proxyChoice';

export class HostNetwork extends DisposableBase {
  private settings: NetworkSettings | undefined;
  /** Stacks of our own, by what they were made for (direct, or a proxy's address with strictness). */
  private readonly own = new Map<string, OwnFetch>();
  /** Origins whose certificate only Node's extra roots vouch for. */
  private readonly extraTrusted = new Set<string>();

  constructor() {
    super();
    this.register(
      vscode.workspace.onDidChangeConfiguration(e => {
        if (!e.affectsConfiguration('http')) return;
        this.settings = undefined;
        this.extraTrusted.clear();
        this.closeOwn();
      }),
    );
    this.register({ dispose: () => this.closeOwn() });
  }

  readonly fetch: FetchLike = (url, init) => {
    const u = new URL(url);
    if (loopbackVSCodeWouldProxy(u)) return this.stack('direct').fetch(url, init);
    const s = this.read();
    if (!s.strictSSL) {
      const proxy = proxyFor(u, s);
      return this.stack(`lenient ${proxy ?? ''}`, proxy, s.proxyAuthorization).fetch(url, init);
    }
    if (this.extraTrusted.has(u.origin)) return this.trusting(u, s).fetch(url, init);
    return this.viaVSCode(url, init, u, s);
  };

  private async viaVSCode(url: string, init: Parameters<FetchLike>[1], u: URL, s: NetworkSettings) {
    try {
      // Read at every call: VS Code's patch is installed before extensions run, and may be replaced.
      return await globalThis.fetch(url, init);
    } catch (e) {
      if (classify(e, u)?.part !== 'certificate' || extraRoots().length === 0 || init.signal.aborted) throw e;
      const res = await this.trusting(u, s).fetch(url, init);
      this.extraTrusted.add(u.origin);
      return res;
    }
  }

  /** Our stack with Node's roots (its bundled ones and NODE_EXTRA_CA_CERTS) and the system's. */
  private trusting(u: URL, s: NetworkSettings): OwnFetch {
    const proxy = proxyFor(u, s);
    return this.stack(`trusting ${proxy ?? ''}`, proxy, s.proxyAuthorization);
  }

  /** The proxy the settings name for `url`, as it may be shown (`host:port`): for the words of a failure. */
  readonly proxyFor = (url: URL): string | undefined => shownProxy(proxyFor(url, this.read()));

  private read(): NetworkSettings {
    if (this.settings) return this.settings;
    const c = vscode.workspace.getConfiguration('http');
    this.settings = {
      proxy: c.get<string>('proxy', '') ?? '',
      noProxy: c.get<string[]>('noProxy', []) ?? [],
      proxyAuthorization: c.get<string>('proxyAuthorization') || undefined,
      strictSSL: c.get<boolean>('proxyStrictSSL', true) !== false,
      env: process.env,
    };
    return this.settings;
  }

  private stack(key: string, proxy?: string, authorization?: string): OwnFetch {
    let s = this.own.get(key);
    if (!s) {
      const kind = key.split(' ')[0];
      const tls =
        kind === 'lenient'
          ? { rejectUnauthorized: false }
          : kind === 'trusting'
            ? { ca: [...caCertificates('default'), ...caCertificates('system')] }
            : undefined;
      const options = {
        ...(tls ? { tls } : {}),
        ...(proxy ? { proxy: { uri: proxy, ...(authorization ? { authorization } : {}) } } : {}),
      };
      s = ownFetchLater(async () => (await import('../../api/nodeFetch')).createNodeFetch(options));
      this.own.set(key, s);
    }
    return s;
  }

  private closeOwn(): void {
    for (const s of this.own.values()) void s.close().catch(() => undefined);
    this.own.clear();
  }
}

type CaKind = 'default' | 'system' | 'extra';

/** Node's roots of a kind (Node 22.15 and later; the extension host runs Node 24). */
function caCertificates(kind: CaKind): string[] {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const tls = require('node:tls') as { getCACertificates?: (k: CaKind) => string[] };
  try {
    return tls.getCACertificates?.(kind) ?? [];
  } catch {
    return [];
  }
}

function extraRoots(): string[] {
  return caCertificates('extra');
}
