// A task's rounds read for its Changes: the facts (handed in by the feature, which knows the tasks and links) and the
// refs, turned into what the view says. A failure to read them leaves the view without rounds and is logged: what
// is shown is then the branch as it is, said as such by the absence of a round. No `vscode`.
import type { GitRunner } from '../../git/gitRunner';
import type { Log } from '../../log';
import type { ChangesView, RoundsInfo } from '../../model/changesView';
import type { RoundFactsFound } from './roundFacts';
import { readRounds } from './readRounds';

export interface RoundsSource {
  /**
   * The rounds on the task's branch `head`. `wide`: also read the tasks of its repository begun after it whose
   * sessions are not known (an action is about to use the changes); else only what is known and the linked tasks.
   */
  facts(taskId: string, head: string, wide: boolean): Promise<RoundFactsFound | undefined>;
}

export async function roundsOfTask(
  git: GitRunner,
  source: RoundsSource | undefined,
  log: Log,
  at: { taskId: string; head: string; root: string; base: string; headSha: string },
  wide = false,
): Promise<RoundsInfo | undefined> {
  if (!source) return undefined;
  try {
    const found = await source.facts(at.taskId, at.head, wide);
    if (!found || (found.rounds.length < 2 && !found.notes.length)) return undefined;
    return await readRounds(git, at.root, { base: at.base, head: at.headSha }, found);
  } catch (err) {
    log.warn(`rounds of task ${at.taskId}: ${err instanceof Error ? err.message : String(err)}`);
    return undefined;
  }
}

/** Whether two readings say the same (the view is shown again only when they differ). */
export const sameRounds = (a: RoundsInfo | undefined, b: RoundsInfo | undefined): boolean =>
  JSON.stringify(a) === JSON.stringify(b);

type Ready = Extract<ChangesView, { kind: 'ready' }>;

/** Where a ready view's rounds are read. */
export const roundsAt = (taskId: string, v: Ready) => ({
  taskId,
  head: v.head,
  root: v.root,
  base: v.baseSha,
  headSha: v.headSha,
});

/** The view with these rounds: the same object when they say the same. */
export function withRoundsInfo(v: Ready, rounds: RoundsInfo | undefined): Ready {
  if (sameRounds(rounds, v.rounds)) return v;
  const { rounds: _, ...rest } = v;
  return rounds ? { ...rest, rounds } : rest;
}
