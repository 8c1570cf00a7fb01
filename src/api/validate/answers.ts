// Whole answers: one resource (unreadable → Unreadable, which the engine turns into an ApiError), list envelopes
// (the list must be there; a bad item is left out, duplicates merged), and error bodies.
import type {
  ErrorBody,
  Installation,
  InstallationList,
  Repository,
  RepositoryList,
  Task,
  TaskList,
  TaskWithSessions,
} from '../types';
import type { Note, Where } from './fields';
import { isRecord, kindOf, Unreadable } from './fields';
import { readInstallation } from './installation';
import { mergeDuplicates } from './merge';
import { readRepository } from './repository';
import { isCleanTask } from './clean';
import { newer, readTask } from './task';

export type Reader<T> = (raw: unknown, where: Where, note: Note) => T | undefined;
/** Reads one whole answer, or throws Unreadable. */
export type AnswerReader<T> = (raw: unknown, note: Note) => T;

/** One resource: unreadable when its reader leaves it out, saying why. */
function one<T>(read: Reader<T>, what: string): AnswerReader<T> {
  return (raw, note) => {
    let why = '';
    const value = read(raw, what, m => {
      why = m;
      note(m);
    });
    if (value === undefined) throw new Unreadable(why || `${what} is unusable`);
    return value;
  };
}

interface ItemRules<T> {
  read: Reader<T>;
  /** Items that need no fixing at all, taken as they are (the reader's own fast path, without its call). */
  clean?: (v: unknown) => v is T;
  key: (item: T) => string | number;
  prefer?: (kept: T, next: T) => T;
}

/** The items of a list: each read on its own, the unusable ones left out, duplicates merged. */
function items<T>(list: unknown[], label: string, rules: ItemRules<T>, note: Note): T[] {
  const out: T[] = [];
  for (let i = 0; i < list.length; i++) {
    const v = list[i];
    const item = rules.clean?.(v) ? v : rules.read(v, () => `${label}[${i}]`, note);
    if (item !== undefined) out.push(item);
  }
  return mergeDuplicates(out, rules.key, rules.prefer, label.replace(/s$/, ''), note);
}

function listOf(raw: unknown, key: string): unknown[] {
  if (!isRecord(raw)) throw new Unreadable(`the answer is ${kindOf(raw)}, not an object`);
  const list = raw[key];
  if (!Array.isArray(list)) throw new Unreadable(`the answer has no "${key}" list`);
  return list;
}

function totalOf(raw: unknown): number {
  const total = isRecord(raw) ? raw.total_count : undefined;
  // Paging reads it to know when to stop: a guess could cut a list short, so without it the answer is unreadable.
  if (typeof total !== 'number' || !Number.isSafeInteger(total) || total < 0)
    throw new Unreadable(`total_count is ${kindOf(total)}, not a count`);
  return total;
}

const numericId = (x: { id: number }): number => x.id;
const TASKS: ItemRules<Task> = { read: readTask, clean: isCleanTask, key: t => t.id, prefer: newer };
const REPOSITORIES: ItemRules<Repository> = { read: readRepository, key: numericId };
const INSTALLATIONS: ItemRules<Installation> = { read: readInstallation, key: numericId };

export const readTaskList: AnswerReader<TaskList> = (raw, note) => ({
  tasks: items(listOf(raw, 'tasks'), 'tasks', TASKS, note),
});

export const readRepositoryList: AnswerReader<RepositoryList> = (raw, note) => {
  const repositories = items(listOf(raw, 'repositories'), 'repositories', REPOSITORIES, note);
  return { total_count: totalOf(raw), repositories };
};

export const readInstallationList: AnswerReader<InstallationList> = (raw, note) => {
  const installations = items(listOf(raw, 'installations'), 'installations', INSTALLATIONS, note);
  return { total_count: totalOf(raw), installations };
};

export const readOneTask: AnswerReader<Task> = one(readTask, 'the task');

export const readOneRepository: AnswerReader<Repository> = one(readRepository, 'the repository');

export const readTaskWithSessions: AnswerReader<TaskWithSessions> = (raw, note) => {
  const task = readOneTask(raw, note);
  if (!task.sessions) note(`task ${JSON.stringify(task.id)}: sessions are missing; read as none`);
  return { ...task, sessions: task.sessions ?? [] };
};

const MAX_MESSAGE = 2000;

/** An error body: text fields kept when they are text (and not past a sane length), everything else dropped. */
export function readErrorBody(raw: unknown): Partial<ErrorBody> {
  if (!isRecord(raw)) return {};
  const body: Partial<ErrorBody> = {};
  if (typeof raw.message === 'string' && raw.message) body.message = clip(raw.message);
  if (typeof raw.documentation_url === 'string') body.documentation_url = clip(raw.documentation_url);
  if (Array.isArray(raw.errors)) {
    body.errors = raw.errors
      .filter(isRecord)
      .slice(0, 50)
      .map(e => {
        const out: NonNullable<ErrorBody['errors']>[number] = {};
        for (const k of ['resource', 'field', 'code', 'message'] as const) {
          const v = e[k];
          if (typeof v === 'string') out[k] = clip(v);
        }
        return out;
      });
  }
  return body;
}

function clip(s: string): string {
  return s.length > MAX_MESSAGE ? `${s.slice(0, MAX_MESSAGE)}…` : s;
}
