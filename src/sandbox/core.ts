// Everything one running sandbox holds: its state, the world it started from, statistics, the rate limiter, the
// durable state (state file and journal), the git repositories and the real-time stepper.
import type { Durable } from './durable';
import { DEFAULT_PUSH_LIMIT_BYTES } from './git/push';
import type { GitRepos } from './git/repos';
import { HttpError } from './http/reply';
import { RateLimiter, type RateLimitOptions } from './http/ratelimit';
import { Stepper } from './taskLife';
import type { StateChange } from './records';
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

export interface CoreOptions {
  stepMs: number;
  rateLimit: RateLimitOptions | undefined;
  onError: (e: unknown) => void;
  now: () => number;
  onTaskChange: ((task: { id: string; state: string }) => void) | undefined;
}

const freshStats = (): Stats => ({ total: 0, not_modified: 0, by_route: {}, by_status: {}, internal_errors: 0 });
const DONE = Promise.resolve();

export class Core {
  state: State;
  stats: Stats = freshStats();
  readonly limiter: RateLimiter;
  durable: Durable | undefined;
  git: GitRepos | undefined;
  gitProgram = 'git';
  /** The largest git push taken, in bytes (see git/push). */
  pushLimit = DEFAULT_PUSH_LIMIT_BYTES;
  private readonly stepper: Stepper;

  constructor(
    readonly initialWorld: WorldFile,
    startWorld: WorldFile,
    private readonly o: CoreOptions,
  ) {
    this.state = this.makeState(startWorld);
    this.limiter = new RateLimiter(o.rateLimit);
    this.stepper = new Stepper(
      o.stepMs,
      () => this.state,
      moved => void this.commit({ tasks: moved }).catch(() => undefined),
      o.now,
    );
  }

  get onError(): (e: unknown) => void {
    return this.o.onError;
  }

  now(): number {
    return this.o.now();
  }

  private makeState(world: WorldFile): State {
    const st = new State(world, this.o.now());
    st.onSessionMove = t => this.git?.sessionMoved(st, t);
    return st;
  }

  start(): void {
    this.git?.load(this.state, false);
    this.stepper.start();
  }

  /**
   * Something a response could show changed. Resolves once the change would survive a crash (at once without a
   * state file); a change that cannot be saved is refused with 503.
   */
  commit(c: StateChange): Promise<void> {
    this.state.changed();
    if (this.o.onTaskChange) for (const t of c.tasks ?? []) this.o.onTaskChange({ id: t.id, state: t.state });
    if (!this.durable) return DONE;
    return this.durable.record(c).catch(e => {
      this.o.onError(e);
      throw new HttpError(503, "The change could not be saved to the state file; see the sandbox's log");
    });
  }

  replaceWorld(world: WorldFile): Promise<void> {
    this.state = this.makeState(world);
    this.git?.load(this.state, true);
    return this.commit({ world: true });
  }

  resetStats(): void {
    this.stats = freshStats();
    this.limiter.reset();
  }

  /** Stops the stepper, writes the last snapshot, lets git work finish. */
  async stop(): Promise<void> {
    this.stepper.stop();
    try {
      await this.durable?.close();
    } catch (e) {
      this.o.onError(e);
    }
    await this.git?.close();
  }
}
