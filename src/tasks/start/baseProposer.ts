// The base branch a start proposes. It is the branch the work is meant to land on, never an agent's branch unless the
// user picks it: after Check Out Head Branch the checked-out branch (and its upstream) is a task's head, and a new task
// or pull request based on it would quietly stack on the agent's work.
import type * as vscode from 'vscode';
import type { Session } from '../../api';
import { STATE_KEYS } from '../../ids';
import type { TaskModel } from '../../model/taskModel';
import { refProblem } from '../../safety/gitRef';
import { plainName } from '../../safety/serviceText';
import * as l10n from '@vscode/l10n';

/** The proposed base: '' for the repository's default branch (the service's choice), and why it was chosen. */
export interface ProposedBase {
  ref: string;
  /** Said beside the base in the options, when it is not the default branch. */
  why?: string;
}

/** A branch checked out by Check Out Head Branch: the task's base, to propose after a reload too. */
interface CheckedOut {
  branch: string;
  base: string;
  task: string;
}

/** The newest checkouts kept; older ones are also found through the tasks' sessions while they are listed. */
const MAX_KEPT = 50;

/**
 * How the agents name the branches they make: the sandbox `agent/…`, the service's coding agent `copilot/…`. A branch
 * named so is taken for an agent's even when no task read here names it (sessions are read only for some tasks).
 */
const AGENT_PREFIXES = ['agent/', 'copilot/'];

export class BaseProposer {
  constructor(
    /** The branch checked out in the repository the start goes to, and its upstream's name on the remote. */
    private readonly head: () => { name?: string; upstream?: { name: string } } | undefined,
    private readonly model: Pick<TaskModel, 'store'>,
    private readonly state: vscode.Memento,
  ) {}

  /** Remembers that a task's head branch was checked out, with the base that task's work lands on. */
  async remember(branch: string, base: string, taskName: string): Promise<void> {
    if (!branch || !base || branch === base) return;
    const kept = this.kept().filter(c => c.branch !== branch);
    kept.push({ branch, base, task: taskName });
    await this.state.update(STATE_KEYS.checkedOutBases, kept.slice(-MAX_KEPT));
  }

  /**
   * The base of the task whose branch is checked out (by the branch's name or its upstream's), from the tasks'
   * sessions the model holds or the checkouts remembered; else the repository's default branch. The checked-out
   * branch itself, or its upstream, is never proposed: it may be an agent's branch that no listed task names.
   */
  propose(): ProposedBase {
    const head = this.head();
    const names = [head?.name, head?.upstream?.name].filter((n): n is string => !!n);
    if (!names.length) return { ref: '' };
    const found = this.fromSessions(names) ?? this.kept().find(c => names.includes(c.branch));
    // A base from the service (or kept from it) is sent back only when it is a branch name git accepts.
    if (!found || names.includes(found.base) || refProblem(found.base)) return { ref: '' };
    const task = plainName(found.task);
    const why = l10n.t('the base of {0}, whose branch is checked out', task ? `“${task}”` : l10n.t('the task'));
    return { ref: found.base, why };
  }

  /**
   * Whether a branch is an agent's: the head of a task's session the model holds, a task's branch checked out here,
   * or named as the agents name theirs. The pickers list these last, apart from the user's branches.
   */
  isAgentBranch(name: string): boolean {
    if (AGENT_PREFIXES.some(p => name.startsWith(p))) return true;
    if (this.kept().some(c => c.branch === name)) return true;
    const store = this.model.store;
    for (const key of store.listKeys())
      for (const t of store.list(key)) if (store.sessions(t.id)?.sessions.some(s => s.head_ref === name)) return true;
    return false;
  }

  private fromSessions(names: string[]): CheckedOut | undefined {
    let best: { session: Session; task: string } | undefined;
    const store = this.model.store;
    for (const key of store.listKeys())
      for (const t of store.list(key))
        for (const s of store.sessions(t.id)?.sessions ?? [])
          if (names.includes(s.head_ref) && s.base_ref && (!best || s.created_at > best.session.created_at))
            best = { session: s, task: t.name };
    return best && { branch: best.session.head_ref, base: best.session.base_ref, task: best.task };
  }

  private kept(): CheckedOut[] {
    const v = this.state.get<unknown>(STATE_KEYS.checkedOutBases);
    if (!Array.isArray(v)) return [];
    return v.filter((x): x is CheckedOut => {
      const c = x as Partial<Record<keyof CheckedOut, unknown>> | null;
      return typeof c === 'object' && c !== null && [c.branch, c.base, c.task].every(f => typeof f === 'string');
    });
  }
}
