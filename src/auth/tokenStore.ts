import * as vscode from 'vscode';
import { TOKEN_KINDS, type TokenKind } from '../ids';

const KEY_PREFIX = 'agentTasks.token';

/** The normalized form of a service address used in secret keys: lower-case origin plus path, no trailing slash. */
export function serviceKey(serviceUrl: string): string {
  try {
    const u = new URL(serviceUrl);
    return `${u.protocol}//${u.host}${u.pathname.replace(/\/+$/, '')}`.toLowerCase();
  } catch {
    return serviceUrl.trim().replace(/\/+$/, '').toLowerCase();
  }
}

/**
 * Tokens live in SecretStorage only, keyed by service address and kind. SecretStorage is shared by the
 * windows of one profile, and its change event reaches every window, so a token set in one is seen by all.
 */
export class TokenStore implements vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<TokenKind>();
  readonly onDidChange = this.changed.event;
  private readonly subscription: vscode.Disposable;

  constructor(private readonly secrets: vscode.SecretStorage, private readonly serviceUrl: () => string) {
    this.subscription = secrets.onDidChange(e => {
      for (const kind of TOKEN_KINDS) {
        if (e.key === this.key(kind)) this.changed.fire(kind);
      }
    });
  }

  private key(kind: TokenKind, scope = this.serviceUrl()): string {
    return `${KEY_PREFIX}:${kind}:${serviceKey(scope)}`;
  }

  /** The service address the tokens are kept under right now. */
  scope(): string {
    return this.serviceUrl();
  }

  async get(kind: TokenKind): Promise<string | undefined> {
    return this.getIn(this.serviceUrl(), kind);
  }

  /**
   * The token of `kind` kept for the service address `scope`. A client asks with the scope it was made for, so a
   * request still under way when the address changes can never pick up the new service's token.
   */
  async getIn(scope: string, kind: TokenKind): Promise<string | undefined> {
    if (!scope) return undefined;
    const v = await this.secrets.get(this.key(kind, scope));
    return v ? v : undefined;
  }

  async has(kind: TokenKind): Promise<boolean> {
    return (await this.get(kind)) !== undefined;
  }

  async set(kind: TokenKind, value: string): Promise<void> {
    const trimmed = value.trim();
    if (!trimmed) throw new Error('A token cannot be empty.');
    await this.secrets.store(this.key(kind), trimmed);
  }

  async delete(kind: TokenKind): Promise<void> {
    await this.secrets.delete(this.key(kind));
  }

  dispose(): void {
    this.subscription.dispose();
    this.changed.dispose();
  }
}
