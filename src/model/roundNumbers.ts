// The rounds of one piece of work: a task and the tasks that continue it on its branch (ContinuationLinks, followed
// from each task to the one it continues, up to the first). Each gets its number on that work, counted in the order
// this workspace started them (the first task is round 1), and the number of rounds known. Only what this workspace
// recorded is known: a task continued nowhere here has no round. A link that points at its own task or would close
// a loop is damaged, and left out. Pure: no `vscode`.
import * as l10n from '@vscode/l10n';
import { plainName } from '../safety/serviceText';
import { plainLine } from '../shared/text';

/** A link as ContinuationLinks lists it: `task` continues the task `id`, which was named `name` then. */
export interface RoundLink {
  readonly task: string;
  readonly id: string;
  readonly name: string;
}

export interface Round {
  /** This task's round on the work, from 1 (the first task). */
  readonly n: number;
  /** How many rounds of the work this workspace knows. */
  readonly of: number;
  /** The work's first task: its id, and its name as the link that continued it kept it. */
  readonly first: { readonly id: string; readonly name: string };
  /** Every task of the work, in round order (the first task first). */
  readonly ids: readonly string[];
}

/** Every task that is a round of some work of two rounds or more, with its round. */
export function roundNumbers(links: readonly RoundLink[]): Map<string, Round> {
  const parent = new Map<string, RoundLink>();
  const order: string[] = [];
  const rootOf = (id: string): string => {
    // Bounded by the links kept: every accepted link makes the chain longer by one and never closes a loop.
    let at = id;
    for (let up = parent.get(at); up; up = parent.get(at)) at = up.id;
    return at;
  };
  for (const l of links) {
    if (!l.task || !l.id || l.task === l.id || parent.has(l.task)) continue;
    // A link whose continued task leads back to this one would close a loop.
    if (rootOf(l.id) === l.task) continue;
    parent.set(l.task, l);
    order.push(l.task);
  }
  const works = new Map<string, { ids: string[]; name: string }>();
  for (const task of order) {
    const root = rootOf(task);
    let work = works.get(root);
    if (!work) {
      work = { ids: [root], name: '' };
      works.set(root, work);
    }
    work.ids.push(task);
    const up = parent.get(task)!;
    if (up.id === root && !work.name) work.name = up.name;
  }
  const out = new Map<string, Round>();
  for (const [root, work] of works) {
    const ids = Object.freeze(work.ids);
    const first = Object.freeze({ id: root, name: work.name || root });
    ids.forEach((id, i) => out.set(id, Object.freeze({ n: i + 1, of: ids.length, first, ids })));
  }
  return out;
}

/** The round a new task that continues `task` would be, and the name of the work's first task. */
export function nextRound(
  task: { id: string; name?: string },
  round: Round | undefined,
): { n: number; firstName: string } {
  return round ? { n: round.of + 1, firstName: round.first.name } : { n: 2, firstName: task.name || task.id };
}

/** "round 2 of 3", as a row, a pick or a title says it. */
export function roundText(round: Pick<Round, 'n' | 'of'>): string {
  return l10n.t('round {0} of {1}', round.n, round.of);
}

/** Longest first task's name in a round's line: the service cuts a name short, and the round's number comes first. */
const FIRST_NAME_MAX = 48;
/** Longest part after the name (a comment's words, the prompt's first line). */
const SUMMARY_MAX = 80;

/**
 * The first line of a round's prompt, which the service makes the task's name: `Round 2 of “first task”: what it
 * asks`. Plain text on one line, of bounded length, whatever the name (text from the service) or the summary holds.
 */
export function roundLine(n: number, firstName: string, summary: string): string {
  const name = plainLine(plainName(firstName), FIRST_NAME_MAX) || l10n.t('a task');
  // A line that names a round already (a draft written before another round started) is not named twice.
  const what = plainLine(
    plainName(summary).replace(/^\s*Round \d+ of \u201c[^\u201d]*\u201d(?::\s*|$)/, ''),
    SUMMARY_MAX,
  );
  return what ? l10n.t('Round {0} of “{1}”: {2}', n, name, what) : l10n.t('Round {0} of “{1}”', n, name);
}

/** A name as the service would compare: its words, lower case, without the ellipsis of a name it cut. */
function nameKey(name: string): string {
  return plainLine(plainName(name), 1000)
    .replace(/\u2026$/, '')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();
}

/**
 * Whether a prompt would name its task as one of `names` does: its first line is the same as one of them, or starts
 * with a name the service cut short. An empty first line names it nothing anyone can tell apart.
 */
export function namedLike(prompt: string, names: readonly string[]): boolean {
  const line = nameKey(prompt.trim().split(/\r?\n/, 1)[0] ?? '');
  if (!line) return names.length > 0;
  return names.some(n => {
    const key = nameKey(n);
    if (!key) return false;
    // A name the service cut short (with an ellipsis, or at a length where names are cut) is the start of the line.
    return key === line || (line.startsWith(key) && (/\u2026\s*$/.test(n) || key.length >= 40));
  });
}
