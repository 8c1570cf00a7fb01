// getRepository: the family's read of one repository by owner and name (beyond the specification), which names the
// ID that adding and removing a repository take.
import assert from 'node:assert/strict';
import { ApiClient, ApiError } from '../../../src/api';
import { DEMO_TOKENS, startSandbox, type Sandbox } from '../../../src/sandbox';
import { closeAll, json, rejection, scripted } from './scripted';

describe('api getRepository', () => {
  let sb: Sandbox;
  before(async () => (sb = await startSandbox({ stepMs: 0, git: false })));
  after(() => sb.close());

  it("reads a repository's ID, name and the token's permissions from the sandbox", async () => {
    const c = new ApiClient({ baseUrl: sb.url, token: DEMO_TOKENS.classic, retries: 0 });
    try {
      const r = await c.getRepository({ owner: 'acme', repo: 'docs' });
      assert.deepEqual([r.id, r.full_name, r.permissions?.admin], [5005, 'acme/docs', true]);
      const e = await rejection(c.getRepository({ owner: 'acme', repo: 'nothing' }));
      assert.ok(e instanceof ApiError);
      assert.equal(e.status, 404);
    } finally {
      await c.close();
    }
  });

  it('sends the owner and name as path segments, encoded', async () => {
    const srv = await scripted(json(404, { message: 'Not Found' }));
    const c = new ApiClient({ baseUrl: srv.url, token: 't', retries: 0 });
    try {
      await rejection(c.getRepository({ owner: 'a b', repo: '../x' }));
      assert.equal(srv.seen[0].url, '/repos/a%20b/..%2Fx');
    } finally {
      await closeAll(c, srv);
    }
  });

  it('an answer that is not a repository is an error, not a guess', async () => {
    const srv = await scripted(json(200, { id: 'five', full_name: 7 }));
    const c = new ApiClient({ baseUrl: srv.url, token: 't', retries: 0 });
    try {
      const e = await rejection(c.getRepository({ owner: 'acme', repo: 'docs' }));
      assert.ok(e instanceof ApiError, String(e));
    } finally {
      await closeAll(c, srv);
    }
  });
});
