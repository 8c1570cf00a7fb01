// The one poller: a setTimeout chain with a fresh AbortSignal per tick. Pure: no `vscode`; time is injected.
import { Emitter } from '../shared/emitter';

export interface Timers {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  now(): number;
  /** In [0, 1): jitter for the backoff. */
  random(): number;
}

/**
 * The longest a tick is put off, whatever the service asked: past setTimeout's range (about 24.8 days) a timer
 * fires at once, and no wait is worth more than an hour of a stale view.
 */
export const MAX_DELAY_MS = 60 * 60_000;
/** The floor of a pace that came unusable (0, negative, NaN): a tick a second at most. */
const MIN_PACE_MS = 1_000;
/**
 * Right after a start and while a task is queued, states move within seconds (queued, then running): the brisk pace
 * sees each of them. Only for a short while: a task that stays queued longer is watched at the quick pace again.
 */
export const BRISK_INTERVAL_MS = 2_000;
export const BRISK_FOR_MS = 30_000;

export const realTimers: Timers = {
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: h => clearTimeout(h as NodeJS.Timeout),
  now: () => Date.now(),
  random: () => Math.random(),
};

export interface PollConditions {
  /** A service and a token are there. */
  signedIn: boolean;
  /** One of the task views is visible. */
  visible: boolean;
  /** The window has focus. */
  focused: boolean;
}

/**
 * brisk: a task was just started or is queued (for a short while); quick: some task is queued or running; slow: all
 * finished; paused: unfocused with nothing running; stopped: signed out, or views hidden with nothing running;
 * backoff: the last tick failed.
 */
export type PollMode = 'brisk' | 'quick' | 'slow' | 'paused' | 'stopped' | 'backoff';

export interface TickResult {
  /** Whether any watched task is queued or running. */
  active: boolean;
  /** Whether any watched task is queued: its next state comes soon. */
  queued?: boolean;
  /** The service asked not to be polled more often than this (x-poll-interval). */
  minIntervalMs?: number;
}

export interface PollerOptions {
  tick(signal: AbortSignal): Promise<TickResult>;
  activeIntervalMs(): number;
  idleIntervalMs(): number;
  /** How long the service asked us to wait after this error (Retry-After, rate-limit reset), if it did. */
  waitHintMs?(error: unknown): number | undefined;
  maxBackoffMs?: number;
  /** The brisk pace and how long it lasts (BRISK_INTERVAL_MS, BRISK_FOR_MS). */
  briskIntervalMs?: number;
  briskForMs?: number;
  timers?: Timers;
}

export class Poller {
  private readonly timers: Timers;
  private conditions: PollConditions = { signedIn: false, visible: false, focused: true };
  private active = false;
  private failures = 0;
  private waitHint = 0;
  private minInterval = 0;
  private lastTickAt = Number.NEGATIVE_INFINITY;
  private timer: unknown;
  private dueAt = 0;
  private inFlight: Promise<void> | undefined;
  private controller: AbortController | undefined;
  private rerun = false;
  /** Counts markActive() calls, so a tick that began before one cannot declare everything finished. */
  private marks = 0;
  /** When the brisk pace began (a start, or a queued task first seen), while it lasts. */
  private briskSince: number | undefined;
  private disposed = false;
  private readonly modeChanged = new Emitter<PollMode>();
  readonly onDidChangeMode = this.modeChanged.event;
  private lastMode: PollMode = 'stopped';
  /** Errors of the last tick, for the views; cleared by a good tick. */
  lastError: unknown;

  constructor(private readonly options: PollerOptions) {
    this.timers = options.timers ?? realTimers;
  }

  get mode(): PollMode {
    const c = this.conditions;
    // Until the first tick nothing is known about running tasks, so a hidden or unfocused window still looks once
    // (the status bar and the notifications depend on it).
    const known = Number.isFinite(this.lastTickAt);
    if (!c.signedIn || (!c.visible && !this.active && known)) return 'stopped';
    if (!c.focused && !this.active && known) return 'paused';
    if (this.failures > 0) return 'backoff';
    if (this.brisk()) return 'brisk';
    return this.active ? 'quick' : 'slow';
  }

  private brisk(): boolean {
    const since = this.briskSince;
    return since !== undefined && this.timers.now() - since < (this.options.briskForMs ?? BRISK_FOR_MS);
  }

  get consecutiveFailures(): number {
    return this.failures;
  }

  /** When the next tick is due (timer clock), or undefined when none is scheduled. */
  get nextTickAt(): number | undefined {
    return this.timer === undefined ? undefined : this.dueAt;
  }

  update(change: Partial<PollConditions>): void {
    this.conditions = { ...this.conditions, ...change };
    this.schedule();
  }

