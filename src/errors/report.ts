// How a failure is written to the log: in the words the user is told, and, when it is a fault of the extension's own
// (not an answer of the service, not a missing set-up), with its stack, so that it can be found and fixed.
import type { Log } from '../log';
import { readFailure } from './failure';

/** An error of the extension's own: not the service's answer, not a missing set-up (address, token). */
export function isFault(err: unknown): err is Error {
  // By name: dist/commands.js has its own copies of these classes (see commands/bundle.ts).
  return err instanceof Error && !readFailure(err) && err.name !== 'NoServiceError' && err.name !== 'MissingTokenError';
}

/** Logs `said` (what the user is told) and, for a fault, the error with its stack. */
export function logFailure(log: Log, said: string, err: unknown): void {
  log.error(said);
  if (isFault(err)) log.error(err);
}
