// Whether the last poll reached the service, and what it failed with: kept as the error itself, so each surface
// explains it in its own words (and the log gets its stack). No `vscode`.
import { statusOf } from '../errors/failure';
import { isFault } from '../errors/report';
import { explain } from '../errors/userErrors';
import type { Log } from '../log';

/** Whether the last poll reached the service, and if not, what it said (chooses the welcome content). */
export type Reachable = 'unknown' | 'yes' | 'no' | 'unauthorized' | 'forbidden';

export class PollOutcome {
  reachable: Reachable = 'unknown';
  /** What the last poll failed with, until a poll goes well again. */
  problem: unknown;

  constructor(private readonly log: Log) {}

  reset(): void {
    this.reachable = 'unknown';
    this.problem = undefined;
  }

  /** Notes how a poll ended (undefined: well); true when what the user is shown changes. */
  note(err: unknown, signedIn: boolean): boolean {
    const before = this.reachable;
    const said = this.problem;
    if (err === undefined) {
      this.reachable = signedIn ? 'yes' : 'unknown';
      this.problem = undefined;
    } else {
      const status = statusOf(err);
      this.reachable = status === 401 ? 'unauthorized' : status === 403 ? 'forbidden' : 'no';
      this.problem = err;
      this.log.warn(`refresh failed: ${explain(err).text}`);
      if (isFault(err)) this.log.error(err);
    }
    return before !== this.reachable || !sameProblem(said, this.problem);
  }
}

/** Two failures the user would be told apart: another status or another message. */
function sameProblem(a: unknown, b: unknown): boolean {
  return a === b || (statusOf(a) === statusOf(b) && String((a as Error)?.message) === String((b as Error)?.message));
}
