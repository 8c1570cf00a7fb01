import type * as vscode from 'vscode';
import { TOKEN_KINDS, type TokenKind } from '../ids';
import { DisposableBase } from '../lifecycle';
import { sha256Hex } from './digest';
import { Emitter } from '../shared/emitter';
import * as l10n from '@vscode/l10n';

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

/** The kind and service key a secret-storage key holds a token for, or undefined for any other key. */
export function tokenKeyParts(key: string): { kind: TokenKind; service: string } | undefined {
  const m = /^agentTasks\.token:([a-z_]+):(.+)$/.exec(key);
  const kind = TOKEN_KINDS.find(k => k === m?.[1]);
  return kind && m ? { kind, service: m[2] } : undefined;
}

/**
 * Tokens live in SecretStorage only, keyed by the service's token scope and kind. SecretStorage is shared by the
 * windows of one profile, and its change event reaches every window, so a token set in one is seen by all.
 * A change made here is announced as soon as it is stored; the storage's own event for it, which comes a moment
 * later, is then recognised and not announced twice.
 * A read is kept (in memory only) until that event says the secret changed: each read is a round trip to the
 * window, which at start-up took a quarter of a second or more, and every request asks for the token.
 */
export class TokenStore extends DisposableBase {
  private readonly changed = this.register(new Emitter<TokenKind>());
  readonly onDidChange = this.changed.event;
  /** A digest of the value last announced per key, never the token itself. */
  private readonly announced = new Map<string, string>();
  private readonly reads = new Map<string, Promise<string | undefined>>();

  /** `scope`: the current service's token scope ('' when there is none). */
  constructor(
    private readonly secrets: vscode.SecretStorage,
    private readonly scope: () => string,
  ) {
    super();
    this.register(
      secrets.onDidChange(e => {
        this.reads.delete(e.key);
        const kind = TOKEN_KINDS.find(k => e.key === this.key(k));
        if (kind)
          void this.read(e.key).then(
            v => this.announce(kind, e.key, v),
            () => this.changed.fire(kind),
          );
      }),
    );
    // The task views' first list needs this one: its round trip then overlaps the rest of activation.
    void this.get('fine_grained').catch(() => undefined);
  }

  private announce(kind: TokenKind, key: string, value: string | undefined): void {
    const digest = value ? sha256Hex(value) : '';
    if (this.announced.get(key) === digest) return;
    this.announced.set(key, digest);
    this.changed.fire(kind);
  }

  private key(kind: TokenKind, scope = this.scope()): string {
    return `${KEY_PREFIX}:${kind}:${serviceKey(scope)}`;
  }

  async get(kind: TokenKind): Promise<string | undefined> {
    return this.getIn(this.scope(), kind);
  }

  /**
   * The token of `kind` kept for the service scope `scope`. A client asks with the scope it was made for, so a
   * request still under way when the address changes can never pick up the new service's token.
   */
  async getIn(scope: string, kind: TokenKind): Promise<string | undefined> {
    return scope ? this.read(this.key(kind, scope)) : undefined;
  }

  /** The secret under `key`, read once until it changes; a failed read is not kept. */
  private read(key: string): Promise<string | undefined> {
    let read = this.reads.get(key);
    if (!read) {
      const fresh = Promise.resolve(this.secrets.get(key)).then(v => (v ? v : undefined));
      read = fresh;
      this.reads.set(key, fresh);
      fresh.catch(() => this.reads.get(key) === fresh && this.reads.delete(key));
    }
    return read;
  }

  async has(kind: TokenKind): Promise<boolean> {
    return (await this.get(kind)) !== undefined;
  }

  async set(kind: TokenKind, value: string): Promise<void> {
    const trimmed = value.trim();
    if (!trimmed) throw new Error(l10n.t('A token cannot be empty.'));
    const key = this.key(kind);
    this.reads.delete(key);
    await this.secrets.store(key, trimmed);
    this.reads.delete(key);
    this.announce(kind, key, trimmed);
  }

  /** Removes the token of `kind` kept for the service scope `scope` (any service, not only the current one). */
  async deleteIn(scope: string, kind: TokenKind): Promise<void> {
    if (!scope) return;
    const key = this.key(kind, scope);
    if (key === this.key(kind)) return this.delete(kind);
    this.reads.delete(key);
    await this.secrets.delete(key);
    this.reads.delete(key);
  }

  async delete(kind: TokenKind): Promise<void> {
    const key = this.key(kind);
    this.reads.delete(key);
    await this.secrets.delete(key);
    this.reads.delete(key);
    this.announce(kind, key, undefined);
  }
}
