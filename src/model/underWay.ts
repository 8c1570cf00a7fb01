// "Join the request under way": a second ask for the same thing while the first is running gets the first's answer
// instead of sending again. Pure.

export class UnderWay<T> {
  private readonly running = new Map<string, Promise<T>>();

  /** The run of `key` under way, or a new one from `start`; forgotten as soon as it settles. */
  join(key: string, start: () => Promise<T>): Promise<T> {
    const current = this.running.get(key);
    if (current) return current;
    const p = start().finally(() => {
      if (this.running.get(key) === p) this.running.delete(key);
    });
    this.running.set(key, p);
    return p;
  }

  has(key: string): boolean {
    return this.running.has(key);
  }

  /** Lets later asks start afresh (what is under way belongs to a world that was reset); it still runs to its end. */
  forget(matches: (key: string) => boolean = () => true): void {
    for (const key of [...this.running.keys()]) if (matches(key)) this.running.delete(key);
  }
}
