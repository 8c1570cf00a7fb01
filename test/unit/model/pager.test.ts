import assert from 'node:assert/strict';
import { PAGE_BUDGET, readPages, type Page, type Progress } from '../../../src/model/pager';

type Item = { id: number };

/** A list endpoint over `total` items; `withTotal` says whether it reports `total_count` (the installation lists) or not (the task lists). */
function endpoint(total: number, opts: { shiftAt?: number; withTotal?: boolean } = {}) {
  const calls: Array<{ page: number; perPage: number }> = [];
  let items: Item[] = Array.from({ length: total }, (_, i) => ({ id: i + 1 }));
  return {
    calls,
    fetch: async (page: number, perPage: number): Promise<Page<Item>> => {
      calls.push({ page, perPage });
      // An item inserted at the front after the first page shifts everything by one.
      if (opts.shiftAt === page) items = [{ id: 0 }, ...items];
      const slice = items.slice((page - 1) * perPage, page * perPage);
      return opts.withTotal === false ? { items: slice } : { total: items.length, items: slice };
    },
  };
}
const id = (i: Item) => i.id;

describe('model/pager', () => {
  it('reads every page at 100 a page and reports progress after each', async () => {
    const s = endpoint(250);
    const progress: Progress[] = [];
    const r = await readPages(s.fetch, id, { onProgress: p => progress.push(p) });
    assert.deepEqual([r.items.length, r.total, r.cut], [250, 250, false]);
    assert.deepEqual(s.calls, [
      { page: 1, perPage: 100 },
      { page: 2, perPage: 100 },
      { page: 3, perPage: 100 },
    ]);
    assert.deepEqual(progress, [
      { done: 100, total: 250 },
      { done: 200, total: 250 },
      { done: 250, total: 250 },
    ]);
  });

  it('stops after one request for an empty list, and after an exact last page', async () => {
    const empty = endpoint(0);
    assert.deepEqual((await readPages(empty.fetch, id)).items, []);
    assert.equal(empty.calls.length, 1);
    const exact = endpoint(200);
    assert.equal((await readPages(exact.fetch, id)).cut, false);
    assert.equal(exact.calls.length, 2, 'the total says the second page was the last');
  });

  it('without a total, reads until a short page', async () => {
    const s = endpoint(230, { withTotal: false });
    const r = await readPages(s.fetch, id);
    assert.deepEqual([r.items.length, r.total, r.cut, s.calls.length], [230, undefined, false, 3]);
  });

  it('starts from a first page the caller has read already', async () => {
    const s = endpoint(150, { withTotal: false });
    const first = await s.fetch(1, 100);
    const r = await readPages(s.fetch, id, { first });
    assert.equal(r.items.length, 150);
    assert.deepEqual(
      s.calls.map(c => c.page),
      [1, 2],
      'page 1 is not asked again',
    );
  });

  it('keeps one copy of an item repeated across pages by a shifting list', async () => {
    const r = await readPages(endpoint(150, { shiftAt: 2 }).fetch, id);
    assert.equal(new Set(r.items.map(i => i.id)).size, r.items.length);
  });

  it('says that a list longer than its budget was cut, and reads further with a larger one', async () => {
    const s = endpoint(2_550, { withTotal: false });
    const r = await readPages(s.fetch, id);
    assert.equal(s.calls.length, PAGE_BUDGET);
    assert.deepEqual([r.items.length, r.cut], [PAGE_BUDGET * 100, true]);
    const more = await readPages(s.fetch, id, { maxPages: 2 * PAGE_BUDGET });
    assert.deepEqual([more.items.length, more.cut], [2_550, false]);
  });

  it('is cut, never endless, on a service that always reports more', async () => {
    let served = 0;
    const r = await readPages(
      async () => ({ total: 1e9, items: Array.from({ length: 100 }, () => ({ id: ++served })) }),
      id,
      { maxPages: 5 },
    );
    assert.deepEqual([served, r.items.length, r.cut], [500, 500, true]);
  });

  it('is not cut when the budget ends exactly at the last page', async () => {
    const r = await readPages(endpoint(300).fetch, id, { maxPages: 3 });
    assert.equal(r.cut, false);
  });

  it('stops when aborted', async () => {
    const ac = new AbortController();
    const s = endpoint(1000);
    const reading = readPages(
      async (p, n) => {
        if (p === 2) ac.abort();
        return s.fetch(p, n);
      },
      id,
      { signal: ac.signal },
    );
    await assert.rejects(reading, { name: 'AbortError' });
    assert.equal(s.calls.length, 2);
  });
});
