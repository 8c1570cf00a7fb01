import type { Session, Task } from '../../../src/api/types';
import { task as serviceTask } from '../../support/serviceData';

let seq = 0;

/** A task as the service would send it, with overrides; each later than the one before. */
export function aTask(over: Partial<Task> = {}): Task {
  seq++;
  const stamp = new Date(Date.UTC(2026, 0, 1, 0, 0, seq)).toISOString().replace('.000Z', 'Z');
  return serviceTask(`task-${seq}`, {
    url: `http://127.0.0.1:1/agents/repos/acme/rocket/tasks/task-${seq}`,
    html_url: `http://127.0.0.1:1/acme/rocket/tasks/task-${seq}`,
    name: `Task ${seq}`,
    created_at: stamp,
    updated_at: stamp,
    ...over,
  });
}

export function aSession(task: Task, over: Partial<Session> = {}): Session {
  return {
    id: `${task.id}-s1`,
    name: 'Session 1',
    user: task.creator,
    owner: task.owner,
    repository: task.repository,
    task_id: task.id,
    state: 'completed',
    created_at: task.created_at,
    updated_at: task.updated_at,
    completed_at: task.updated_at,
    prompt: 'Fix the thing',
    head_ref: 'agent/fix',
    base_ref: 'main',
    model: 'family-a-sonnet-4.6',
    ...over,
  };
}

/** A later timestamp than any built so far. */
export function later(): string {
  seq++;
  return new Date(Date.UTC(2026, 0, 1, 0, 0, seq)).toISOString().replace('.000Z', 'Z');
}
