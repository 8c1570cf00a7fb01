// An attempt's place in its set on the task page: which attempt of how many, and its siblings, each a button that
// opens its own page. Pure: no `vscode`; every word from the service or a prompt goes through forHtml.
import * as l10n from '@vscode/l10n';
import { COMMANDS } from '../ids';
import { attemptLabel } from '../model/attemptSummary';
import { forHtml, plainName } from '../safety/serviceText';
import type { AttemptFact } from '../model/attemptFact';
import type { TaskPicture } from '../model/taskPicture';

export interface PageSibling {
  readonly index: number;
  readonly model: string;
  /** Its task, once started; without one it is not a link. */
  readonly taskId?: string;
  /** Its state in the user's words, when the model holds its task. */
  readonly state?: string;
}

export interface PageAttempt {
  readonly index: number;
  readonly count: number;
  readonly model: string;
  /** The set's name (the prompt's first line). */
  readonly setName: string;
  readonly siblings: readonly PageSibling[];
  /** The set's id: Compare Attempts on the page compares this set. */
  readonly setId?: string;
  /** Whether the page offers Compare Attempts (it needs git, and two attempts started). */
  readonly compare?: boolean;
}

/** The siblings that are links, in the order their buttons are numbered (`data-sibling`). */
function siblingLinks(a: Pick<PageAttempt, 'siblings'> | undefined): string[] {
  return (a?.siblings ?? []).flatMap(s => (s.taskId === undefined ? [] : [s.taskId]));
}

/** What the page shows of a task's place in its set: its siblings' states as the model holds them. */
export function pageAttempt(
  a: AttemptFact | undefined,
  pictureOf: (id: string) => TaskPicture | undefined,
  stateLabel: (state: string) => string,
  /** Whether Compare Attempts may be offered at all (git runs here, the task is there). */
  canCompare = true,
): PageAttempt | undefined {
  if (!a) return undefined;
  const siblings = a.siblings.map(s => {
    const t = s.taskId === undefined ? undefined : pictureOf(s.taskId)?.task;
    return { ...s, ...(t ? { state: stateLabel(String(t.state)) } : {}) };
  });
  const started = a.siblings.filter(s => s.taskId !== undefined).length + 1;
  return {
    index: a.index,
    count: a.count,
    model: a.model,
    setName: a.setName,
    siblings,
    setId: a.setId,
    compare: canCompare && started > 1,
  };
}

/** The message the page's Compare Attempts button sends. */
export const COMPARE_MESSAGE = 'compareAttempts';

export function attemptHtml(a: PageAttempt | undefined): string {
  if (!a) return '';
  const head = l10n.t(
    'Attempt {0} of {1} of “{2}” · {3}',
    a.index + 1,
    a.count,
    plainName(a.setName),
    a.model || l10n.t('any model'),
  );
  let link = 0;
  const items = a.siblings.map(s => {
    const label = attemptLabel(s.index, s.model);
    const text = s.state ? `${label} (${s.state})` : label;
    if (s.taskId === undefined) return `<li>${forHtml(l10n.t('{0}: not started', label))}</li>`;
    return `<li><button type="button" class="link" data-sibling="${link++}">${forHtml(text)}</button></li>`;
  });
  return (
    `<section class="attempt" aria-label="${forHtml(l10n.t('Attempts'))}">` +
    `<p dir="auto">${forHtml(head)}</p>` +
    `<p>${forHtml(l10n.t('Other attempts:'))}</p><ul class="siblings">${items.join('')}</ul>` +
    (a.compare
      ? `<p><button type="button" data-action="${COMPARE_MESSAGE}">${forHtml(l10n.t('Compare Attempts'))}</button></p>`
      : '') +
    `</section>`
  );
}

/** The set to compare when the page's Compare Attempts was pressed ({command: 'compareAttempts'} only). */
export function compareOfMessage(
  message: unknown,
  attempt: Pick<PageAttempt, 'setId' | 'compare'> | undefined,
): string | undefined {
  if (!attempt?.compare || typeof message !== 'object' || message === null || Array.isArray(message)) return undefined;
  const m = message as Record<string, unknown>;
  return Object.keys(m).length === 1 && m.command === COMPARE_MESSAGE ? attempt.setId : undefined;
}

/** What a message from the attempts section asks: another attempt's page (Show Task Details), or Compare Attempts. */
export function attemptAsk(
  message: unknown,
  attempt: PageAttempt | undefined,
  pictureOf: (id: string) => TaskPicture | undefined,
): [string, unknown] | undefined {
  const sibling = siblingTask(message, attempt, pictureOf);
  if (sibling) return [COMMANDS.showTaskDetails, sibling];
  const set = compareOfMessage(message, attempt);
  return set === undefined ? undefined : [COMMANDS.compareAttempts, set];
}

/** The task a message from the page names among the siblings (`{id, state}` when the model does not hold it). */
export function siblingTask(
  message: unknown,
  attempt: Pick<PageAttempt, 'siblings'> | undefined,
  pictureOf: (id: string) => TaskPicture | undefined,
): { id: string; state: unknown } | undefined {
  const id = siblingOfMessage(message, attempt);
  return id === undefined ? undefined : (pictureOf(id)?.task ?? { id, state: '' });
}

/** The sibling a message from the page names ({command: 'openSibling', sibling: n}), among the links drawn. */
export function siblingOfMessage(
  message: unknown,
  attempt: Pick<PageAttempt, 'siblings'> | undefined,
): string | undefined {
  const links = siblingLinks(attempt);
  if (typeof message !== 'object' || message === null || Array.isArray(message)) return undefined;
  const m = message as Record<string, unknown>;
  if (Object.keys(m).length !== 2 || m.command !== 'openSibling') return undefined;
  const i = m.sibling;
  return typeof i === 'number' && Number.isInteger(i) && i >= 0 && i < links.length ? links[i] : undefined;
}
