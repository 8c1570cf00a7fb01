// Git runs nothing of the user's that a checkout would not: the git we run for ourselves (plumbing on a temporary
// index, fetches into our own refs, reads) runs no hook of the repository — `post-index-change` written for the user's
// index is not run on ours, `reference-transaction` not on our refs. Only a command the user asked for as such (a
// checkout into a new worktree) runs the hooks git runs for it. Pure Node: no `vscode`.
import * as path from 'node:path';

/**
 * A hooks folder that can hold no hook on any system: a path below a file (the program this runs in), which no file
 * system lets exist. Unlike `/dev/null` it is a path on Windows too, and unlike a folder of ours nobody can fill it.
 */
export function noHooksPath(): string {
  return path.join(process.execPath, 'no-hooks');
}

/** git's options (before the command's name) for a run that must start no hook. */
export function noHooks(): string[] {
  return ['-c', `core.hooksPath=${noHooksPath()}`];
}
