// Readers of Area A resources: Task, Session, Artifact and the actor references inside them.
import type { ActorRef, Artifact, Session, Task } from '../types';
import { isCleanTask } from './clean';
import type { Note, Where } from './fields';
import { drop, Fields, isRecord, kindOf, numberId, place, quote, textId } from './fields';
import { mergeDuplicates } from './merge';

/** An actor reference, or absent when it has no usable id. */
function actor(v: unknown, name: string, f: Fields, note: Note): ActorRef | undefined {
  if (v === undefined || v === null) return undefined;
  const id = isRecord(v) ? numberId(v.id) : undefined;
  if (id === undefined) note(`${place(f.where)}: ${name} has no usable id; left out`);
  return id === undefined ? undefined : { id };
}

export function readArtifact(raw: unknown, where: Where, note: Note): Artifact | undefined {
  if (!isRecord(raw)) return drop(note, where, `is ${kindOf(raw)}, not an object`);
  const id = isRecord(raw.data) ? numberId(raw.data.id) : undefined;
  if (id === undefined) return drop(note, where, 'has no usable data.id');
  if (typeof raw.type !== 'string') return drop(note, where, `type is ${kindOf(raw.type)}, not text`);
  const f = new Fields(where, note);
  return { provider: f.text(raw.provider, 'provider'), type: raw.type, data: { id } };
}

export function readSession(raw: unknown, where: Where, note: Note): Session | undefined {
  if (!isRecord(raw)) return drop(note, where, `is ${kindOf(raw)}, not an object`);
  const id = textId(raw.id);
  if (id === undefined) return drop(note, where, 'has no usable id');
  const at = (): string => `session ${quote(id)}`;
  const f = new Fields(at, note);
  const s: Session = {
    id,
    name: f.text(raw.name, 'name'),
    task_id: f.text(raw.task_id, 'task_id'),
    state: f.text(raw.state, 'state'),
    created_at: f.text(raw.created_at, 'created_at'),
    updated_at: f.text(raw.updated_at, 'updated_at'),
    prompt: f.text(raw.prompt, 'prompt'),
    head_ref: f.text(raw.head_ref, 'head_ref'),
    base_ref: f.text(raw.base_ref, 'base_ref'),
    model: f.text(raw.model, 'model'),
  };
  const user = actor(raw.user, 'user', f, note);
  const owner = actor(raw.owner, 'owner', f, note);
  const repository = actor(raw.repository, 'repository', f, note);
  if (user) s.user = user;
  if (owner) s.owner = owner;
  if (repository) s.repository = repository;
  if (raw.completed_at !== undefined) s.completed_at = f.textOrNull(raw.completed_at, 'completed_at');
  return s;
}

export function readTask(raw: unknown, where: Where, note: Note): Task | undefined {
  if (isCleanTask(raw)) return raw;
  if (!isRecord(raw)) return drop(note, where, `is ${kindOf(raw)}, not an object`);
  const id = textId(raw.id);
  if (id === undefined) return drop(note, where, 'has no usable id');
  const at = (): string => `task ${quote(id)}`;
  const f = new Fields(at, note);
  const t: Task = {
    id,
    name: f.text(raw.name, 'name'),
    state: f.text(raw.state, 'state'),
    session_count: f.count(raw.session_count, 'session_count'),
    artifacts: readArtifacts(raw.artifacts, at, note),
    archived_at: f.textOrNull(raw.archived_at, 'archived_at'),
    created_at: f.text(raw.created_at, 'created_at'),
    updated_at: f.text(raw.updated_at, 'updated_at'),
  };
  const url = f.optText(raw.url, 'url');
  const htmlUrl = f.optText(raw.html_url, 'html_url');
  const creatorType = f.optText(raw.creator_type, 'creator_type');
  const creator = actor(raw.creator, 'creator', f, note);
  const owner = actor(raw.owner, 'owner', f, note);
  const repository = actor(raw.repository, 'repository', f, note);
  if (url !== undefined) t.url = url;
  if (htmlUrl !== undefined) t.html_url = htmlUrl;
  if (creatorType !== undefined) t.creator_type = creatorType;
  if (creator) t.creator = creator;
  if (owner) t.owner = owner;
  if (repository) t.repository = repository;
  if (raw.sessions !== undefined && raw.sessions !== null) t.sessions = readSessions(raw.sessions, at, note);
  return t;
}

function readArtifacts(v: unknown, where: Where, note: Note): Artifact[] {
  if (!Array.isArray(v)) {
    if (v !== undefined && v !== null) note(`${place(where)}: artifacts is ${kindOf(v)}, not a list`);
    return [];
  }
  if (v.length === 0) return [];
  const out: Artifact[] = [];
  for (let i = 0; i < v.length; i++) {
    const a = readArtifact(v[i], () => `${place(where)}: artifacts[${i}]`, note);
    if (a) out.push(a);
  }
  // The tree gives each artifact an id made of these three; two alike would make the view refuse the task.
  return mergeDuplicates(
    out,
    a => `${a.provider}\n${a.type}\n${a.data.id}`,
    undefined,
    () => `${place(where)}: artifact`,
    note,
  );
}

function readSessions(v: unknown, where: Where, note: Note): Session[] {
  if (!Array.isArray(v)) {
    note(`${place(where)}: sessions is ${kindOf(v)}, not a list`);
    return [];
  }
  const out: Session[] = [];
  for (let i = 0; i < v.length; i++) {
    const s = readSession(v[i], () => `${place(where)}: sessions[${i}]`, note);
    if (s) out.push(s);
  }
  return mergeDuplicates(
    out,
    s => s.id,
    newer,
    () => `${place(where)}: session`,
    note,
  );
}

/** Of two copies of one item, the more recently updated one (the later one on a tie). */
export function newer<T extends { updated_at: string }>(kept: T, next: T): T {
  return kept.updated_at > next.updated_at ? kept : next;
}
