// Whether the service address answers, while no token is set: nothing polls then, so the address is tried once
// (without a token) and what that found is kept. The status bar and the task views both say it, in the same words:
// a service that is down is not taken for one that only wants a token.
import { DisposableBase } from '../lifecycle';
import type { Log } from '../log';
import { Emitter } from '../shared/emitter';
import type { AddressFinding } from '../service/addressCheck';

export interface AddressWatchDeps {
  /** The service in use: only an address the user set (`remote`) is tried; the built-in sandbox is ours. */
  current(): { kind: string; url: string };
  /**
   * Whether a token is set (then the poll itself says whether the service answers, and nothing is tried here), or
   * `undefined` while the token has not been read yet (at activation): nothing is tried before it is known.
   */
  signedIn(): boolean | undefined;
  /** One request to the address, without a token. */
  tryAddress(url: string): Promise<AddressFinding>;
  log: Log;
}

export class AddressWatch extends DisposableBase {
  private tried: { url: string; finding?: AddressFinding } | undefined;
  private readonly changed = this.register(new Emitter<void>());
  /** A try ended with a finding. */
  readonly onDidChange = this.changed.event;

  constructor(private readonly deps: AddressWatchDeps) {
    super();
  }

  /**
   * What the last try of the current address found when it is a problem (unreachable, or refused), while no token is
   * set; a try is started when this address was not tried yet, and `onDidChange` fires when it ends.
   */
  problem(): AddressFinding | undefined {
    const s = this.deps.current();
    if (this.deps.signedIn() !== false || s.kind !== 'remote' || !s.url) return undefined;
    if (this.tried?.url !== s.url) void this.tryAgain();
    const finding = this.tried?.url === s.url ? this.tried.finding : undefined;
    return finding && finding.kind !== 'reachable' ? finding : undefined;
  }

  /** Whether the last try of the current address found it answering as the service. */
  answered(): boolean {
    const s = this.deps.current();
    return this.tried?.url === s.url && this.tried.finding?.kind === 'reachable';
  }

  /** Tries the current address once more; what the last try found stands while this one is under way. */
  tryAgain(): Promise<void> {
    const { url } = this.deps.current();
    const mine: { url: string; finding?: AddressFinding } = {
      url,
      finding: this.tried?.url === url ? this.tried.finding : undefined,
    };
    this.tried = mine;
    return this.deps.tryAddress(url).then(
      finding => {
        if (this.tried !== mine || this.isDisposed) return;
        mine.finding = finding;
        // Said in the log too, so Show Log has the reason and the address behind a red status bar.
        if (finding.kind === 'reachable') this.deps.log.info(`${url}: reachable`);
        else this.deps.log.warn(`${url}: ${finding.kind}: ${finding.text}`);
        this.changed.fire();
      },
      () => undefined,
    );
  }
}
