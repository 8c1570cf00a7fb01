// The shipped bundle (dist/api.js, built by `npm run build`) works on its own: given no fetch, it requires undici's
// stack from the bundle beside it (dist/nodeFetch.js), so this is where a bundling mistake would show.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type * as Api from '../../../src/api';
import type { Scripted } from './scripted';
import { json, rejection, scripted } from './scripted';

const bundle = path.resolve(__dirname, '../../../../dist/api.js');

describe('api: the dist/api.js bundle', () => {
  let srv: Scripted;
  after(async () => {
    await srv?.close();
  });

  it('exists (npm run build)', () => {
    assert.ok(fs.existsSync(bundle), `${bundle} is missing: run npm run build`);
  });

  it('holds no undici: the extension, which gives it VS Code fetch, never loads undici for it', () => {
    const text = fs.readFileSync(bundle, 'utf8');
    assert.ok(!/llhttp|class Agent\b|ProxyAgent/.test(text), 'no undici code in dist/api.js');
    assert.ok(fs.existsSync(path.join(path.dirname(bundle), 'nodeFetch.js')), 'dist/nodeFetch.js beside it');
  });

  it('makes requests and raises its own ApiError', async () => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const api = require(bundle) as typeof Api;
    srv = await scripted([json(200, { tasks: [{ id: 'b1' }] }), json(404, { message: 'Not Found' })]);
    const client = new api.ApiClient({ baseUrl: srv.url, token: 'bundle-token' });
    try {
      const { tasks } = await client.listTasks();
      assert.equal(tasks[0].id, 'b1');
      const e = await rejection(client.getTask({ task_id: 'x' }));
      assert.ok(e instanceof api.ApiError);
      assert.equal(e.name, 'ApiError', 'other modules recognise it by name');
      assert.equal(e.status, 404);
    } finally {
      await client.close();
    }
    assert.equal(srv.seen[0].headers.authorization, 'Bearer bundle-token');
  });
});
