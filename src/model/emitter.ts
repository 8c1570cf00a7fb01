// A minimal event emitter with the shape of vscode's `Event`, so model code runs in plain Node.

export interface Disposable {
  dispose(): void;
}
export type Listener<T> = (e: T) => void;
export type Event<T> = (listener: Listener<T>) => Disposable;

export class Emitter<T> implements Disposable {
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
