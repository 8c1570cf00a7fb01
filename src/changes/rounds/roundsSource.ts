// The facts of a task's rounds, from what the model knows: the tasks on its branch (sameBranch.ts), the continuation
// links with the tips they recorded, and the sessions of those tasks, read when missing. A task the service answers
// 404 for is remembered as gone (its round is said as no longer on the service). Before an action (`wide`), the tasks
// of the repository begun after this one whose sessions are not known are read too (a few, newest last), so a round
// started elsewhere on the same branch is found. No `vscode`.
import { isApiError, type Session, type Task } from '../../api';
import { sameBranchTasks } from '../sameBranch';
import { roundFacts, type RoundLink } from './roundFacts';
import type { RoundsSource } from './taskRounds';

/** At most this many of the repository's later tasks are read before an action. */
export const MAX_WIDE_READS = 10;

export interface RoundsModel {
  task(id: string): (Task & { sessions?: Session[] }) | undefined;
  sessions(id: string): { sessions: Session[]; fresh: boolean } | undefined;
  loadDetails(id: string): Promise<void>;
  tasks(): readonly Task[];
  links(): readonly RoundLink[];
}

export function roundsSource(m: RoundsModel): RoundsSource {
  const gone = new Set<string>();
  const read = async (id: string): Promise<void> => {
    try {
      await m.loadDetails(id);
      gone.delete(id);
    } catch (err) {
      if (isApiError(err) && err.status === 404) gone.add(id);
    }
  };
  const related = (taskId: string, links: readonly RoundLink[]) =>
    sameBranchTasks(
      taskId,
      links,
      id => m.sessions(id)?.sessions,
      () => m.tasks(),
    );
  return {
    async facts(taskId, head, wide) {
      const links = m.links();
      const linked = new Set(links.flatMap(l => [l.task, l.id]));
      let ids = related(taskId, links);
      await Promise.all(ids.filter(id => linked.has(id) && !m.sessions(id) && !gone.has(id)).map(read));
      if (wide) {
        const t = m.task(taskId);
        const since = t ? Date.parse(t.created_at) : NaN;
        const later = m
          .tasks()
          .filter(x => x.id !== taskId && x.repository?.id === t?.repository?.id && !m.sessions(x.id))
          .filter(x => Date.parse(x.created_at) >= since && x.session_count > 0)
          .sort((a, b) => Date.parse(a.created_at) - Date.parse(b.created_at))
          .slice(0, MAX_WIDE_READS);
        await Promise.all(later.map(x => read(x.id)));
        ids = related(taskId, links);
      }
      return roundFacts({ taskId, head, related: ids, links, task: id => m.task(id), gone });
    },
  };
}
