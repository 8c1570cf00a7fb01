// Whose work a task's changes are, in words: the Changes row, its tooltip, the page, the chat and the questions of
// Apply and Review all say it alike. Names are text from the service: `safe` makes them safe for the surface. Pure:
// no `vscode`.
import type { RoundsInfo } from '../../model/changesView';
import { stateLabel } from '../../shared/taskState';
import { laterInWords } from './readRounds';
import * as l10n from '@vscode/l10n';

/** A few words for the row: "this task's round", or "the branch now, 2 later rounds included". */
export function roundsShort(r: RoundsInfo): string {
  if (r.shown === 'round') return l10n.t("this task's round");
  return r.later.length === 1
    ? l10n.t('the branch now, 1 later round included')
    : l10n.t('the branch now, {0} later rounds included', r.later.length);
}

/** The later rounds, each by its name, state and file count: "“B” (Completed, 3 files), …". */
export function laterList(r: RoundsInfo, safe: (s: string) => string): string {
  return r.later.map(x => laterInWords(x, stateLabel, safe)).join(', ');
}

/** Where this task's round ends, and how sure that is, in one or two sentences; undefined when nothing follows it. */
export function endInWords(r: RoundsInfo, safe: (s: string) => string): string | undefined {
  if (r.shown === 'round') return undefined;
  if (r.unknown !== undefined) return l10n.t("Where this task's round ends cannot be told: {0}.", safe(r.unknown));
  if (r.end === undefined) return undefined;
  const files = r.endFiles === 1 ? l10n.t('1 file') : l10n.t('{0} files', r.endFiles ?? 0);
  const how =
    r.how === 'recorded'
      ? l10n.t('as recorded when the next round was started here')
      : l10n.t("told from the commits' times");
  const doubt = r.doubt !== undefined ? ` ${l10n.t('Uncertain: {0}.', safe(r.doubt))}` : '';
  return l10n.t("This task's round ends at commit {0} ({1} up to it), {2}.{3}", r.end.slice(0, 7), files, how, doubt);
}

/** Every line the tooltip says of the rounds. */
export function roundsLines(r: RoundsInfo, safe: (s: string) => string): string[] {
  const lines: string[] = [];
  if (r.shown === 'branch')
    lines.push(l10n.t('Shown: the branch now, with the work of later rounds: {0}.', laterList(r, safe)));
  else if (r.earlier > 0)
    lines.push(
      r.earlier === 1
        ? l10n.t("Shown: this task's round, with the 1 earlier round on the branch before it.")
        : l10n.t("Shown: this task's round, with the {0} earlier rounds on the branch before it.", r.earlier),
    );
  const end = endInWords(r, safe);
  if (end) lines.push(end);
  if (r.running !== undefined)
    lines.push(l10n.t('“{0}” is still running: the agent may still write to the branch.', safe(r.running)));
  for (const n of r.notes) lines.push(`${safe(n)}.`);
  return lines;
}
