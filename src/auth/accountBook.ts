import type * as vscode from 'vscode';
import { BUILTIN_SANDBOX_KEY, STATE_KEYS, TOKEN_KINDS, type TokenKind } from '../ids';
import { forLabel } from '../safety/serviceText';
import { sha256Hex } from './digest';
import { serviceKey, type TokenStore } from './tokenStore';
import * as l10n from '@vscode/l10n';

const WHO_PREFIX = 'agentTasks.account';

/** Who a token belongs to, kept with a digest of that token so that it is not said of another one set later. */
interface Who {
  login: string;
  kind: TokenKind;
  digest: string;
}

const digestOf = (token: string) => sha256Hex(token);

/**
 * The services that have had a token in this profile, and who is signed in to each when that is known. SecretStorage
 * cannot list its keys, so the service keys (addresses, which are settings anyway) are kept in globalState; who a
 * token belongs to is kept in SecretStorage beside the token, with the token's digest, never in state.
 */
export class AccountBook {
  constructor(
    private readonly secrets: vscode.SecretStorage,
    private readonly state: vscode.Memento,
    private readonly tokens: Pick<TokenStore, 'getIn'>,
  ) {}

  services(): string[] {
    const kept = this.state.get<unknown>(STATE_KEYS.accountServices);
    return Array.isArray(kept) ? kept.filter((s): s is string => typeof s === 'string' && s !== '') : [];
  }

  /** Adds a service (by its address or key) to the list; resolves with whether it was new. */
  async note(scope: string): Promise<boolean> {
    const key = serviceKey(scope);
    const all = this.services();
    if (!key || all.includes(key)) return false;
    await this.state.update(STATE_KEYS.accountServices, [...all, key]);
    return true;
  }

  async forget(scope: string): Promise<void> {
    const key = serviceKey(scope);
    await this.state.update(
      STATE_KEYS.accountServices,
      this.services().filter(s => s !== key),
    );
    await this.secrets.delete(`${WHO_PREFIX}:${key}`);
  }

  /** The token kinds that have a token for the service. */
  async kinds(scope: string): Promise<TokenKind[]> {
    const set: TokenKind[] = [];
    for (const k of TOKEN_KINDS) if (await this.tokens.getIn(scope, k)) set.push(k);
    return set;
  }

  /** Notes that the token of `kind` just set for `scope` is `login`'s (e.g. the GitHub account it came from). */
  async rememberWho(scope: string, kind: TokenKind, token: string, login: string): Promise<void> {
    const who: Who = { login, kind, digest: digestOf(token.trim()) };
    await this.secrets.store(`${WHO_PREFIX}:${serviceKey(scope)}`, JSON.stringify(who));
  }

  /** The login of the person signed in to `scope`, while the token it was noted for is still the one kept. */
  async who(scope: string): Promise<string | undefined> {
    let who: Partial<Who>;
    try {
      const kept: unknown = JSON.parse((await this.secrets.get(`${WHO_PREFIX}:${serviceKey(scope)}`)) ?? 'null');
      who = kept && typeof kept === 'object' ? kept : {};
    } catch {
      return undefined;
    }
    if (typeof who.login !== 'string' || !who.kind || !TOKEN_KINDS.includes(who.kind)) return undefined;
    const token = await this.tokens.getIn(scope, who.kind);
    return token && digestOf(token) === who.digest ? who.login : undefined;
  }
}

/** How a service is named in an account's label: "built-in sandbox", or its host (and path, e.g. `/api/v3`). */
export function serviceName(scope: string): string {
  const key = serviceKey(scope);
  if (key === BUILTIN_SANDBOX_KEY) return l10n.t('built-in sandbox');
  try {
    const u = new URL(key);
    return `${u.host}${u.pathname.replace(/\/+$/, '')}`;
  } catch {
    return key;
  }
}

/** Longer than any login a service gives (GitHub's are at most 39 characters): a bound, not a rule. */
const MAX_LOGIN = 80;

/** An account's label in the Accounts menu: the person when known, else the service and what signs in to it. */
export function accountLabel(scope: string, login: string | undefined): string {
  // The login came from a server (the GitHub account's `/user`): one bounded line of plain words, no `$(icon)`.
  const who = login ? forLabel(login, MAX_LOGIN) : '';
  return who ? `${who} · ${serviceName(scope)}` : `${serviceName(scope)} (token)`;
}
