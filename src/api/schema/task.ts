// Tasks, their sessions and artifacts, and the actor references inside them: declared once, typed and read from here.
import * as v from 'valibot';
import { quote } from '../read/fields';
import type { KnownTaskState } from './values';
import { count, item, list, needed, numberKey, open, optText, text, textKey, textOrNull } from './declare';

/** Of two copies of one item, the more recently updated one (the later one on a tie). */
export function newer<T extends { updated_at: string }>(kept: T, next: T): T {
  return kept.updated_at > next.updated_at ? kept : next;
}

/** Creator, owner, user and repository references inside tasks and sessions. */
export const ActorRefShape = item({ id: numberKey() });

export const ArtifactShape = item({
  /** Origin of the artifact; values not shown by the specification. */
  provider: text(),
  /** `pull` is a pull request; other values are possible. */
  type: needed(open<'pull'>()),
  /** Other keys may come (the sandbox names a branch's head there); the client keeps none of them. */
  data: needed(v.looseObject({ id: numberKey() })),
});

export const SessionShape = item(
  {
    id: textKey(),
    name: text(),
    user: v.optional(ActorRefShape),
    owner: v.optional(ActorRefShape),
    repository: v.optional(ActorRefShape),
    task_id: text(),
    state: text(),
    created_at: text(),
    updated_at: text(),
    completed_at: v.optional(textOrNull()),
    prompt: text(),
    head_ref: text(),
    base_ref: text(),
    model: text(),
  },
  id => () => `session ${quote(String(id))}`,
);

export const TaskShape = item(
  {
    id: textKey(),
    /** Absent in the list of the user's tasks. */
    url: optText(),
    /** Present wherever `url` is. */
    html_url: optText(),
    name: text(),
    creator: v.optional(ActorRefShape),
    /** `user` or `organization` in the public description of this interface; other values are kept as sent. */
    creator_type: v.optional(open<'user' | 'organization'>()),
    owner: v.optional(ActorRefShape),
    repository: v.optional(ActorRefShape),
    state: open<KnownTaskState>(),
    session_count: count(),
    // The tree gives each artifact an id made of these three; two alike would make the view refuse the task.
    artifacts: list(ArtifactShape, { key: a => `${a.provider}\n${a.type}\n${a.data.id}` }),
    archived_at: textOrNull(),
    created_at: text(),
    updated_at: text(),
    /** Only in single-task reads. */
    sessions: v.optional(list(SessionShape, { key: s => s.id, prefer: newer })),
  },
  id => () => `task ${quote(String(id))}`,
);
