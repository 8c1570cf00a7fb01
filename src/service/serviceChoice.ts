import * as vscode from 'vscode';
import { BUILTIN_SANDBOX_KEY, STATE_KEYS } from '../ids';
import { onDidChangeSettings, readSettings } from '../config';

/** Which service the extension talks to: none yet, the user's address, or the built-in sandbox. */
export type ServiceTarget = { kind: 'none' } | { kind: 'remote'; url: string } | { kind: 'sandbox' };

/**
 * The configured address wins; with none set, the user may opt into the built-in sandbox (remembered across
 * windows in globalState, which holds only that flag).
 */
export class ServiceChoice implements vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChange = this.changed.event;
  private readonly subscriptions: vscode.Disposable[] = [];
  private last: string;

  constructor(private readonly globalState: vscode.Memento) {
    this.last = this.fingerprint();
    this.subscriptions.push(onDidChangeSettings(() => this.check()), this.changed);
  }

  current(): ServiceTarget {
    const url = readSettings().serviceUrl;
    if (url) return { kind: 'remote', url };
    return this.globalState.get<boolean>(STATE_KEYS.sandboxChosen, false) ? { kind: 'sandbox' } : { kind: 'none' };
  }

  /** The address under which tokens are kept: stable for the sandbox, whose port changes at each start. */
  secretScope(): string {
    const t = this.current();
    return t.kind === 'remote' ? t.url : t.kind === 'sandbox' ? BUILTIN_SANDBOX_KEY : '';
  }

  async chooseSandbox(on: boolean): Promise<void> {
    await this.globalState.update(STATE_KEYS.sandboxChosen, on);
    this.check();
  }

  /** Another window may have flipped the sandbox flag; settings changes arrive through their own event. */
  check(): void {
    const now = this.fingerprint();
    if (now !== this.last) {
      this.last = now;
      this.changed.fire();
    }
  }

  private fingerprint(): string {
    return JSON.stringify(this.current());
  }

  dispose(): void {
    for (const s of this.subscriptions) s.dispose();
  }
}
