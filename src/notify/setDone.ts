// One notification for a set of attempts, when the last of its started attempts is done (finished, failed or timed
// out), instead of one per attempt. Pure: no `vscode`.
import * as l10n from '@vscode/l10n';
import type { AttemptSets } from '../model/attemptSets';
import { attemptsText, countStates, countsText, DONE_STATES } from '../model/attemptSummary';
import { forMessage } from '../safety/serviceText';

export interface SetNews {
  readonly setId: string;
  /** "3 attempts of “X” done: 2 finished, 1 failed." */
  readonly text: string;
  /** The set's name (the prompt's first line, as typed: text) and "3 attempts done: 2 finished, 1 failed", for the
   *  system's notification, which shows a title above a body. */
  readonly name: string;
  readonly body: string;
  /** `info` when every attempt finished, else `warning`. */
  readonly level: 'info' | 'warning';
}

/** What to tell of an attempt that is done: nothing yet (`hold`), or the set's news (once per set and outcome). */
export type SetOutcome = { readonly kind: 'hold' } | { readonly kind: 'news'; readonly news: SetNews };

export class SetDone {
  /** The outcomes told, so that the same set done, seen again, is told once. */
  private readonly told = new Set<string>();

  constructor(
    private readonly sets: Pick<AttemptSets, 'ofTask'>,
    /** A task's state as the model holds it now; undefined when it holds no such task. */
    private readonly stateOf: (taskId: string) => string | undefined,
  ) {}

  /**
   * A task moved to state `to`. Undefined when it is not an attempt of a set started here, or the state does not end
   * it: the task is told of as any task would be. Else the set speaks for it: `hold` while some started attempt is
   * not done (or already told), the news when this was the last.
   */
  consider(taskId: string, to: string): SetOutcome | undefined {
    if (!DONE_STATES.has(to)) return undefined;
    const place = this.sets.ofTask(taskId);
    if (!place) return undefined;
    const { set } = place;
    const states = set.attempts.flatMap(a =>
      a.taskId === undefined ? [] : [a.taskId === taskId ? to : (this.stateOf(a.taskId) ?? '')],
    );
    if (!states.every(s => DONE_STATES.has(s))) return { kind: 'hold' };
    const key = `${set.id}\n${set.attempts.map(a => a.taskId ?? '').join(',')}\n${states.join(',')}`;
    if (this.told.has(key)) return { kind: 'hold' };
    this.told.add(key);
    const counts = countStates(states);
    const name = forMessage(set.name, 200);
    const text = l10n.t('{0} of “{1}” done: {2}.', attemptsText(states.length), name, countsText(counts));
    return {
      kind: 'news',
      news: {
        ...{ setId: set.id, text, name: set.name },
        body: l10n.t('{0} done: {1}', attemptsText(states.length), countsText(counts)),
        level: counts.finished === states.length ? 'info' : 'warning',
      },
    };
  }

  /** Another service or user: what was told belongs to another world. */
  clear(): void {
    this.told.clear();
  }
}
