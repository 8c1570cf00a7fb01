// Failures said in the user's terms, from real ApiErrors: those the client makes from a scripted service's answers,
// and (for the no-answer kinds) those it makes itself.
import * as assert from 'node:assert/strict';
import { ApiClient, ApiError } from '../../../src/api';
import { statusOf } from '../../../src/errors/failure';
import { explain, NoServiceError } from '../../../src/errors/userErrors';
import type { Handler, Scripted } from '../api/scripted';
import { closeAll, json, rejection, scripted } from '../api/scripted';

describe('errors/explain', () => {
  let srv: Scripted | undefined;
  let client: ApiClient | undefined;
  afterEach(async () => {
    client = await closeAll(client, srv);
    srv = undefined;
  });

  /** The ApiError the real client rejects with when the service answers with `handler`. */
  async function failureOf(
    handler: Handler,
    call: (c: ApiClient) => Promise<unknown> = c => c.listTasks(),
  ): Promise<ApiError> {
    srv = await scripted(handler);
    client = new ApiClient({ baseUrl: srv.url, token: 'tok-user-errors', retries: 0 });
    const e = await rejection(call(client));
    assert.ok(e instanceof ApiError, String(e));
    return e;
  }

  it('names the missing token for 401', async () => {
    const e = explain(await failureOf(json(401, { message: 'Bad credentials' })));
    assert.equal(e.remedy, 'setToken');
    assert.match(e.text, /fine-grained token is missing, expired or revoked/);
  });

  it('explains a refused start in terms of subscription and permission, with what the service said', async () => {
    const err = await failureOf(json(403, { message: 'Boom.' }), c =>
      c.startTask({ owner: 'acme', repo: 'rocket', prompt: 'p' }),
    );
    const e = explain(err, { starting: true, repo: 'acme/rocket' });
    assert.match(e.text, /business or enterprise subscription/);
    assert.match(e.text, /acme\/rocket/);
    assert.match(e.text, /The service said: “Boom”/);
    assert.equal(statusOf(err), 403);
  });

  it('lists validation errors', async () => {
    const err = await failureOf(
      json(422, {
        message: 'Validation Failed',
        errors: [
          { field: 'model', code: 'invalid' },
          { field: 'prompt', message: 'is too long' },
        ],
      }),
    );
    assert.equal(explain(err).text, 'The service rejected the request: model: invalid; prompt: is too long');
  });

  it('says when a rate limit lifts', async () => {
    const reset = Math.floor(Date.parse('2026-03-10T12:34:00Z') / 1000);
    const err = await failureOf(
      json(
        403,
        { message: 'API rate limit exceeded' },
        { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': String(reset) },
      ),
    );
    assert.equal(err.kind, 'rate_limited');
    const e = explain(err);
    assert.match(e.text, /12:34 UTC/);
    assert.equal(e.remedy, 'retry');
  });

  it('says a rate limit far ahead lifts within the hour the client waits at most', async () => {
    const err = await failureOf(json(429, { message: 'slow down' }, { 'retry-after': '99999999' }));
    const hhmm = new Date(Date.now() + err.retryAfterMs!).toISOString().slice(11, 16);
    assert.ok(err.retryAfterMs! <= 3_600_000);
    assert.match(explain(err).text, new RegExp(`until ${hhmm} UTC`));
  });

  it('covers a network failure, a timeout, a refusal, a server error and plain errors', async () => {
    srv = await scripted(json(200, {}));
    const url = srv.url;
    await srv.close();
    srv = undefined;
    client = new ApiClient({ baseUrl: url, retries: 0 });
    const network = await rejection(client.listTasks());
    assert.ok(network instanceof ApiError && network.kind === 'network');
    assert.equal(explain(network).remedy, 'retry');
    assert.match(explain(network).text, /cannot be reached/);
    // With the address: where, and that no answer came, with what the network said (its code once).
    const withAddress = explain(network, { address: url }).text;
    assert.ok(withAddress.startsWith(`The service at ${url} cannot be reached (no answer: connect ECONNREFUSED`));
    assert.equal(withAddress.match(/ECONNREFUSED/g)?.length, 1, withAddress);

    const timeout = new ApiError({
      status: 0,
      kind: 'timeout',
      message: 'GET /x timed out after 5 ms',
      method: 'GET',
      path: '/x',
    });
    assert.equal(explain(timeout).text, 'The service did not answer in time.');

    const plainHttp = new ApiClient({ baseUrl: 'http://tasks.example.com', token: 'tok-user-errors' });
    const refused = await rejection(plainHttp.listTasks());
    await plainHttp.close();
    assert.ok(refused instanceof ApiError && refused.kind === 'refused');
    assert.equal(explain(refused).remedy, 'openSettings');
    assert.match(explain(refused).text, /^The request was not sent: .*plain http/);

    const server = await failureOf(json(503, { message: 'down' }));
    assert.equal(explain(server).remedy, 'retry');
    assert.match(explain(server).text, /\(503\)/);

    assert.equal(explain(new Error('No service')).text, 'No service');
    assert.equal(statusOf(new Error('No service')), undefined);
  });

  it('says an answer that could not be read was not read, rather than that the service answered 200', async () => {
    const err = await failureOf(json(200, { tasks: 'none' }));
    const e = explain(err);
    assert.equal(
      e.text,
      'The service\'s answer could not be read: GET /agents/tasks: unreadable answer: the answer has no "tasks" list.',
    );
    assert.equal(e.remedy, 'showLog');
  });

  it('explains a write the service redirected elsewhere as not sent, keeping the reason', async () => {
    const err = await failureOf(
      (_req, res) => {
        res.writeHead(307, { location: 'https://elsewhere.example/agents/repos/acme/rocket/tasks' });
        res.end();
      },
      c => c.startTask({ owner: 'acme', repo: 'rocket', prompt: 'p' }),
    );
    const e = explain(err, { starting: true });
    assert.match(
      e.text,
      /^The request was not sent: POST \/agents\/repos\/acme\/rocket\/tasks: the service redirected it to another address/,
    );
  });

  it('names which token to set, and offers the service address when none is set', async () => {
    const e = explain(await failureOf(json(401, { message: 'Bad credentials' })));
    assert.deepEqual([e.remedy, e.tokenKind, e.status], ['setToken', 'fine_grained', 401]);
    assert.equal(explain(new NoServiceError()).remedy, 'configureService');
  });

  it("reads only ApiErrors as the service's answers: an object that merely looks like one is not", () => {
    const lookalike = { status: 401, message: 'Bad credentials' };
    assert.equal(explain(lookalike).remedy, 'showLog');
    assert.equal(statusOf(lookalike), undefined);
  });
});
