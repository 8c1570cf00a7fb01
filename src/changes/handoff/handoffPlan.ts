// What a hand-off is about to do, said before it does it: the confirmation's text, and the choices of files. Every
// value is shown as text (no link, no icon can form). No `vscode` here.
import { forMessage } from '../../safety/serviceText';
import * as l10n from '@vscode/l10n';

export interface HandoffPlan {
  /** owner/repo */
  repoLabel: string;
  remote: string;
  branch: string;
  /** The base branch on the remote; empty: the repository's default. */
  base: string;
  /** Where the base came from, when it is not the current branch's upstream. */
  baseNote?: string;
  tracked: string[];
  untracked: string[];
  /** Commits of the current branch that the remote has not seen: the new branch carries them too. */
  unpushed?: number;
  prompt: string;
  /** Several attempts: the model of each, every one a task on a new branch from `branch`. */
  attempts?: string[];
}

const plural = (n: number): string => (n === 1 ? l10n.t('{0} file', n) : l10n.t('{0} files', n));
const commits = (n: number): string => (n === 1 ? l10n.t('{0} commit', n) : l10n.t('{0} commits', n));

/** The modal's message and detail. */
export function confirmation(p: HandoffPlan): { message: string; detail: string } {
  const files = p.tracked.length + p.untracked.length;
  const counted = p.untracked.length
    ? l10n.t('{0} ({1} of them untracked)', plural(files), p.untracked.length)
    : plural(files);
  const detail = [
    l10n.t('Repository: {0}', forMessage(p.repoLabel, 200)),
    l10n.t('New branch: {0} (pushed to {1})', forMessage(p.branch, 200), forMessage(p.remote, 80)),
    l10n.t(
      'Base branch: {0}{1}',
      p.base ? forMessage(p.base, 200) : l10n.t("the repository's default"),
      p.baseNote ? ` (${forMessage(p.baseNote, 200)})` : '',
    ),
    l10n.t('Files: {0}', counted),
    ...(p.unpushed
      ? [
          l10n.t(
            'Also pushed: {0} of your branch that {1} does not have yet (the new branch starts from your HEAD)',
            commits(p.unpushed),
            forMessage(p.remote, 80),
          ),
        ]
      : []),
    ...(p.attempts
      ? [
          l10n.t(
            'Attempts: {0} ({1}), each a task on a new branch from {2}',
            p.attempts.length,
            forMessage(p.attempts.map(m => m || l10n.t('default')).join(', '), 400),
            forMessage(p.branch, 200),
          ),
        ]
      : []),
    l10n.t('Prompt: {0}', forMessage(p.prompt, 2000)),
    '',
    l10n.t('Your branch, your staged changes and your files stay as they are.'),
  ].join('\n');
  const message = p.unpushed
    ? l10n.t('Push {0} and {1} to a new branch and start a task?', plural(files), commits(p.unpushed))
    : l10n.t('Push {0} to a new branch and start a task?', plural(files));
  return { message, detail };
}

/** The names of the files git would take, when none can go (a hint of what is wrong). */
export function nothingToHandOff(untracked: number): string {
  return untracked
    ? l10n.t('No file was chosen, so there is nothing to hand off. Untracked files go only when you tick them.')
    : l10n.t('There are no uncommitted changes to hand off: the working tree is clean.');
}