  /** A task started or the user pressed Refresh: poll now, whatever the mode, and resume the normal pace. */
  trigger(): Promise<void> {
    // Signed out there is nothing to ask for: a request would only be refused.
    if (this.disposed || !this.conditions.signedIn) return Promise.resolve();
    if (this.inFlight) {
      this.rerun = true;
      return this.inFlight;
    }
    this.failures = 0;
    this.waitHint = 0;
    return this.run();
  }

  /** A task was just started: it is queued, and its next states come soon, so the pace is brisk for a while. */
  markActive(): void {
    this.active = true;
    this.marks++;
    this.briskSince = this.timers.now();
    this.schedule();
  }

  private run(): Promise<void> {
    this.clear();
    const controller = new AbortController();
    this.controller = controller;
    this.lastTickAt = this.timers.now();
    const marksAtStart = this.marks;
    this.inFlight = (async () => {
      try {
        const result = await this.options.tick(controller.signal);
        const marked = this.marks !== marksAtStart;
        this.active = result.active || marked;
        // Brisk from the first sight of a queued task until none is queued (or its while is over); a start made
        // during this tick keeps the while it began.
        if (!result.queued && !marked) this.briskSince = undefined;
        else if (result.queued) this.briskSince ??= this.timers.now();
        this.minInterval = result.minIntervalMs ?? 0;
        this.failures = 0;
        this.waitHint = 0;
        this.lastError = undefined;
      } catch (err) {
        if (controller.signal.aborted) return;
        this.failures++;
        this.waitHint = this.options.waitHintMs?.(err) ?? 0;
        this.lastError = err;
      } finally {
        if (this.controller === controller) this.controller = undefined;
      }
    })().then(() => {
      // Cleared only here, after the rerun decision, so a trigger() in between joins this tick instead of
      // starting a second one beside it.
      this.inFlight = undefined;
      if (this.disposed) return undefined;
      if (this.rerun) {
        // Chained, so whoever asked for the extra tick waits for it.
        this.rerun = false;
        return this.run();
      }
      this.schedule();
      return undefined;
    });
    return this.inFlight;
  }

  /**
   * The delay the current mode asks for; backoff doubles from the quick interval with ±20% jitter. Never below
   * the configured quick pace (the brisk one while it lasts) nor what the service asked for, never above
   * MAX_DELAY_MS; a wait asked for that is not a number is ignored.
   */
  delayMs(): number {
    const mode = this.mode;
    const quick = pace(this.options.activeIntervalMs());
    let delay: number;
    if (mode === 'backoff') {
      const max = pace(this.options.maxBackoffMs ?? 5 * 60_000);
      const base = Math.min(max, quick * 2 ** Math.min(this.failures - 1, 20));
      delay = Math.min(max, base * (0.8 + 0.4 * this.timers.random()));
      delay = Math.max(delay, wait(this.waitHint));
    } else if (mode === 'brisk') {
      delay = Math.min(quick, pace(this.options.briskIntervalMs ?? BRISK_INTERVAL_MS));
    } else {
      delay = mode === 'quick' ? quick : pace(this.options.idleIntervalMs());
    }
    // What the service asked for (x-poll-interval) and what the rate limit allows hold in every mode.
    return Math.min(MAX_DELAY_MS, Math.max(delay, wait(this.minInterval), mode === 'brisk' ? delay : quick));
  }

  private schedule(): void {
    if (this.disposed) return;
    const mode = this.mode;
    if (mode !== this.lastMode) {
      this.lastMode = mode;
      this.modeChanged.fire(mode);
    }
    if (this.inFlight) return;
    this.clear();
    if (mode === 'stopped' || mode === 'paused') return;
    const wait = Math.max(0, this.lastTickAt + this.delayMs() - this.timers.now());
    this.dueAt = this.timers.now() + wait;
    this.timer = this.timers.setTimeout(() => {
      this.timer = undefined;
      void this.run();
    }, wait);
  }

  private clear(): void {
    if (this.timer !== undefined) this.timers.clearTimeout(this.timer);
    this.timer = undefined;
  }

  dispose(): void {
    this.disposed = true;
    this.clear();
    this.controller?.abort();
    this.modeChanged.dispose();
  }
}

/** A configured interval, within [MIN_PACE_MS, MAX_DELAY_MS]. */
function pace(ms: number): number {
  return Number.isFinite(ms) ? Math.min(MAX_DELAY_MS, Math.max(MIN_PACE_MS, ms)) : MIN_PACE_MS;
}

/** A wait asked for: 0 unless it is a positive number (an infinite one is cut by the caller's bound). */
function wait(ms: number | undefined): number {
  return typeof ms === 'number' && ms > 0 ? ms : 0;
}
