// Continuing a task: the next start sends `head_ref` = the branch the agent worked on and `base_ref` = its base, so
// the service looks up the open pull request of that branch and the agent commits to it instead of opening a new one
// (start task). Shared by Continue Task… (palette, tree, task page) and the chat tool.
import type { Session, Task } from '../api';
import { refProblem } from '../safety/gitRef';

export interface ContinuationRefs {
  head_ref: string;
  base_ref: string;
  /** The session the branches were read from (the newest one that names both). */
  session: Session;
}

/**
 * The branches to continue a task on, from its newest session that names a usable head and base; undefined when the
 * task has no session yet (still queued) or its sessions name no branch a start may send.
 */
export function continuationOf(task: Pick<Task, 'sessions'>): ContinuationRefs | undefined {
  const sessions = [...(task.sessions ?? [])].sort((a, b) => Date.parse(b.created_at) - Date.parse(a.created_at));
  for (const s of sessions) {
    if (!refProblem(s.head_ref) && !refProblem(s.base_ref) && s.head_ref !== s.base_ref)
      return { head_ref: s.head_ref, base_ref: s.base_ref, session: s };
  }
  return undefined;
}
