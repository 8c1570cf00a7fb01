// Waiting for a state without polling: the condition is read again at each event, and the wait has a bound. No
// `vscode`.
import type { Event } from './emitter';

/**
 * Resolves once `settled()` holds (read now, and again at each of `events`) or `maxMs` have passed, whichever comes
 * first. Never rejects: the caller reads the state itself afterwards.
 */
export function untilSettled(settled: () => boolean, events: Array<Event<unknown>>, maxMs: number): Promise<void> {
  if (settled()) return Promise.resolve();
  return new Promise(resolve => {
    const subscriptions = events.map(e => e(() => settled() && done()));
    const timer = setTimeout(done, maxMs);
    function done(): void {
      clearTimeout(timer);
      for (const s of subscriptions) s.dispose();
      resolve();
    }
  });
}
