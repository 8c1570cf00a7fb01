// Query parameters of the list endpoints: pagination and the task filters, checked strictly (422 with
// `errors` for a value that is not allowed); unknown keys are ignored.
import { PAGE_DEFAULT, PER_PAGE_DEFAULT, PER_PAGE_MAX } from '../../api/protocol';
import { TASK_STATES } from '../../api/types';
import { isTimestampQuery } from './timestamps';
import { type FieldError, invalid } from './reply';

export interface PageQuery {
  perPage: number;
  page: number;
}

export interface TaskFilters {
  sort: 'updated_at' | 'created_at';
  direction: 'asc' | 'desc';
  states: Set<string> | null;
  archived: boolean;
  sinceMs: number | null;
  creators: Set<number> | null;
}

/** The last value of a key, as the family's servers read a repeated scalar. */
function last(q: URLSearchParams, key: string): string | null {
  const all = q.getAll(key);
  return all.length ? all[all.length - 1] : null;
}

function positiveInt(v: string): number | null {
  if (!/^\+?\d{1,15}$/.test(v.trim())) return null;
  const n = Number(v.trim());
  return n >= 1 ? n : null;
}

function err(resource: string, field: string, message: string): FieldError {
  return { resource, field, code: 'invalid', message };
}

export function parsePage(q: URLSearchParams, errors: FieldError[], resource: string): PageQuery {
  let perPage = PER_PAGE_DEFAULT;
  let page = PAGE_DEFAULT;
  const pp = last(q, 'per_page');
  if (pp !== null) {
    const n = positiveInt(pp);
    // Above the maximum is clamped, as the family does; zero, negatives and non-integers are refused.
    if (n === null) errors.push(err(resource, 'per_page', 'per_page must be a positive integer'));
    else perPage = Math.min(n, PER_PAGE_MAX);
  }
  const p = last(q, 'page');
  if (p !== null) {
    const n = positiveInt(p);
    if (n === null) errors.push(err(resource, 'page', 'page must be a positive integer'));
    else page = n;
  }
  return { perPage, page };
}

/**
 * Pagination only (the installation lists: the token's repositories, the user's installations, an installation's
 * repositories). These endpoints list no 422, so an odd value falls back to the default.
 */
export function parsePageLenient(q: URLSearchParams): PageQuery {
  const errors: FieldError[] = [];
  const p = parsePage(q, errors, 'Installation');
  if (!errors.length) return p;
  const perPageOk = !errors.some(e => e.field === 'per_page');
  const pageOk = !errors.some(e => e.field === 'page');
  return { perPage: perPageOk ? p.perPage : PER_PAGE_DEFAULT, page: pageOk ? p.page : PAGE_DEFAULT };
}

export function parseTaskListQuery(
  q: URLSearchParams,
  withCreator: boolean,
): { page: PageQuery; filters: TaskFilters } {
  const errors: FieldError[] = [];
  const page = parsePage(q, errors, 'Task');
  const filters: TaskFilters = {
    sort: 'updated_at',
    direction: 'desc',
    states: null,
    archived: false,
    sinceMs: null,
    creators: null,
  };

  const sort = last(q, 'sort');
  if (sort !== null) {
    if (sort === 'updated_at' || sort === 'created_at') filters.sort = sort;
    else errors.push(err('Task', 'sort', 'sort must be updated_at or created_at'));
  }
  const dir = last(q, 'direction');
  if (dir !== null) {
    if (dir === 'asc' || dir === 'desc') filters.direction = dir;
    else errors.push(err('Task', 'direction', 'direction must be asc or desc'));
  }
  const state = last(q, 'state');
  if (state !== null) {
    const tokens = state.split(',').map(s => s.trim());
    const bad = tokens.filter(s => !(TASK_STATES as readonly string[]).includes(s));
    if (bad.length)
      errors.push(
        err(
          'Task',
          'state',
          `state holds values that are not task states: ${bad.map(b => JSON.stringify(b.slice(0, 40))).join(', ')}`,
        ),
      );
    else filters.states = new Set(tokens);
  }
  const arch = last(q, 'is_archived');
  if (arch !== null) {
    if (arch === 'true' || arch === 'false') filters.archived = arch === 'true';
    else errors.push(err('Task', 'is_archived', 'is_archived must be true or false'));
  }
  const since = last(q, 'since');
  if (since !== null) {
    const ms = isTimestampQuery(since);
    if (ms === null) errors.push(err('Task', 'since', 'since must be an ISO 8601 timestamp'));
    else filters.sinceMs = ms;
  }
  if (withCreator) {
    // A repeated key is the encoding of the family (`creator_id=1&creator_id=2`); `creator_id[]` is read too.
    const raw = [...q.getAll('creator_id'), ...q.getAll('creator_id[]')];
    if (raw.length) {
      const ids = raw.map(positiveInt);
      if (ids.some(i => i === null)) errors.push(err('Task', 'creator_id', 'creator_id must be positive integers'));
      else filters.creators = new Set(ids as number[]);
    }
  }
  if (errors.length) throw invalid(errors);
  return { page, filters };
}
