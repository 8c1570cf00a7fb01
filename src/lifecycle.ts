// Owning and releasing resources. Pure: no `vscode`, so model code uses it too; `vscode.Disposable` fits it.

export interface Disposable {
  dispose(): void;
}

/** Disposes each, newest first; one that throws does not keep the rest alive. */
export function disposeAll(items: Disposable[]): void {
  for (const d of items.splice(0).reverse()) {
    try {
      d.dispose();
    } catch {
      // Releasing must go on: a failure here has nobody left to tell.
    }
  }
}

export function toDisposable(release: () => void): Disposable {
  return { dispose: release };
}

/**
 * A feature that owns what it creates (emitters, listeners, timers, child features): each is registered once and
 * disposed with it, newest first. Registering after disposal disposes at once.
 */
export abstract class DisposableBase implements Disposable {
  private readonly owned: Disposable[] = [];
  private disposed = false;

  protected register<T extends Disposable>(d: T): T {
    if (this.disposed) d.dispose();
    else this.owned.push(d);
    return d;
  }

  protected get isDisposed(): boolean {
    return this.disposed;
  }

  dispose(): void {
    this.disposed = true;
    disposeAll(this.owned);
  }
}
