// Whole answers: one resource (unreadable → Unreadable, which the engine turns into an ApiError), list envelopes
// (the list must be there; a bad item is left out, duplicates merged), and error bodies. Each resource is read by
// the reader built from its declaration in `schema/`.
import type { ListRule } from '../schema/declare';
import { InstallationShape } from '../schema/account';
import { RepositoryShape } from '../schema/repository';
import { newer, TaskShape } from '../schema/task';
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
import type { ItemReader } from './compile';
import { itemReader, readItems } from './compile';
import type { Note } from './fields';
import { isRecord, kindOf, Unreadable } from './fields';

/** Reads one whole answer, or throws Unreadable. */
export type AnswerReader<T> = (raw: unknown, note: Note) => T;

const TASK = itemReader<Task>(TaskShape);
const REPOSITORY = itemReader<Repository>(RepositoryShape);
const INSTALLATION = itemReader<Installation>(InstallationShape);

/** One resource: unreadable when its reader leaves it out, saying why. */
function one<T>(items: ItemReader<T>, what: string, fast: boolean): AnswerReader<T> {
  return (raw, note) => {
    if (fast && items.clean(raw)) return raw;
    let why = '';
    const value = items.read(raw, what, m => {
      why = m;
      note(m);
    });
    if (value === undefined) throw new Unreadable(why || `${what} is unusable`);
    return value;
  };
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

const byId = <T extends { id: number }>(): ListRule<T> => ({ key: x => x.id });
const TASKS: ListRule<Task> = { key: t => t.id, prefer: newer };

// Tasks come a thousand at a time at every poll: one that needs no fixing is taken as it came. Repositories and
// installations are always copied, which also drops the credential a repository may carry.
export const readTaskList: AnswerReader<TaskList> = (raw, note) => ({
  tasks: readItems(listOf(raw, 'tasks'), 'tasks', TASK, TASKS, note, true),
});

export const readRepositoryList: AnswerReader<RepositoryList> = (raw, note) => {
  const repositories = readItems(listOf(raw, 'repositories'), 'repositories', REPOSITORY, byId(), note, false);
  return { total_count: totalOf(raw), repositories };
};

export const readInstallationList: AnswerReader<InstallationList> = (raw, note) => {
  const installations = readItems(listOf(raw, 'installations'), 'installations', INSTALLATION, byId(), note, false);
  return { total_count: totalOf(raw), installations };
};

export const readOneTask: AnswerReader<Task> = one(TASK, 'the task', true);

export const readOneRepository: AnswerReader<Repository> = one(REPOSITORY, 'the repository', false);

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
