import type { Artifact, Task } from '../api';

/** Commands get a tree node, a task (from notifications and tests) or nothing (the palette). */
export function taskOf(arg: unknown): Task | undefined {
  if (!arg || typeof arg !== 'object') return undefined;
  const a = arg as { task?: Task; id?: unknown; state?: unknown };
  if (a.task && typeof a.task === 'object') return a.task;
  if (typeof a.id === 'string' && typeof a.state === 'string') return arg as Task;
  return undefined;
}

export function artifactOf(arg: unknown): Artifact | undefined {
  const a = arg as { artifact?: Artifact } | undefined;
  return a?.artifact;
}
