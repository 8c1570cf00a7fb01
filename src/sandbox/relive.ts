// `relive` (`--relive`, what `npm start` asks for): a start from a state file keeps everything that happened, and
// the world's own tasks that it starts running (queued or in progress) run again, dated from now, once they have
// ended. A demo started again the next day is alive again, without losing the user's tasks, archives or changes.
import { ACTIVE_TASK_STATES } from '../api/types';
import type { WorldFile } from './world';

const running = (state: string | undefined): boolean =>
  (ACTIVE_TASK_STATES as readonly string[]).includes(state ?? 'queued');

/**
 * Puts the world's running tasks back into `saved` where they have ended there (not where they still run, nor where
 * the user archived them). Returns the ids of the tasks that run again.
 */
export function reliveWorldTasks(saved: WorldFile, world: WorldFile): string[] {
  const repos = new Set(saved.repositories.map(r => r.id));
  const users = new Set(saved.users.map(u => u.id));
  const tasks = (saved.tasks ??= []);
  const at = new Map(tasks.map((t, i) => [t.id, i]));
  const relived: string[] = [];
  for (const t of world.tasks ?? []) {
    if (t.id === undefined || !running(t.state) || !repos.has(t.repository) || !users.has(t.creator)) continue;
    const i = at.get(t.id);
    const was = i === undefined ? undefined : tasks[i];
    if (was && (running(was.state) || was.archived_at)) continue;
    if (i === undefined) tasks.push(structuredClone(t));
    else tasks[i] = structuredClone(t);
    relived.push(t.id);
  }
  return relived;
}
