// Before an action uses a task's changes (Apply, Review): when later rounds moved its branch, it says so, each round by
// its name, state and file count, and asks which to use, the branch as it is or up to this task's round; while a
// round on the branch is still running, Apply says the agent is still writing and asks. Nothing another round wrote
// is used without the user's choice.
import * as vscode from 'vscode';
import type { ChangesView, RoundsInfo } from '../../model/changesView';
import { forMessage, forQuickPick } from '../../safety/serviceText';
import type { Ui } from '../../ui';
import { endInWords, laterList } from './roundsWords';

type Ready = Extract<ChangesView, { kind: 'ready' }>;

/** What the action is to use: a head commit, and whether it is the branch as it is or this task's round. */
export interface RoundChosen {
  readonly head: string;
  readonly which: 'branch' | 'round';
  readonly rounds?: RoundsInfo;
}

export type RoundAction = 'apply' | 'review';

const filesWord = (n: number): string => (n === 1 ? vscode.l10n.t('{0} file', n) : vscode.l10n.t('{0} files', n));

/** The items' labels, for tests and for the question. */
export const roundLabels = (): { round: string; branch: string } => ({
  round: vscode.l10n.t("Up to this task's round"),
  branch: vscode.l10n.t('The branch as it is'),
});

/**
 * Asks which head to use when later rounds moved the branch (or, for Apply, a round is still running); undefined when
 * the user chose nothing. `label`: the task named for a message.
 */
export async function chooseRound(
  ui: Ui,
  view: Ready,
  label: string,
  action: RoundAction,
  /** The task's own name when it is still running (a branch no other round is known on says so too). */
  selfRunning?: string,
): Promise<RoundChosen | undefined> {
  const known = view.rounds;
  const branch: RoundChosen = { head: view.headSha, which: 'branch', ...(known ? { rounds: known } : {}) };
  const r: RoundsInfo = known ?? {
    shown: 'round',
    later: [],
    earlier: 0,
    notes: [],
    ...(selfRunning ? { running: selfRunning } : {}),
  };
  if (r.shown === 'round' && (r.running === undefined || action !== 'apply')) return branch;
  const safe = (s: string) => forMessage(s, 120);
  const running =
    r.running !== undefined
      ? vscode.l10n.t('The agent is still writing: “{0}” is running, and the branch may move again.', safe(r.running))
      : '';
  if (r.shown === 'round') {
    const ok = await ui.confirm(
      vscode.l10n.t('The agent is still writing on {0}', forMessage(view.head, 120)),
      vscode.l10n.t('{0} Apply what {1} holds now ({2})?', running, label, filesWord(view.totals.files)),
      vscode.l10n.t('Apply Now'),
    );
    return ok ? branch : undefined;
  }
  const labels = roundLabels();
  const items: (vscode.QuickPickItem & { chosen: RoundChosen })[] = [];
  if (r.end !== undefined)
    items.push({
      label: labels.round,
      description: filesWord(r.endFiles ?? 0),
      detail: forQuickPick(endInWords(r, safe) ?? '', 400),
      chosen: { head: r.end, which: 'round', rounds: r },
    });
  items.push({
    label: labels.branch,
    description: filesWord(view.totals.files),
    detail: forQuickPick(vscode.l10n.t('With the later rounds’ work: {0}.', laterList(r, safe)), 400),
    chosen: branch,
  });
  const later =
    r.later.length === 1
      ? vscode.l10n.t('A later round moved {0}: {1}.', forMessage(view.head, 120), laterList(r, safe))
      : vscode.l10n.t(
          '{0} later rounds moved {1}: {2}.',
          r.later.length,
          forMessage(view.head, 120),
          laterList(r, safe),
        );
  const cannot = r.end === undefined ? (endInWords(r, safe) ?? '') : '';
  const question =
    action === 'apply'
      ? vscode.l10n.t('Apply which changes of {0}?', label)
      : vscode.l10n.t('Review which changes of {0}?', label);
  const notes = r.notes.map(n => `${safe(n)}.`);
  const placeHolder = forQuickPick([later, cannot, running, ...notes, question].filter(Boolean).join(' '), 1200);
  const picked = await ui.pick(items, { title: question, placeHolder });
  return picked?.chosen;
}

/** "up to its round (ends at abc1234)" or "the branch as it is, later rounds included": said after the action. */
export function chosenInWords(c: RoundChosen): string {
  if (!c.rounds || (c.rounds.shown === 'round' && c.which === 'branch')) return '';
  return c.which === 'round'
    ? vscode.l10n.t("up to this task's round (commit {0})", c.head.slice(0, 7))
    : vscode.l10n.t('the branch as it is, later rounds included');
}
