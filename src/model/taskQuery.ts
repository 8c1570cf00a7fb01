// What is typed into Go to Task: words that must all be found in a task's name, prompt or id, and the tokens
// `state:<s>`, `repo:<owner/name>` and `mine` that narrow the tasks first. Pure: no `vscode`.
import { TASK_STATES } from '../api/types';

export interface TaskQuery {
  /** Lower-cased words, each to be found somewhere in the task's text. */
  words: string[];
  /** The states asked for (any of them); empty: every state. */
  states: string[];
  /** `state:` values that name no state: said, rather than matching nothing in silence. */
  unknownStates: string[];
  /** Lower-cased parts of `owner/name` (any of them): `repo:acme` finds every acme repository. */
  repos: string[];
  mine: boolean;
}

/** The words the views use for two states, so `state:running` finds what the views call Running. */
const ALIASES: Record<string, string> = { running: 'in_progress', waiting: 'waiting_for_user' };

/** The states a `state:` value names: a state, an alias, or the start of either (`state:fail`). */
export function statesNamed(value: string): string[] {
  const v = value.toLowerCase().replace(/[\s-]/g, '_');
  if (!v) return [];
  const exact = (TASK_STATES as readonly string[]).includes(v) ? v : ALIASES[v];
  if (exact) return [exact];
  const found = new Set<string>();
  for (const s of TASK_STATES) if (s.startsWith(v)) found.add(s);
  for (const [alias, s] of Object.entries(ALIASES)) if (alias.startsWith(v)) found.add(s);
  return [...found];
}

export function parseTaskQuery(text: string): TaskQuery {
  const q: TaskQuery = { words: [], states: [], unknownStates: [], repos: [], mine: false };
  for (const part of text.trim().split(/\s+/)) {
    if (!part) continue;
    const token = /^(state|repo):(.*)$/i.exec(part);
    if (token && token[1].toLowerCase() === 'state') {
      if (!token[2]) continue; // still being typed
      const named = statesNamed(token[2]);
      if (named.length) q.states.push(...named.filter(s => !q.states.includes(s)));
      else q.unknownStates.push(token[2]);
    } else if (token) {
      if (token[2]) q.repos.push(token[2].toLowerCase());
    } else if (part.toLowerCase() === 'mine') q.mine = true;
    else q.words.push(part.toLowerCase());
  }
  return q;
}

/** What a task offers to the query: its state, repository label, whether it is the user's, and its text. */
export interface Searchable {
  state: string;
  /** `owner/name`, or "repository 5003" while no answer has named it. */
  repo: string | undefined;
  mine: boolean;
  /** Name, prompts and id, lower-cased and joined (made once per task version, not per keystroke). */
  text: string;
}

export function matches(q: TaskQuery, t: Searchable): boolean {
  if (q.unknownStates.length) return false;
  if (q.states.length && !q.states.includes(t.state)) return false;
  if (q.mine && !t.mine) return false;
  if (q.repos.length) {
    const repo = (t.repo ?? '').toLowerCase();
    if (!q.repos.some(r => repo.includes(r))) return false;
  }
  return q.words.every(w => t.text.includes(w));
}

/** The text a task is searched by: what the user may remember of it. */
export function searchText(parts: (string | undefined)[]): string {
  return parts
    .filter((p): p is string => typeof p === 'string' && p.length > 0)
    .join('\n')
    .toLowerCase();
}
