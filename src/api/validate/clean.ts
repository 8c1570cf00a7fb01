// The fast path of the task readers: a task (with its artifacts and sessions) that needs no fixing at all is taken
// as it came, without building a copy. Every check here is one the full reader makes; anything it would change,
// however little, sends the item to the full reader instead. Fields the types do not name may remain on the item:
// nothing reads them. (Tasks are read at every poll, a thousand at a time; repositories and installations go
// through the full reader always, which also drops the credential a repository may carry.)
import type { Artifact, Session, Task } from '../types';
import { textId } from './fields';

/** Any object. Arrays pass too, but JSON gives no array a property this path then reads as valid. */
function obj(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null;
}

function id(v: unknown): boolean {
  return typeof v === 'number' && Number.isSafeInteger(v) && v >= 0;
}

function optText(v: unknown): boolean {
  return v === undefined || typeof v === 'string';
}

function actor(v: unknown): boolean {
  return v === undefined || (obj(v) && id(v.id));
}

function artifact(v: unknown): v is Artifact {
  return obj(v) && typeof v.type === 'string' && typeof v.provider === 'string' && obj(v.data) && id(v.data.id);
}

function session(v: unknown): v is Session {
  return (
    obj(v) &&
    typeof v.id === 'string' &&
    textId(v.id) === v.id &&
    typeof v.name === 'string' &&
    typeof v.task_id === 'string' &&
    typeof v.state === 'string' &&
    typeof v.created_at === 'string' &&
    typeof v.updated_at === 'string' &&
    typeof v.prompt === 'string' &&
    typeof v.head_ref === 'string' &&
    typeof v.base_ref === 'string' &&
    typeof v.model === 'string' &&
    (v.completed_at === undefined || v.completed_at === null || typeof v.completed_at === 'string') &&
    actor(v.user) &&
    actor(v.owner) &&
    actor(v.repository)
  );
}

/** Whether every item passes `ok` and no two share a key. */
function allDistinct<T>(list: unknown[], ok: (v: unknown) => v is T, key: (v: T) => string): boolean {
  for (const v of list) if (!ok(v)) return false;
  if (list.length < 2) return true;
  const keys = new Set<string>();
  for (const v of list) if (ok(v)) keys.add(key(v));
  return keys.size === list.length;
}

/** A task the full reader would return unchanged. */
export function isCleanTask(v: unknown): v is Task {
  return (
    obj(v) &&
    typeof v.id === 'string' &&
    textId(v.id) === v.id &&
    typeof v.name === 'string' &&
    typeof v.state === 'string' &&
    id(v.session_count) &&
    (v.archived_at === null || typeof v.archived_at === 'string') &&
    typeof v.created_at === 'string' &&
    typeof v.updated_at === 'string' &&
    optText(v.url) &&
    optText(v.html_url) &&
    optText(v.creator_type) &&
    actor(v.creator) &&
    actor(v.owner) &&
    actor(v.repository) &&
    Array.isArray(v.artifacts) &&
    allDistinct(v.artifacts, artifact, a => `${a.provider}\n${a.type}\n${a.data.id}`) &&
    (v.sessions === undefined || (Array.isArray(v.sessions) && allDistinct(v.sessions, session, s => s.id)))
  );
}
