// Everything one running sandbox holds: its state, the world it started from, statistics, the rate limiter,
// the state file and the real-time stepper.
import { Stepper } from './lifecycle';
import { RateLimiter, RateLimitOptions } from './http/ratelimit';
import { writeStateFile } from './persist';
import { State } from './state';
import type { WorldFile } from './world';

export interface Stats {
  total: number;
  not_modified: number;
  by_route: Record<string, number>;
  by_status: Record<string, number>;
  /** Requests that hit a bug of the sandbox (answered 400, never 5xx); tests expect 0. */
  internal_errors: number;
}

const freshStats = (): Stats => ({ total: 0, not_modified: 0, by_route: {}, by_status: {}, internal_errors: 0 });

export class Core {
  state: State;
  stats: Stats = freshStats();
  readonly limiter: RateLimiter;
  private readonly stepper: Stepper;
  private saveTimer: NodeJS.Timeout | undefined;
  private dirty = false;

  constructor(
    readonly initialWorld: WorldFile,
    startWorld: WorldFile,
    readonly statePath: string | undefined,
    stepMs: number,
    rateLimit: RateLimitOptions | undefined,
    readonly onError: (e: unknown) => void,
  ) {
    this.state = new State(startWorld);
    this.limiter = new RateLimiter(rateLimit);
    this.stepper = new Stepper(stepMs, () => this.state, () => this.mutated());
  }

  start(): void {
    if (this.statePath) this.saveNow();
    this.stepper.start();
  }

  /** Something a response could show changed: persist soon (writes are coalesced). */
  mutated(): void {
    this.state.changed();
    if (!this.statePath) return;
    this.dirty = true;
    this.saveTimer ??= setTimeout(() => {
      this.saveTimer = undefined;
      this.saveNow();
    }, 50);
  }

  replaceWorld(world: WorldFile): void {
    this.state = new State(world);
    this.mutated();
  }

  resetStats(): void {
    this.stats = freshStats();
    this.limiter.reset();
  }

  saveNow(): void {
    if (!this.statePath) return;
    this.dirty = false;
    try {
      writeStateFile(this.statePath, this.state.toWorld());
    } catch (e) {
      this.onError(e);
    }
  }

  stop(): void {
    this.stepper.stop();
    if (this.saveTimer) clearTimeout(this.saveTimer);
    this.saveTimer = undefined;
    if (this.dirty || this.statePath) this.saveNow();
  }
}
