// What a task's changes are, as the surfaces show them (tree, task page, chat). Pure: no `vscode`.
import * as l10n from '@vscode/l10n';

/** A changed file that configures tools (they can run programs): its path, and what it configures, in words. */
export interface ToolFile {
  path: string;
  why: string;
}

export type ChangeKind = 'added' | 'modified' | 'deleted' | 'renamed' | 'copied';

/** One file changed between the merge base and the head, as `git diff base...head` counts it. */
export interface ChangedFile {
  /** The path on the head side (for a deleted file, the path it had). Text from git: shown as text. */
  readonly path: string;
  /** Where a renamed or copied file came from. */
  readonly from?: string;
  readonly kind: ChangeKind;
  /** Lines added and removed; undefined for a binary file. */
  readonly added?: number;
  readonly removed?: number;
  readonly binary: boolean;
  /** The blob on each side (undefined on the side where the file does not exist). */
  readonly oldBlob?: string;
  readonly newBlob?: string;
}

/** A commit on the head that the base does not have. */
export interface ChangeCommit {
  readonly sha: string;
  /** The first line of its message. */
  readonly subject: string;
  /** Its whole message (bounded), for the tooltip. */
  readonly message: string;
  /** Commit time, ms since the epoch. */
  readonly time: number;
}

export interface ChangeTotals {
  readonly files: number;
  readonly added: number;
  readonly removed: number;
}

/** A round after a task's own on its branch: a task that continued it there. */
export interface LaterRound {
  readonly id: string;
  /** Its name (text from the service, shown as text), or its id when the service no longer has it. */
  readonly name: string;
  readonly state: string;
  /** Whether it may still write to the branch. */
  readonly running: boolean;
  /** The service no longer has it (404): known only from the link recorded when it was started here. */
  readonly gone?: boolean;
  /** How many files its commits change (from the end of the round before it); undefined when that cannot be told. */
  readonly files?: number;
}

/**
 * Whose work the changes shown are: this task's round (no later round moved the branch), or the branch now with the
 * later rounds' work, and where this task's round ends on it when that can be told.
 */
export interface RoundsInfo {
  readonly shown: 'round' | 'branch';
  /** How many rounds came before this task's on the branch (their work is in what is shown too). */
  readonly earlier: number;
  /** The rounds after this task's, in order (empty when `shown` is 'round'). */
  readonly later: readonly LaterRound[];
  /** The commit this task's round ends at (the base's when it made none), when later rounds follow and it is known. */
  readonly end?: string;
  /** How `end` was found: the tip recorded when the next round started here, or the commits' times. */
  readonly how?: 'recorded' | 'dates';
  /** Why `end` may be wrong, in words. */
  readonly doubt?: string;
  /** Why the end cannot be told, in words (nothing "up to this task's round" is offered then). */
  readonly unknown?: string;
  /** How many files change from the base up to this task's round's end. */
  readonly endFiles?: number;
  /** The name of a round on the branch still writing (this task's or a later one). */
  readonly running?: string;
  /** What was found wrong about the rounds, in words (a continuation the service reports on another branch). */
  readonly notes: readonly string[];
}

/** What the Changes row of a task shows. */
export type ChangesView =
  | { readonly kind: 'noBranch'; readonly why: string; readonly todo: string }
  | { readonly kind: 'loading' }
  /** Where the extension runs without git (the browser): the changes are on the pull request or the task's page. */
  | { readonly kind: 'noGit'; readonly why: string; readonly todo: string }
  | {
      readonly kind: 'problem';
      /** Why, in words; what to do about it. */
      readonly why: string;
      readonly todo: string;
    }
  | {
      readonly kind: 'ready';
      readonly head: string;
      readonly base: string;
      readonly headSha: string;
      readonly baseSha: string;
      /** The local repository the refs were fetched into. */
      readonly root: string;
      readonly files: readonly ChangedFile[];
      readonly commits: readonly ChangeCommit[];
      readonly totals: ChangeTotals;
      /** Changed files that configure tools (editor settings, workflows, hooks, attributes, manifest scripts). */
      readonly toolFiles?: readonly ToolFile[];
      /** Set when the last fetch failed and what is shown is what was fetched before: why. */
      readonly stale?: string;
      /** The commit the remote's branch was seen at, when that is not the head shown: the row is behind it. */
      readonly behind?: string;
      /** Whose work this is when several tasks worked on the branch; absent when no other task is known on it. */
      readonly rounds?: RoundsInfo;
    };

/** What a task's changes are where git cannot run: one view for every task, saying where to see them instead. */
/** The files the task page lists at most; its file buttons name a file by its place in this list. */
export const MAX_FILES = 500;

export function noGitView(): Extract<ChangesView, { kind: 'noGit' }> {
  return {
    kind: 'noGit',
    why: l10n.t('changes need git, which an editor in the browser does not have'),
    todo: l10n.t("The pull request and the task's page on the web show them."),
  };
}

/** The changes as shown, with the remote's branch seen at `remote`: behind it when that is not the head shown. */
export function seenAt(view: Extract<ChangesView, { kind: 'ready' }>, remote: string): ChangesView {
  const { behind: _, ...rest } = view;
  return remote === view.headSha ? rest : { ...rest, behind: remote };
}

export function totalsOf(files: readonly ChangedFile[]): ChangeTotals {
  let added = 0;
  let removed = 0;
  for (const f of files) {
    added += f.added ?? 0;
    removed += f.removed ?? 0;
  }
  return { files: files.length, added, removed };
}

/** "renamed from old/path" and the like: the kind as words. */
export function kindLabel(f: Pick<ChangedFile, 'kind' | 'from'>): string {
  if (f.kind === 'renamed') return l10n.t('renamed from {0}', f.from ?? '?');
  if (f.kind === 'copied') return l10n.t('copied from {0}', f.from ?? '?');
  return f.kind;
}

/** "+12 −3", or "binary". */
export function countsLabel(f: Pick<ChangedFile, 'binary' | 'added' | 'removed'>): string {
  return f.binary ? 'binary' : `+${f.added ?? 0} −${f.removed ?? 0}`;
}
