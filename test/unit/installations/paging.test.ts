import assert from 'node:assert/strict';
import { fetchAllPages, type Page, type Progress } from '../../../src/installations/paging';

function server(total: number, opts: { shiftAt?: number } = {}) {
  const calls: Array<{ page: number; perPage: number }> = [];
  let items = Array.from({ length: total }, (_, i) => ({ id: i + 1 }));
  return {
    calls,
    fetch: async (page: number, perPage: number): Promise<Page<{ id: number }>> => {
      calls.push({ page, perPage });
      // An item inserted at the front after the first page shifts everything by one.
      if (opts.shiftAt === page) items = [{ id: 0 }, ...items];
      return { total: items.length, items: items.slice((page - 1) * perPage, page * perPage) };
    },
  };
}

describe('installations: paging through a large installation', () => {
  it('reads every page at 100 a page and reports progress after each', async () => {
    const s = server(250);
    const progress: Progress[] = [];
    const r = await fetchAllPages(s.fetch, { onProgress: p => progress.push(p) });
    assert.equal(r.items.length, 250);
    assert.equal(r.total, 250);
    assert.deepEqual(s.calls, [{ page: 1, perPage: 100 }, { page: 2, perPage: 100 }, { page: 3, perPage: 100 }]);
    assert.deepEqual(progress, [{ done: 100, total: 250 }, { done: 200, total: 250 }, { done: 250, total: 250 }]);
  });

  it('stops after one request for an empty list, and after an exact last page', async () => {
    const empty = server(0);
    assert.deepEqual((await fetchAllPages(empty.fetch)).items, []);
    assert.equal(empty.calls.length, 1);
    const exact = server(200);
    await fetchAllPages(exact.fetch);
    assert.equal(exact.calls.length, 2);
  });

  it('keeps one copy of an item repeated across pages by a shifting list', async () => {
    const s = server(150, { shiftAt: 2 });
    const r = await fetchAllPages(s.fetch);
    assert.equal(new Set(r.items.map(i => i.id)).size, r.items.length);
  });

  it('cannot loop forever on a service that always reports more', async () => {
    let calls = 0;
    const r = await fetchAllPages(async () => ({ total: 1e9, items: Array.from({ length: 100 }, () => ({ id: ++calls })) }), { maxPages: 5 });
    assert.equal(calls, 500);
    assert.equal(r.items.length, 500);
  });

  it('stops when aborted', async () => {
    const ac = new AbortController();
    const s = server(1000);
    await assert.rejects(fetchAllPages(async (p, n) => {
      if (p === 2) ac.abort();
      return s.fetch(p, n);
    }, { signal: ac.signal }), { name: 'AbortError' });
    assert.equal(s.calls.length, 2);
  });
});
