// The one event emitter: the shape of vscode's `Event`, so that model code runs in plain Node and views can hand
// these events to VS Code (a tree's `onDidChangeTreeData`) as they are.
import type { Disposable } from '../lifecycle';

export type Listener<T> = (e: T) => void;
export type Event<T> = (listener: Listener<T>) => Disposable;

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
      } catch {
        // One listener's failure must not starve the others.
      }
    }
  }

  dispose(): void {
    this.listeners.clear();
  }
}
