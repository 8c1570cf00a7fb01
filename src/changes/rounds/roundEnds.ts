// Where each round of work on one branch ends. Several tasks can work on one branch (a task, then the continuations
// started by Send Feedback or Continue Task); the service gives no commit ids, so a round's end is told from facts:
// the branch tip recorded when the next round was started here (exact, when recorded), and the committer times of
// the commits on the branch's first-parent line against the times the service gives the rounds (second precision).
// The sandbox dates a round's commits from its sessions' times (a start at the session's creation, the last at its
// completion), as an agent's clock would; a service whose agent dates commits otherwise is told apart as well as its
// dates allow, and a commit whose time falls where two rounds overlap leaves the end in doubt, said so. Pure: no
// `vscode`, no git.
import * as l10n from '@vscode/l10n';

/** One round: a task on the branch, with what the service says of its times. */
export interface RoundFacts {
  readonly id: string;
  readonly name: string;
  readonly state: string;
  /** When the round began: its first session's creation (else the task's), ms. */
  readonly startMs: number;
  /** When its last session completed, ms; undefined while it may still write. */
  readonly finishMs?: number;
  /** The branch tip recorded when this round was started here (the end of the rounds before it). */
  readonly tipAtStart?: string;
  /** The service no longer has this task (404): only what the link recorded is known. */
  readonly gone?: boolean;
}

/** A commit of the branch's first-parent line beyond the base, oldest first: its id and committer time (seconds). */
export interface ChainCommit {
  readonly sha: string;
  readonly seconds: number;
}

/** Where a round ends: an index in the chain (-1: at the base, it holds none of the line's commits). */
export type RoundEnd =
  | { readonly known: true; readonly index: number; readonly how: 'recorded' | 'dates'; readonly doubt?: string }
  | { readonly known: false; readonly why: string };

const seconds = (ms: number): number => Math.floor(ms / 1000);
const finishOf = (r: RoundFacts): number => (r.finishMs === undefined ? Infinity : seconds(r.finishMs));

/**
 * The end of each round but the last (whose end is the branch's head), in the order given (rounds ordered by their
 * start). An end found is never before the end of the round before it.
 */
export function roundEnds(
  rounds: readonly RoundFacts[],
  chain: readonly ChainCommit[],
  /** Recorded tips found in the base's history (the branch then held nothing beyond the base). */
  atBase: ReadonlySet<string> = new Set(),
): RoundEnd[] {
  const ends: RoundEnd[] = [];
  let floor = -1;
  let broken: string | undefined;
  for (let i = 0; i + 1 < rounds.length; i++) {
    if (broken) {
      ends.push({ known: false, why: broken });
      continue;
    }
    const end = endBefore(rounds[i], rounds[i + 1], chain, floor, atBase);
    if (!end.known) broken = end.why;
    else floor = end.index;
    ends.push(end);
  }
  return ends;
}

function endBefore(
  mine: RoundFacts,
  next: RoundFacts,
  chain: readonly ChainCommit[],
  floor: number,
  atBase: ReadonlySet<string>,
): RoundEnd {
  let from = floor;
  let how: 'recorded' | 'dates' = 'dates';
  if (next.tipAtStart !== undefined) {
    const tip = next.tipAtStart;
    const at = atBase.has(tip) ? -1 : chain.findIndex(c => c.sha === tip);
    if (at < 0 && !atBase.has(tip))
      return {
        known: false,
        why: l10n.t(
          'the branch was rewritten (force-pushed): the commit it was at when “{0}” started ({1}) is no longer on it',
          next.name,
          tip.slice(0, 12),
        ),
      };
    if (at < floor)
      return {
        known: false,
        why: l10n.t('the commits recorded for the rounds of this branch are out of order (rewritten history)'),
      };
    const late = at >= 0 && chain[at].seconds >= seconds(next.startMs) && chain[at].seconds > finishOf(mine);
    // A tip dated after the next round began and after this one finished was recorded once the next had pushed: the
    // commits' times tell the end instead.
    if (!late) {
      from = at;
      how = 'recorded';
    }
  }
  if (!Number.isFinite(next.startMs) || next.gone) {
    // Without its times, only a tip recorded at its start tells where the rounds before it end.
    if (how === 'recorded') return { known: true, index: from, how };
    return {
      known: false,
      why: next.gone
        ? l10n.t('the service no longer has “{0}”, the round after it, so its commits cannot be told apart', next.name)
        : l10n.t('“{0}”, the round after it, could not be read from the service', next.name),
    };
  }
  // After the recorded tip (or the end before), the commits dated before the next round began are this round's.
  const start = seconds(next.startMs);
  const finish = finishOf(mine);
  let end = from;
  while (end + 1 < chain.length && chain[end + 1].seconds < start) end++;
  const after = chain.slice(end + 1);
  let doubt: string | undefined;
  const first = after[0];
  if (first && first.seconds <= finish)
    doubt =
      mine.finishMs === undefined
        ? l10n.t(
            '“{0}” may still have been writing when “{1}” began: commits from then on are counted as the later round’s',
            mine.name,
            next.name,
          )
        : l10n.t(
            'a commit dated when both “{0}” and “{1}” were running is counted as the later round’s',
            mine.name,
            next.name,
          );
  else if (after.some(c => c.seconds < start))
    doubt = l10n.t('the commit times on the branch are out of order (rewritten or rebased): the end is a guess');
  return { known: true, index: end, how, ...(doubt ? { doubt } : {}) };
}
