import type * as vscode from 'vscode';
import { isLoopbackHost } from '../api/guard';
import { onDidChangeSettings, readSettings } from '../config';
import { BUILTIN_SANDBOX_KEY, STATE_KEYS } from '../ids';
import { DisposableBase } from '../lifecycle';
import { Emitter } from '../shared/emitter';
import type { BuiltinSandbox } from './builtinSandbox';
import * as l10n from '@vscode/l10n';

/**
 * The one answer to "which service, which address, which token scope". Everything that needs one of these reads it
 * here: the clients, the token store, the repository detection, the views, the commands.
 */
export interface Service {
  /** none yet, the user's address, or the built-in sandbox. */
  kind: 'none' | 'remote' | 'sandbox';
  /** Where requests go: the configured address, or the sandbox's once it runs; '' otherwise. */
  url: string;
  /**
   * The key tokens are kept under; it names the service and stays put while the sandbox's port changes. '' for
   * none.
   */
  scope: string;
  /** The address git remotes are matched against: for the sandbox any loopback remote is one of its repositories. */
  remoteMatch: string;
  /** How the user is told where a token goes, e.g. "api.example.com" or "the built-in sandbox". */
  label: string;
  /** On this machine (the sandbox, or a loopback address): demo tokens make sense there. */
  local: boolean;
}

const NONE: Service = { kind: 'none', url: '', scope: '', remoteMatch: '', label: l10n.t('the service'), local: false };

/**
 * The configured address wins; with none set, the user may opt into the built-in sandbox (remembered across windows
 * in globalState, which holds only that flag).
 */
export class ServiceChoice extends DisposableBase {
  private readonly changed = this.register(new Emitter<void>());
  /** Fires when the service changes (address set or cleared, sandbox chosen or left); not when the sandbox starts. */
  readonly onDidChange = this.changed.event;
  private last: string;

  constructor(
    private readonly globalState: vscode.Memento,
    private readonly sandbox: Pick<BuiltinSandbox, 'url'>,
  ) {
    super();
    this.last = this.scope();
    this.register(onDidChangeSettings(() => this.check()));
  }

  current(): Service {
    const address = readSettings().serviceUrl;
    if (address)
      return {
        kind: 'remote',
        url: address,
        scope: address,
        remoteMatch: address,
        label: hostOf(address),
        local: loopback(address),
      };
    if (!this.globalState.get<boolean>(STATE_KEYS.sandboxChosen, false)) return NONE;
    const url = this.sandbox.url;
    return {
      kind: 'sandbox',
      url,
      scope: BUILTIN_SANDBOX_KEY,
      remoteMatch: 'http://127.0.0.1',
      label: l10n.t('the built-in sandbox'),
      local: true,
    };
  }

  /**
   * Notes that an address the user set answered as the service, so that Set Service Address can offer it again when
   * another does not (only the address is kept; written only when it changes).
   */
  noteAnswered(address: string): void {
    if (!address || this.globalState.get<string>(STATE_KEYS.lastAnsweredAddress) === address) return;
    void this.globalState.update(STATE_KEYS.lastAnsweredAddress, address);
  }

  /** The last address the user set that answered as the service, if one did. */
  lastAnswered(): string | undefined {
    const a = this.globalState.get<unknown>(STATE_KEYS.lastAnsweredAddress);
    return typeof a === 'string' && a ? a : undefined;
  }

  async chooseSandbox(on: boolean): Promise<void> {
    await this.globalState.update(STATE_KEYS.sandboxChosen, on);
    this.check();
  }

  /** Another window may have flipped the sandbox flag; settings changes arrive through their own event. */
  check(): void {
    const now = this.scope();
    if (now !== this.last) {
      this.last = now;
      this.changed.fire();
    }
  }

  private scope(): string {
    const s = this.current();
    return `${s.kind}\n${s.scope}`;
  }
}

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

function loopback(url: string): boolean {
  try {
    return isLoopbackHost(new URL(url).hostname);
  } catch {
    return false;
  }
}
