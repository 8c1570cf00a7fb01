// The world's sets of attempts (`attempt_sets`): which of its tasks were started as attempts of one prompt. The
// service has no such notion; the sandbox keeps it only to tell an editor (GET /_sandbox/attempt-sets), so that its
// demo can show a finished set.
import type { State } from './state';
import { WorldError } from './world';

type Obj = Record<string, unknown>;

/**
 * Checks `attempt_sets` against the world's tasks: 2 to 4 distinct task ids each; those the world holds have one
 * repository, creator and prompt. Ids the world does not hold are left out (a world made from the demo's with tasks
 * of its own keeps working); a set left with fewer than two tasks is not told.
 */
export function checkAttemptSets(sets: unknown, tasks: Obj[]): void {
  if (sets === undefined) return;
  if (!Array.isArray(sets)) throw new WorldError('"attempt_sets" must be an array');
  const byId = new Map<string, Obj>(tasks.filter(t => typeof t.id === 'string').map(t => [t.id as string, t] as const));
  const seen = new Set<string>();
  sets.forEach((s: unknown, i) => {
    const fail = (msg: string): never => {
      throw new WorldError(`attempt_sets[${i}]: ${msg}`);
    };
    const ids = (s as Obj | null)?.tasks;
    if (!Array.isArray(ids) || ids.length < 2 || ids.length > 4 || !ids.every(id => typeof id === 'string'))
      fail('"tasks" must list 2 to 4 task ids');
    const list = (ids as string[]).flatMap((id): Obj[] => {
      const t = byId.get(id);
      return t ? [t] : [];
    });
    for (const id of ids as string[]) {
      if (seen.has(id)) fail(`task ${JSON.stringify(id)} is in two sets, or twice in one`);
      seen.add(id);
    }
    for (const k of ['repository', 'creator', 'prompt'])
      if (list.some(t => t[k] !== list[0][k])) fail(`its tasks must have one ${k}`);
  });
}

/** What GET /_sandbox/attempt-sets answers: each set's repository, prompt and tasks (id and model), in order. */
export function attemptSetsJson(st: State): {
  attempt_sets: { repository: string; prompt: string; tasks: { id: string; model: string }[] }[];
} {
  const out = [];
  for (const s of st.attemptSets) {
    const tasks = s.tasks.flatMap(id => {
      const t = st.tasks.get(id);
      return t ? [t] : [];
    });
    const repo = tasks[0] && st.repos.get(tasks[0].repository);
    if (!repo || tasks.length < 2) continue;
    out.push({
      repository: `${repo.ownerAccount.login}/${repo.name}`,
      prompt: tasks[0].prompt,
      tasks: tasks.map(t => ({ id: t.id, model: t.model })),
    });
  }
  return { attempt_sets: out };
}
