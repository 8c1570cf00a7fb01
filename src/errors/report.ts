// How a failure is written to the log: in the words the user is told, and, when it is a fault of the extension's own
// (not an answer of the service, not a missing set-up), with its stack, so that it can be found and fixed.
import type { Log } from '../log';
import { readFailure } from './failure';
import { MissingTokenError } from './installationErrors';
import { NoServiceError } from './userErrors';

/** An error of the extension's own: not the service's answer, not a missing set-up (address, token). */
export function isFault(err: unknown): err is Error {
  if (err instanceof NoServiceError || err instanceof MissingTokenError) return false;
  return err instanceof Error && !readFailure(err);
}

/** Logs `said` (what the user is told) and, for a fault, the error with its stack. */
export function logFailure(log: Log, said: string, err: unknown): void {
  log.error(said);
  if (isFault(err)) log.error(err);
}
