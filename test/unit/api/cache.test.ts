// ETag memory: revalidation with If-None-Match, 304 served from memory, per token, bounded.
import assert from 'node:assert/strict';
import { ApiClient } from '../../../src/api';
import type { ResponseInfo } from '../../../src/api';
import { EtagCache, TokenIdentity } from '../../../src/api/cache';
import type { Handler, Scripted } from './scripted';
import { closeAll, scripted, task } from './scripted';

/** Answers 200 with an ETag, and 304 when If-None-Match matches it. */
const etagged =
  (etag: string, body: unknown): Handler =>
  (req, res) => {
    if (req.headers['if-none-match'] === etag) {
      res.writeHead(304, { etag });
      res.end();
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json', etag });
    res.end(JSON.stringify(body));
  };

describe('api: conditional requests', () => {
  let srv: Scripted;
  let client: ApiClient | undefined;
  afterEach(async () => {
    client = await closeAll(client, srv);
  });

  it('revalidates with If-None-Match and serves a 304 from memory', async () => {
    srv = await scripted(etagged('"v1"', { tasks: [task('a')] }));
    const infos: ResponseInfo[] = [];
    client = new ApiClient({ baseUrl: srv.url, token: 't', onResponse: i => infos.push(i) });
    const first = await client.listTasks();
    const second = await client.listTasks();
    assert.equal(srv.seen[0].headers['if-none-match'], undefined);
    assert.equal(srv.seen[1].headers['if-none-match'], '"v1"');
    assert.deepEqual(second, first);
    assert.notEqual(second, first, 'each caller gets its own copy');
    assert.deepEqual(
      infos.map(i => [i.status, i.fromCache]),
      [
        [200, false],
        [304, true],
      ],
    );
  });

  it('keeps the memory per token', async () => {
    srv = await scripted(etagged('"v1"', { tasks: [] }));
    let tok = 'one';
    client = new ApiClient({ baseUrl: srv.url, token: () => tok });
    await client.listTasks();
    tok = 'two';
    await client.listTasks();
    assert.equal(srv.seen[1].headers['if-none-match'], undefined);
  });

  it('never sends If-None-Match on writes', async () => {
    srv = await scripted(etagged('"v1"', task('a')));
    client = new ApiClient({ baseUrl: srv.url, token: 't' });
    await client.startTask({ owner: 'o', repo: 'r', prompt: 'p' });
    await client.startTask({ owner: 'o', repo: 'r', prompt: 'p' });
    assert.equal(srv.seen[1].headers['if-none-match'], undefined);
  });

  it('is bounded in entries, dropping the least recently used', () => {
    const c = new EtagCache(2);
    c.set('a', { etag: '1', body: 'x' });
    c.set('b', { etag: '2', body: 'y' });
    c.get('a');
    c.set('c', { etag: '3', body: 'z' });
    assert.equal(c.size, 2);
    assert.ok(c.get('a'));
    assert.equal(c.get('b'), undefined);
  });

  it('is bounded in bytes', () => {
    const c = new EtagCache(100, 100);
    c.set('a', { etag: '1', body: 'x'.repeat(30) });
    c.set('b', { etag: '2', body: 'y'.repeat(30) });
    assert.equal(c.size, 1);
    c.set('huge', { etag: '3', body: 'z'.repeat(1000) });
    assert.equal(c.get('huge'), undefined);
  });

  it('keys by a hash of the token, never the token', () => {
    const id = new TokenIdentity().of('sbx_fg_mona');
    assert.ok(id.length >= 16);
    assert.ok(!id.includes('mona'));
    assert.equal(new TokenIdentity().of(undefined), '');
  });
});
