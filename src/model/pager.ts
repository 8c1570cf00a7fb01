// The one pager: reads a list page by page at the largest page size, up to a budget of pages, and says whether the
// list was cut there. It never stops silently: a list longer than the budget comes back with `cut`, and the caller
// shows that, with a way to read more (a larger budget). Pure: the page reader is passed in.
import { PER_PAGE_MAX } from '../api/protocol';

export interface Page<T> {
  items: T[];
  /** The list's length, when the endpoint says it (`total_count`). */
  total?: number;
}

export interface Progress {
  done: number;
  /** 0 while unknown. */
  total: number;
}

export interface PagedList<T> {
  items: T[];
  total?: number;
  /** More pages were there than the budget allowed; `items` is the start of the list. */
  cut: boolean;
}

export interface PagerOptions {
  /** How many pages to read at most. */
  maxPages?: number;
  perPage?: number;
  /** The page to start from when the caller has read page 1 already (`first`). */
  first?: Page<unknown>;
  onProgress?: (p: Progress) => void;
  signal?: AbortSignal;
}

/** Pages read at most in one go, unless the user asks for more: 2,000 items at 100 a page. */
export const PAGE_BUDGET = 20;

export async function readPages<T>(
  fetchPage: (page: number, perPage: number) => Promise<Page<T>>,
  keyOf: (item: T) => string | number,
  opts: PagerOptions = {},
): Promise<PagedList<T>> {
  const perPage = opts.perPage ?? PER_PAGE_MAX;
  const maxPages = Math.max(1, opts.maxPages ?? PAGE_BUDGET);
  const byKey = new Map<string | number, T>();
  let total: number | undefined;
  let last: Page<T> | undefined;
  for (let page = 1; page <= maxPages; page++) {
    opts.signal?.throwIfAborted();
    last = page === 1 && opts.first ? (opts.first as Page<T>) : await fetchPage(page, perPage);
    opts.signal?.throwIfAborted();
    if (last.total !== undefined) total = last.total;
    // A list that shifts while it is read can repeat an item across pages; the key keeps one copy.
    for (const item of last.items) byKey.set(keyOf(item), item);
    opts.onProgress?.({ done: byKey.size, total: total === undefined ? 0 : Math.max(total, byKey.size) });
    if (finished(last, perPage, byKey.size, total))
      return { items: [...byKey.values()], total: settled(total, byKey.size), cut: false };
  }
  return { items: [...byKey.values()], total: settled(total, byKey.size), cut: true };
}

function finished(page: Page<unknown>, perPage: number, have: number, total: number | undefined): boolean {
  return page.items.length < perPage || (total !== undefined && have >= total);
}

function settled(total: number | undefined, have: number): number | undefined {
  return total === undefined ? undefined : Math.max(total, have);
}
