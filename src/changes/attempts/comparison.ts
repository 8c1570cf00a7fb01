// A set's attempts read for comparing: each attempt's Changes (fetched into our refs, git's object checks run, listed
// as a pull request counts them; changesModel.ts), then its files set side by side (compareFiles.ts). An attempt that
// cannot be read (never started, the service no longer has it, its branch refused or not pushed) is said as such and
// left out; the others are compared all the same. No `vscode`.
import * as l10n from '@vscode/l10n';
import type { Task } from '../../api';
import type { AttemptSet } from '../../model/attemptSets';
import type { ChangesView } from '../../model/changesView';
import { compareFiles, type FileAcross } from './compareFiles';

type Ready = Extract<ChangesView, { kind: 'ready' }>;

/** One attempt as the comparison has it: its Changes, or why it has none. */
export type AttemptColumn = {
  /** 0-based; the user sees `index + 1`. */
  readonly index: number;
  readonly model: string;
  readonly taskId?: string;
} & (
  | { readonly kind: 'ready'; readonly view: Ready }
  | { readonly kind: 'notStarted' | 'gone' | 'problem'; readonly why: string; readonly todo?: string }
);

export interface Comparison {
  readonly set: AttemptSet;
  readonly attempts: readonly AttemptColumn[];
  /** Every path a readable attempt changed. */
  readonly files: readonly FileAcross[];
}

export interface ComparisonDeps {
  task(id: string): Task | undefined;
  /** Reads a task the lists do not hold (throws when the service does not have it). */
  loadDetails(id: string): Promise<void>;
  /** Reads the task's changes (fetching when `force`) and says what is known then. */
  changes(id: string, force: boolean): Promise<ChangesView>;
}

/** Reads every attempt of the set at once; `force` fetches every branch again (Refresh). */
export async function compareSet(set: AttemptSet, d: ComparisonDeps, force = false): Promise<Comparison> {
  const attempts = await Promise.all(set.attempts.map((a, index) => column(index, a, d, force)));
  const ready = attempts.flatMap(a => (a.kind === 'ready' ? [{ index: a.index, files: a.view.files }] : []));
  return { set, attempts, files: compareFiles(ready) };
}

async function column(
  index: number,
  a: AttemptSet['attempts'][number],
  d: ComparisonDeps,
  force: boolean,
): Promise<AttemptColumn> {
  const base = { index, model: a.model };
  if (a.taskId === undefined)
    return {
      ...base,
      kind: 'notStarted',
      why: a.failure ? l10n.t('not started: {0}', a.failure) : l10n.t('not started yet'),
    };
  const taskId = a.taskId;
  if (!d.task(taskId)) {
    const said = await d.loadDetails(taskId).then(
      () => undefined,
      (e: unknown) => (e instanceof Error ? e.message : String(e)),
    );
    if (!d.task(taskId))
      return {
        ...base,
        taskId,
        kind: 'gone',
        why: l10n.t('the service no longer has task {0}', taskId),
        ...(said ? { todo: said } : {}),
      };
  }
  const view = await d.changes(taskId, force);
  if (view.kind === 'ready') return { ...base, taskId, kind: 'ready', view };
  const why = view.kind === 'loading' ? l10n.t('its changes are still being read') : view.why;
  return { ...base, taskId, kind: 'problem', why, ...(view.kind !== 'loading' ? { todo: view.todo } : {}) };
}
