// What a task's picture says of the set of attempts it belongs to, when this workspace started it as one. Pure: no
// `vscode`.
import type { AttemptPlace } from './attemptSets';

/** Another attempt of the same set. */
export interface SiblingAttempt {
  /** 0-based; the user sees `index + 1`. */
  readonly index: number;
  /** The model asked for ('' when the service chose). */
  readonly model: string;
  /** Its task, once its start succeeded. */
  readonly taskId?: string;
}

export interface AttemptFact {
  readonly setId: string;
  /** The set's name: the prompt's first line (text someone typed: shown as text). */
  readonly setName: string;
  /** 0-based; the user sees `index + 1`. */
  readonly index: number;
  /** How many attempts the set holds. */
  readonly count: number;
  readonly model: string;
  /** The set's other attempts, in order. */
  readonly siblings: readonly SiblingAttempt[];
  /** Set aside (the attempt or its whole set): hidden from the views here unless they show what was set aside. */
  readonly aside: boolean;
}

export function attemptFact(place: AttemptPlace): AttemptFact {
  const { set, index } = place;
  const self = set.attempts[index];
  return Object.freeze({
    setId: set.id,
    setName: set.name,
    index,
    count: set.attempts.length,
    model: self.model,
    siblings: Object.freeze(
      set.attempts.flatMap((a, i) =>
        i === index ? [] : [Object.freeze({ index: i, model: a.model, ...(a.taskId ? { taskId: a.taskId } : {}) })],
      ),
    ),
    aside: set.aside === true || self.aside === true,
  });
}
