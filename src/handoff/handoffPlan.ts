// What a hand-off is about to do, said before it does it: the confirmation's text, and the choices of files. Every
// value is shown as text (no link, no icon can form). No `vscode` here.
import { forMessage } from '../safety/serviceText';

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
}

const plural = (n: number, one: string, many: string): string => `${n} ${n === 1 ? one : many}`;

/** The modal's message and detail. */
export function confirmation(p: HandoffPlan): { message: string; detail: string } {
  const files = p.tracked.length + p.untracked.length;
  const counted =
    plural(files, 'file', 'files') + (p.untracked.length ? ` (${p.untracked.length} of them untracked)` : '');
  const detail = [
    `Repository: ${forMessage(p.repoLabel, 200)}`,
    `New branch: ${forMessage(p.branch, 200)} (pushed to ${forMessage(p.remote, 80)})`,
    `Base branch: ${p.base ? forMessage(p.base, 200) : "the repository's default"}` +
      (p.baseNote ? ` (${forMessage(p.baseNote, 200)})` : ''),
    `Files: ${counted}`,
    ...(p.unpushed
      ? [
          `Also pushed: ${plural(p.unpushed, 'commit', 'commits')} of your branch that ${forMessage(p.remote, 80)} ` +
            'does not have yet (the new branch starts from your HEAD)',
        ]
      : []),
    `Prompt: ${forMessage(p.prompt, 2000)}`,
    '',
    'Your branch, your staged changes and your files stay as they are.',
  ].join('\n');
  const what = plural(files, 'file', 'files') + (p.unpushed ? ` and ${plural(p.unpushed, 'commit', 'commits')}` : '');
  return { message: `Push ${what} to a new branch and start a task?`, detail };
}

/** The names of the files git would take, when none can go (a hint of what is wrong). */
export function nothingToHandOff(untracked: number): string {
  return untracked
    ? 'No file was chosen, so there is nothing to hand off. Untracked files go only when you tick them.'
    : 'There are no uncommitted changes to hand off: the working tree is clean.';
}
