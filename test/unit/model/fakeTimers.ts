import type { Timers } from '../../../src/model/poller';

/** A manual clock: timers fire only when the test advances time. */
export class FakeTimers implements Timers {
  private t = 0;
  private seq = 0;
  private pending = new Map<number, { at: number; fn: () => void }>();
  randomValue = 0.5;

  now(): number {
    return this.t;
  }
  random(): number {
    return this.randomValue;
  }
  setTimeout(fn: () => void, ms: number): unknown {
    const id = ++this.seq;
    this.pending.set(id, { at: this.t + ms, fn });
    return id;
  }
  clearTimeout(handle: unknown): void {
    this.pending.delete(handle as number);
  }
  get scheduled(): number[] {
    return [...this.pending.values()].map(p => p.at - this.t);
  }
  /** Moves time forward, firing due timers in order and letting promise chains settle after each. */
  async advance(ms: number): Promise<void> {
    const end = this.t + ms;
    for (;;) {
      await settle();
      const next = [...this.pending.entries()].sort((a, b) => a[1].at - b[1].at)[0];
      if (!next || next[1].at > end) break;
      this.t = next[1].at;
      this.pending.delete(next[0]);
      next[1].fn();
    }
    this.t = end;
    await settle();
  }
}

export async function settle(): Promise<void> {
  for (let i = 0; i < 20; i++) await Promise.resolve();
}
