// Which tasks work on the same branch as a task: those it continues and those that continue it (recorded when a
// continuation is started here, transitively), and those whose known sessions name the same head branch. When one of
// them moves, the others' changes are read again. Pure: no `vscode`.
import type { Session, Task } from '../api';

export function sameBranchTasks(
  taskId: string,
  links: readonly { task: string; id: string }[],
  sessions: (id: string) => readonly Session[] | undefined,
  tasks: () => readonly Pick<Task, 'id' | 'repository'>[],
): string[] {
  const found = new Set<string>([taskId]);
  const queue = [taskId];
  while (queue.length) {
    const id = queue.shift()!;
    for (const l of links) {
      const other = l.task === id ? l.id : l.id === id ? l.task : undefined;
      if (other !== undefined && !found.has(other)) {
        found.add(other);
        queue.push(other);
      }
    }
  }
  const heads = new Set((sessions(taskId) ?? []).map(s => s.head_ref).filter(Boolean));
  if (heads.size) {
    const all = tasks();
    const repo = all.find(t => t.id === taskId)?.repository?.id;
    for (const t of all)
      if (!found.has(t.id) && t.repository?.id === repo && (sessions(t.id) ?? []).some(s => heads.has(s.head_ref)))
        found.add(t.id);
  }
  found.delete(taskId);
  return [...found];
}
