// Link header pagination: `<url>; rel="next"`, absolute URLs. Following stops at the last page, at a URL seen
// before (a server that repeats a link), or at a page cap.

/** rel → URL from a Link header; tolerant of spacing, quoting and several rels in one entry. */
export function parseLinkHeader(value: string | undefined): Map<string, string> {
  const links = new Map<string, string>();
  if (!value) return links;
  for (const m of value.matchAll(/<([^>]*)>((?:\s*;\s*[^;,]+)*)/g)) {
    const url = m[1];
    const rel = /;\s*rel\s*=\s*"?([^";,]+)"?/i.exec(m[2] ?? '');
    if (!url || !rel?.[1]) continue;
    for (const name of rel[1].trim().split(/\s+/))
      if (!links.has(name.toLowerCase())) links.set(name.toLowerCase(), url);
  }
  return links;
}

export const DEFAULT_MAX_PAGES = 1000;
