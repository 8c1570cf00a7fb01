// Which branch of a task holds its work, and which local repository to read it in. Pure: no `vscode`.
import type { RepoRef, Session, Task } from '../api';
import { refProblem } from '../safety/gitRef';
import { forMessage } from '../safety/serviceText';
import { repoOfTask } from '../model/taskLinks';
import { headRefOf } from './taskRefs';

export { localRepoOf, type LocalRepo, type RepoFound } from '../git/localRepo';
import * as l10n from '@vscode/l10n';

export type BranchOf =
  { ok: true; head: string; base: string } | { ok: false; kind: 'noBranch' | 'problem'; why: string; todo: string };

/** The newest session that names a head branch; its head and base, checked against git's rules. */
export function branchOf(task: Task, sessions: readonly Session[] | undefined): BranchOf {
  if (!sessions?.length) {
    const queued = task.state === 'queued';
    return {
      ok: false,
      kind: 'noBranch',
      why: queued ? l10n.t('no branch yet: the task is queued') : l10n.t('no branch yet'),
      todo: queued
        ? l10n.t('The agent makes a branch when it starts working on the task.')
        : l10n.t('No session of this task names a branch yet.'),
    };
  }
  const newest = [...sessions].sort((a, b) => Date.parse(b.created_at) - Date.parse(a.created_at));
  const s = newest.find(x => typeof x.head_ref === 'string' && x.head_ref !== '');
  if (!s)
    return {
      ok: false,
      kind: 'noBranch',
      why: l10n.t('no branch yet'),
      todo: l10n.t('No session of this task names a branch yet.'),
    };
  const bad = (what: string, name: unknown, problem: string) => ({
    ok: false as const,
    kind: 'problem' as const,
    why: l10n.t('the {0} is not a valid git branch name', what),
    todo: l10n.t('The service named “{0}”: {1}.', forMessage(typeof name === 'string' ? name : '', 120), problem),
  });
  const headProblem = refProblem(s.head_ref);
  if (headProblem) return bad(l10n.t('head branch'), s.head_ref, headProblem);
  if (!s.base_ref)
    return {
      ok: false,
      kind: 'problem',
      why: l10n.t('the task names no base branch'),
      todo: l10n.t('Nothing to compare the branch with.'),
    };
  const baseProblem = refProblem(s.base_ref);
  if (baseProblem) return bad(l10n.t('base branch'), s.base_ref, baseProblem);
  if (refProblem(headRefOf(task.id).slice('refs/'.length)))
    return {
      ok: false,
      kind: 'problem',
      why: l10n.t("the task's id cannot name a git ref"),
      todo: l10n.t('Its changes cannot be fetched into refs/agent-tasks/.'),
    };
  return { ok: true, head: s.head_ref, base: s.base_ref };
}

/** owner/name of a task: from its own address, else from the name the model learnt ("owner/name"). */
export function taskRepo(task: Task, knownName: string | undefined): RepoRef | undefined {
  const fromTask = repoOfTask(task);
  if (fromTask) return fromTask;
  const m = knownName ? /^([^/\s]+)\/([^/\s]+)$/.exec(knownName) : null;
  return m ? { owner: m[1], repo: m[2] } : undefined;
}
