// Two items with one id in one answer: VS Code refuses a tree with duplicate ids, and a store keyed by id would keep
// whichever came last by accident. Merged here into one, where the first of them stood.
import type { Note, Where } from './fields';
import { place, quote } from './fields';

/**
 * Items with the same key become one: `prefer(kept, next)` chooses which copy stays (default: the later one).
 * Returns the input itself when no key repeats.
 */
export function mergeDuplicates<T>(
  items: T[],
  key: (item: T) => string | number,
  prefer: ((kept: T, next: T) => T) | undefined,
  what: Where,
  note: Note,
): T[] {
  if (items.length < 2) return items;
  // The usual answer has no repeat: one pass over a set says so, without building the map below.
  const keys = new Set<string | number>();
  for (const item of items) keys.add(key(item));
  if (keys.size === items.length) return items;
  const at = new Map<string | number, number>();
  let out: T[] | undefined;
  for (let i = 0; i < items.length; i++) {
    const item = items[i];
    const k = key(item);
    const first = at.get(k);
    if (first === undefined) {
      at.set(k, out ? out.length : i);
      out?.push(item);
      continue;
    }
    out ??= items.slice(0, i);
    out[first] = prefer ? prefer(out[first], item) : item;
    note(`${place(what)} ${quote(String(k).replace(/\n/g, ' '))} came more than once; merged into one`);
  }
  return out ?? items;
}
