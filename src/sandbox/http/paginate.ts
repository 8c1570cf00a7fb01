// One page of a list and its `Link` header (first/prev/next/last), built on the request's own origin so
// a client behind a proxy or on another loopback name follows links back to where it came from.
import type { PageQuery } from './query';

export function paginate<T>(
  items: T[],
  page: PageQuery,
  origin: string,
  path: string,
  query: URLSearchParams,
): { items: T[]; link?: string } {
  const lastPage = Math.max(1, Math.ceil(items.length / page.perPage));
  const start = (page.page - 1) * page.perPage;
  const slice = start >= items.length ? [] : items.slice(start, start + page.perPage);
  const href = (n: number): string => {
    const q = new URLSearchParams(query);
    q.set('per_page', String(page.perPage));
    q.set('page', String(n));
    return `<${origin}${path}?${q.toString()}>`;
  };
  const parts: string[] = [];
  if (page.page > 1) parts.push(`${href(Math.min(page.page - 1, lastPage))}; rel="prev"`);
  if (page.page < lastPage) parts.push(`${href(page.page + 1)}; rel="next"`);
  if (page.page < lastPage) parts.push(`${href(lastPage)}; rel="last"`);
  if (page.page > 1) parts.push(`${href(1)}; rel="first"`);
  return parts.length ? { items: slice, link: parts.join(', ') } : { items: slice };
}
