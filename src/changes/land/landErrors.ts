// Why an apply wrote nothing, or why it stopped and put everything back: each names the paths and says why, in words
// a message can show as they are. Pure: no `vscode`.
import * as l10n from '@vscode/l10n';

export interface PathProblem {
  path: string;
  why: string;
}

export type RefusedReason = 'uncommitted' | 'unsafe' | 'untracked' | 'unrelated' | 'declined' | 'convert';

const SHOWN = 8;

export function listPaths(paths: readonly string[]): string {
  return paths.length > SHOWN
    ? l10n.t('{0} and {1} more', paths.slice(0, SHOWN).join(', '), paths.length - SHOWN)
    : paths.join(', ');
}

const listProblems = (problems: readonly PathProblem[]): string => listPaths(problems.map(p => `${p.path} (${p.why})`));

/** Refused before anything was written. */
export class ApplyRefused extends Error {
  readonly paths: string[];

  constructor(
    readonly reason: RefusedReason,
    readonly problems: readonly PathProblem[],
    /** For `unrelated`: the head and base branches. */
    branches?: { head: string; base: string },
  ) {
    super(refusal(reason, problems, branches));
    this.paths = problems.map(p => p.path);
    this.name = 'ApplyRefused';
  }
}

function refusal(reason: RefusedReason, problems: readonly PathProblem[], b?: { head: string; base: string }): string {
  switch (reason) {
    case 'uncommitted':
      return l10n.t(
        "These files have uncommitted changes that the task's changes touch: {0}. Commit, stash or undo them first; nothing was written.",
        listPaths(problems.map(p => p.path)),
      );
    case 'unsafe':
      return l10n.t(
        "These paths of the task's branch cannot be written safely: {0}. Nothing was written.",
        listProblems(problems),
      );
    case 'untracked':
      return l10n.t(
        'Files of yours that git does not track are in the way: {0}. Move them elsewhere first; nothing was written.',
        listProblems(problems),
      );
    case 'unrelated':
      return l10n.t(
        "The task's branch {0} shares no history with {1}: there is no common commit to apply its changes against. Nothing was written.",
        b?.head ?? '?',
        b?.base ?? '?',
      );
    case 'declined':
      return l10n.t('Nothing was written: you chose not to write the files that configure tools.');
    case 'convert':
      return l10n.t(
        "git could not write the branch's files as a checkout would (your filters and conversions): {0}. Nothing was written.",
        problems.map(p => p.why).join(' '),
      );
  }
}

/** A write failed partway; everything it had touched was put back (but `notRestored`). */
export class ApplyFailed extends Error {
  constructor(
    readonly path: string,
    readonly why: string,
    readonly notRestored: readonly string[],
    copies: string,
  ) {
    super(
      notRestored.length
        ? l10n.t(
            'Writing {0} failed ({1}). These files could not be put back: {2}; copies of them are in {3}.',
            path,
            why,
            listPaths(notRestored),
            copies,
          )
        : l10n.t(
            'Writing {0} failed ({1}). Every file the apply had touched is back as it was; nothing was lost.',
            path,
            why,
          ),
    );
    this.name = 'ApplyFailed';
  }
}
