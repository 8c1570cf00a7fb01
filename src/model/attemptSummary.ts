// How the attempts of a set stand, counted by what the user cares about: finished, failed (or timed out), waiting
// for them, still running. Pure: no `vscode`.
import * as l10n from '@vscode/l10n';

export interface AttemptCounts {
  readonly finished: number;
  readonly failed: number;
  readonly timedOut: number;
  readonly waiting: number;
  /** Queued or running. */
  readonly running: number;
}

/** The states that end an attempt: the set is done when each of its started attempts is in one of them. */
export const DONE_STATES: ReadonlySet<string> = new Set(['completed', 'failed', 'timed_out']);

export function countStates(states: readonly string[]): AttemptCounts {
  const n = (f: (s: string) => boolean) => states.filter(f).length;
  return {
    finished: n(s => s === 'completed'),
    failed: n(s => s === 'failed'),
    timedOut: n(s => s === 'timed_out'),
    waiting: n(s => s === 'waiting_for_user'),
    running: n(s => s === 'queued' || s === 'in_progress'),
  };
}

/** "2 finished, 1 failed": the counts that are not zero, in a fixed order. */
export function countsText(c: AttemptCounts): string {
  const parts = [
    c.finished && l10n.t('{0} finished', c.finished),
    c.failed && l10n.t('{0} failed', c.failed),
    c.timedOut && l10n.t('{0} timed out', c.timedOut),
    c.waiting && l10n.t('{0} waiting for you', c.waiting),
    c.running && l10n.t('{0} running', c.running),
  ].filter((p): p is string => typeof p === 'string');
  return parts.join(', ');
}

/** "3 attempts" / "1 attempt". */
export function attemptsText(n: number): string {
  return n === 1 ? l10n.t('1 attempt') : l10n.t('{0} attempts', n);
}

/** "Attempt 2 · gpt-5" (the model as the user chose it; "any model" when the service chose). */
export function attemptLabel(index: number, model: string): string {
  return l10n.t('Attempt {0} · {1}', index + 1, model || l10n.t('any model'));
}
