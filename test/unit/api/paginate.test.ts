// Pagination over Link rel="next": follows it, stops on a repeated URL, a page cap, a foreign origin.
import assert from 'node:assert/strict';
import { ApiClient } from '../../../src/api';
import { parseLinkHeader } from '../../../src/api/paginate';
import type { Handler, Scripted } from './scripted';
import { closeAll, rejection, scripted, task } from './scripted';

/** Page N of `total` pages; `next` decides the next link (or none). */
const pages =
  (base: () => string, next: (page: number) => number | undefined): Handler =>
  (req, res) => {
    const url = new URL(req.url, 'http://x');
    const page = Number(url.searchParams.get('page') ?? '1');
    const n = next(page);
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (n !== undefined)
      headers.link = `<${base()}${url.pathname}?per_page=2&page=${n}>; rel="next", <${base()}${url.pathname}?per_page=2&page=1>; rel="first"`;
    res.writeHead(200, headers);
    res.end(JSON.stringify({ tasks: [task(`p${page}a`), task(`p${page}b`)] }));
  };

async function all<T>(it: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const x of it) out.push(x);
  return out;
}

describe('api: pagination', () => {
  let srv: Scripted;
  let client: ApiClient | undefined;
  afterEach(async () => {
    client = await closeAll(client, srv);
  });

  it('parses Link headers', () => {
    const l = parseLinkHeader(
      '<https://h/x?page=2>; rel="next", <https://h/x?page=5>; rel=last,<https://h/x?page=1>;rel="first prev"',
    );
    assert.equal(l.get('next'), 'https://h/x?page=2');
    assert.equal(l.get('last'), 'https://h/x?page=5');
    assert.equal(l.get('prev'), 'https://h/x?page=1');
    assert.equal(
      parseLinkHeader('<https://h/x?state=queued,failed&page=2>; rel="next"').get('next'),
      'https://h/x?state=queued,failed&page=2',
    );
    assert.equal(parseLinkHeader(undefined).size, 0);
    assert.equal(parseLinkHeader('garbage').size, 0);
  });

  it('follows rel="next" to the last page', async () => {
    srv = await scripted(
      pages(
        () => srv.url,
        p => (p < 3 ? p + 1 : undefined),
      ),
    );
    client = new ApiClient({ baseUrl: srv.url });
    const items = await all(client.paginate('listRepositoryTasks', { owner: 'acme', repo: 'rocket', per_page: 2 }));
    assert.deepEqual(
      items.map(t => t.id),
      ['p1a', 'p1b', 'p2a', 'p2b', 'p3a', 'p3b'],
    );
    assert.deepEqual(
      srv.seen.map(s => s.url),
      [
        '/agents/repos/acme/rocket/tasks?per_page=2',
        '/agents/repos/acme/rocket/tasks?per_page=2&page=2',
        '/agents/repos/acme/rocket/tasks?per_page=2&page=3',
      ],
    );
  });

  it('walks again from the ETag memory, following the remembered Link headers', async () => {
    const inner = pages(
      () => srv.url,
      p => (p < 3 ? p + 1 : undefined),
    );
    srv = await scripted((req, res) => {
      const etag = `"${req.url}"`;
      if (req.headers['if-none-match'] === etag) {
        res.writeHead(304, { etag });
        res.end();
        return;
      }
      res.setHeader('etag', etag);
      inner(req, res);
    });
    const fromMemory: boolean[] = [];
    client = new ApiClient({ baseUrl: srv.url, onResponse: i => fromMemory.push(i.fromCache) });
    const first = await all(client.paginate('listTasks', { per_page: 2 }));
    const second = await all(client.paginate('listTasks', { per_page: 2 }));
    assert.equal(first.length, 6);
    assert.deepEqual(second, first);
    assert.deepEqual(fromMemory, [false, false, false, true, true, true]);
  });

  it('stops when the server repeats a link', async () => {
    srv = await scripted(
      pages(
        () => srv.url,
        p => (p === 1 ? 2 : 2),
      ),
    );
    client = new ApiClient({ baseUrl: srv.url });
    const items = await all(client.paginate('listTasks', { per_page: 2, page: 1 }));
    assert.equal(items.length, 4);
    assert.equal(srv.seen.length, 2);
  });

  it('stops at the page cap on a server that never ends', async () => {
    srv = await scripted(
      pages(
        () => srv.url,
        p => p + 1,
      ),
    );
    client = new ApiClient({ baseUrl: srv.url });
    const items = await all(client.paginate('listTasks', { per_page: 2 }, { maxPages: 5 }));
    assert.equal(items.length, 10);
    assert.equal(srv.seen.length, 5);
  });

  it('refuses a next link on another origin', async () => {
    srv = await scripted(
      pages(
        () => 'http://127.0.0.2:1',
        p => p + 1,
      ),
    );
    client = new ApiClient({ baseUrl: srv.url, token: 't' });
    const got: string[] = [];
    const e = await rejection(
      (async () => {
        for await (const t of client.paginate('listTasks', {})) got.push(t.id);
      })(),
    );
    assert.equal(e.kind, 'refused');
    assert.equal(got.length, 2, 'the first page was delivered');
  });

  it('rejects a page without its list', async () => {
    srv = await scripted((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"total_count":1}');
    });
    client = new ApiClient({ baseUrl: srv.url, token: 't' });
    const e = await rejection(all(client.paginate('listUserInstallations', {})));
    assert.equal(e.kind, 'invalid_response');
  });
});
