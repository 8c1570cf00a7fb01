// Reads every page of a list endpoint that answers with `total_count`, at the largest page size, reporting
// progress as it goes. Pure: the page fetcher is passed in.
import { PER_PAGE_MAX } from '../api/protocol';

export interface Page<T> {
  total: number;
  items: T[];
}

export interface Progress {
  done: number;
  total: number;
}

export interface PagingOptions {
  perPage?: number;
  onProgress?: (p: Progress) => void;
  signal?: AbortSignal;
  /** A guard against a service that never runs out of pages. */
  maxPages?: number;
}

export async function fetchAllPages<T extends { id: number }>(
  fetchPage: (page: number, perPage: number) => Promise<Page<T>>,
  opts: PagingOptions = {},
): Promise<Page<T>> {
  const perPage = opts.perPage ?? PER_PAGE_MAX;
  const maxPages = opts.maxPages ?? 1000;
  const byId = new Map<number, T>();
  let total = 0;
  for (let page = 1; page <= maxPages; page++) {
    opts.signal?.throwIfAborted();
    const r = await fetchPage(page, perPage);
    opts.signal?.throwIfAborted();
    total = r.total;
    // A list that shifts while it is read can repeat an item across pages; the id keeps one copy.
    for (const item of r.items) byId.set(item.id, item);
    opts.onProgress?.({ done: byId.size, total: Math.max(total, byId.size) });
    if (r.items.length < perPage || byId.size >= total) break;
  }
  return { total: Math.max(total, byId.size), items: [...byId.values()] };
}
