// What the client did not take as the service sent it, for a log: an item or field it could not read, a wait it
// cut to an hour, a header it could not read. Each distinct warning is said once per client, so a bad item that
// comes back at every poll makes one line, not one a minute.

/** One warning; `path` and `message` hold no token. */
export interface ApiWarning {
  /** `data`: a field or item of an answer; `wait`: a header asking for a wait. */
  kind: 'data' | 'wait';
  method: string;
  /** Path and query of the request, without origin. */
  path: string;
  message: string;
}

const MEMORY = 1000;

export class Warnings {
  private readonly said = new Set<string>();

  constructor(private readonly sink: ((w: ApiWarning) => void) | undefined) {}

  /** Tells the sink, unless a warning with this key was told before. */
  say(key: string, warning: ApiWarning): void {
    if (!this.sink || this.said.has(key)) return;
    if (this.said.size >= MEMORY) this.said.clear();
    this.said.add(key);
    try {
      this.sink(warning);
    } catch {
      // A failing log callback must not fail the request.
    }
  }
}
