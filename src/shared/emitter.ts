// The one event emitter: the shape of vscode's `Event`, so that model code runs in plain Node and views can hand
// these events to VS Code (a tree's `onDidChangeTreeData`) as they are.
import type { Disposable } from '../lifecycle';

export type Listener<T> = (e: T) => void;
export type Event<T> = (listener: Listener<T>) => Disposable;

/** Where a listener's failure is told: the extension's log once it is set up, the host's console before. */
let report: ((err: unknown) => void) | undefined;
// eslint-disable-next-line no-console -- before the log exists, the host's console is the only place to tell it
const toConsole = (e: unknown): void => console.error('[agent-tasks] an event listener failed:', e);
const reportFailure = (err: unknown): void => (report ?? toConsole)(err);

/** Sets where a listener's failure is told (undefined: the console again). */
export function reportListenerFailuresTo(to: ((err: unknown) => void) | undefined): void {
  report = to;
}

export class Emitter<T = void> implements Disposable {
  private listeners = new Set<Listener<T>>();

  readonly event: Event<T> = listener => {
    this.listeners.add(listener);
    return { dispose: () => this.listeners.delete(listener) };
  };

  fire(e: T): void {
    for (const l of [...this.listeners]) {
      try {
        l(e);
      } catch (err) {
        // One listener's failure must not starve the others; it is told, not swallowed.
        try {
          reportFailure(err);
        } catch {
          // a report that fails has nowhere else to go
        }
      }
    }
  }

  dispose(): void {
    this.listeners.clear();
  }
}
