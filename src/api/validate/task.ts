// Readers of Area A resources: Task, Session, Artifact and the actor references inside them.
import type { ActorRef, Artifact, Session, Task } from '../types';
import type { Note } from './fields';
import { drop, Fields, isRecord, kindOf, numberId, quote, textId } from './fields';
import { mergeDuplicates } from './merge';

/** An actor reference, or absent when it has no usable id. */
function actor(f: Fields, name: string, note: Note, where: string): ActorRef | undefined {
  const v = f.value(name);
  if (v === undefined || v === null) return undefined;
  const id = isRecord(v) ? numberId(v.id) : undefined;
  if (id === undefined) note(`${where}: ${name} has no usable id; left out`);
  return id === undefined ? undefined : { id };
}

export function readArtifact(raw: unknown, where: string, note: Note): Artifact | undefined {
  if (!isRecord(raw)) return drop(note, where, `is ${kindOf(raw)}, not an object`);
  const id = isRecord(raw.data) ? numberId(raw.data.id) : undefined;
  if (id === undefined) return drop(note, where, 'has no usable data.id');
  if (typeof raw.type !== 'string') return drop(note, where, `type is ${kindOf(raw.type)}, not text`);
  const f = new Fields(raw, where, note);
  return { provider: f.text('provider'), type: raw.type, data: { id } };
}

export function readSession(raw: unknown, where: string, note: Note): Session | undefined {
  if (!isRecord(raw)) return drop(note, where, `is ${kindOf(raw)}, not an object`);
  const id = textId(raw.id);
  if (id === undefined) return drop(note, where, 'has no usable id');
  const at = `session ${quote(id)}`;
  const f = new Fields(raw, at, note);
  const s: Session = {
    id,
    name: f.text('name'),
    task_id: f.text('task_id'),
    state: f.text('state'),
    created_at: f.text('created_at'),
    updated_at: f.text('updated_at'),
    prompt: f.text('prompt'),
    head_ref: f.text('head_ref'),
    base_ref: f.text('base_ref'),
    model: f.text('model'),
  };
  const user = actor(f, 'user', note, at);
  const owner = actor(f, 'owner', note, at);
  const repository = actor(f, 'repository', note, at);
  if (user) s.user = user;
  if (owner) s.owner = owner;
  if (repository) s.repository = repository;
  if (raw.completed_at !== undefined) s.completed_at = f.textOrNull('completed_at');
  return s;
}

export function readTask(raw: unknown, where: string, note: Note): Task | undefined {
  if (!isRecord(raw)) return drop(note, where, `is ${kindOf(raw)}, not an object`);
  const id = textId(raw.id);
  if (id === undefined) return drop(note, where, 'has no usable id');
  const at = `task ${quote(id)}`;
  const f = new Fields(raw, at, note);
  const t: Task = {
    id,
    name: f.text('name'),
    state: f.text('state'),
    session_count: f.count('session_count'),
    artifacts: readArtifacts(raw.artifacts, at, note),
    archived_at: f.textOrNull('archived_at'),
    created_at: f.text('created_at'),
    updated_at: f.text('updated_at'),
  };
  const url = f.optText('url');
  const htmlUrl = f.optText('html_url');
  const creatorType = f.optText('creator_type');
  const creator = actor(f, 'creator', note, at);
  const owner = actor(f, 'owner', note, at);
  const repository = actor(f, 'repository', note, at);
  if (url !== undefined) t.url = url;
  if (htmlUrl !== undefined) t.html_url = htmlUrl;
  if (creatorType !== undefined) t.creator_type = creatorType;
  if (creator) t.creator = creator;
  if (owner) t.owner = owner;
  if (repository) t.repository = repository;
  if (raw.sessions !== undefined) t.sessions = readSessions(raw.sessions, at, note);
  return t;
}

function readArtifacts(v: unknown, where: string, note: Note): Artifact[] {
  if (!Array.isArray(v)) {
    if (v !== undefined && v !== null) note(`${where}: artifacts is ${kindOf(v)}, not a list`);
    return [];
  }
  if (v.length === 0) return [];
  const out: Artifact[] = [];
  for (let i = 0; i < v.length; i++) {
    const a = readArtifact(v[i], `${where}: artifacts[${i}]`, note);
    if (a) out.push(a);
  }
  // The tree gives each artifact an id made of these three; two alike would make the view refuse the task.
  return mergeDuplicates(out, a => `${a.provider}\n${a.type}\n${a.data.id}`, undefined, `${where}: artifact`, note);
}

function readSessions(v: unknown, where: string, note: Note): Session[] {
  if (!Array.isArray(v)) {
    note(`${where}: sessions is ${kindOf(v)}, not a list`);
    return [];
  }
  const out: Session[] = [];
  for (let i = 0; i < v.length; i++) {
    const s = readSession(v[i], `${where}: sessions[${i}]`, note);
    if (s) out.push(s);
  }
  return mergeDuplicates(out, s => s.id, newer, `${where}: session`, note);
}

/** Of two copies of one item, the more recently updated one (the later one on a tie). */
export function newer<T extends { updated_at: string }>(kept: T, next: T): T {
  return kept.updated_at > next.updated_at ? kept : next;
}
