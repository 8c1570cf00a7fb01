import * as vscode from 'vscode';
import { AUTH_PROVIDER, TOKEN_KINDS, type TokenKind } from '../ids';
import { DisposableBase } from '../lifecycle';
import type { Log } from '../log';
import { accountLabel, type AccountBook } from './accountBook';
import { serviceKey, tokenKeyParts, type TokenStore } from './tokenStore';

/**
 * What a session of this provider carries in place of a token. The tokens were given to Agent Tasks for one service,
 * with the promise that they are sent only there; a session handed to another extension (VS Code asks the user
 * first, but cannot say what the token is for) must not take them elsewhere. It is not a credential: the service
 * refuses it.
 */
export const NOT_SHARED = 'agent-tasks:token-not-shared';

export interface AccountsDeps {
  secrets: vscode.SecretStorage;
  tokens: TokenStore;
  accounts: AccountBook;
  /** The current service's token scope ('' for none). */
  scope: () => string;
  /** Fires when the current service changes: its account may be one not listed yet. */
  onDidChangeScope: (listener: () => void) => { dispose(): void };
  /** Runs Set Token… for the current service (for a kind when asked for one); resolves with whether one was saved. */
  signIn: (kind?: TokenKind) => Promise<boolean>;
  log: Log;
}

/**
 * The people signed in to the services, in VS Code's Accounts menu: one account per service address that has a
 * token, backed by the same SecretStorage tokens as everything else. Signing out there removes that service's
 * tokens, as Sign Out does. Nothing here holds a token beyond the reads it needs.
 */
export class AccountsProvider extends DisposableBase implements vscode.AuthenticationProvider {
  private readonly changed = this.register(
    new vscode.EventEmitter<vscode.AuthenticationProviderAuthenticationSessionsChangeEvent>(),
  );
  readonly onDidChangeSessions = this.changed.event;
  /** The sessions last told to VS Code, by id: what a change is measured against. */
  private shown = new Map<string, vscode.AuthenticationSession>();
  private refreshing: Promise<void> = Promise.resolve();

  constructor(private readonly deps: AccountsDeps) {
    super();
    this.register(
      vscode.authentication.registerAuthenticationProvider(AUTH_PROVIDER.id, AUTH_PROVIDER.label, this, {
        supportsMultipleAccounts: true,
      }),
    );
    // Every window sees a token set or removed in any of them, for any service: the key names the service.
    this.register(
      deps.secrets.onDidChange(e => {
        const parts = tokenKeyParts(e.key);
        if (parts) this.refresh(parts.service);
      }),
    );
    this.register(deps.tokens.onDidChange(() => this.refresh(deps.scope())));
    this.register(deps.onDidChangeScope(() => this.refresh(deps.scope())));
    this.refresh(deps.scope());
  }

  /** Sessions of every service with a token; with `scopes` (token kinds), only those holding all of them. */
  async getSessions(scopes?: readonly string[]): Promise<vscode.AuthenticationSession[]> {
    const all = await this.read();
    return all.filter(s => (scopes ?? []).every(k => s.scopes.includes(k)));
  }

  /** Signing in from the Accounts menu (or another extension asking): Set Token… for the current service. */
  async createSession(scopes: readonly string[]): Promise<vscode.AuthenticationSession> {
    const kind = TOKEN_KINDS.find(k => scopes.includes(k));
    const scope = this.deps.scope();
    if (!scope || !(await this.deps.signIn(kind))) throw new Error(vscode.l10n.t('No token was set.'));
    const session = (await this.read()).find(s => s.account.id === serviceKey(scope));
    if (!session) throw new Error(vscode.l10n.t('No token was set.'));
    this.refresh(scope);
    return session;
  }

  /** Sign Out in the Accounts menu: every token of that account's service goes. */
  async removeSession(sessionId: string): Promise<void> {
    const session = this.shown.get(sessionId) ?? (await this.read()).find(s => s.id === sessionId);
    if (!session) return;
    const service = session.account.id;
    for (const k of TOKEN_KINDS) await this.deps.tokens.deleteIn(service, k);
    await this.deps.accounts.forget(service);
    this.deps.log.info(`signed out of ${session.account.label} from the Accounts menu`);
    this.refresh(service);
  }

  /** Notes the service and tells VS Code what changed since the last time; calls are taken one at a time. */
  private refresh(service: string | undefined): void {
    this.refreshing = this.refreshing
      .then(async () => {
        if (service && (await this.deps.accounts.kinds(service)).length) await this.deps.accounts.note(service);
        const now = new Map((await this.read()).map(s => [s.id, s]));
        const added = [...now.values()].filter(s => !this.shown.has(s.id));
        const removed = [...this.shown.values()].filter(s => !now.has(s.id));
        const changed = [...now.values()].filter(s => {
          const was = this.shown.get(s.id);
          return was && (was.account.label !== s.account.label || was.scopes.join() !== s.scopes.join());
        });
        this.shown = now;
        if (added.length || removed.length || changed.length) this.changed.fire({ added, removed, changed });
      })
      .catch(err => this.deps.log.warn(`accounts: ${err instanceof Error ? err.message : String(err)}`));
  }

  private async read(): Promise<vscode.AuthenticationSession[]> {
    const { accounts } = this.deps;
    const services = new Set(accounts.services());
    if (this.deps.scope()) services.add(serviceKey(this.deps.scope()));
    const sessions: vscode.AuthenticationSession[] = [];
    for (const service of services) {
      const kinds = await accounts.kinds(service);
      if (!kinds.length) continue;
      const label = accountLabel(service, await accounts.who(service));
      sessions.push({
        id: `${AUTH_PROVIDER.id}:${service}`,
        accessToken: NOT_SHARED,
        account: { id: service, label },
        scopes: kinds,
      });
    }
    return sessions;
  }
}
