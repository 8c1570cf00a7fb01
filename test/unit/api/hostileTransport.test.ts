// A hostile service at the HTTP level, through the real client against scripted node:http servers: answers too
// large to read, waits too long to obey, writes redirected elsewhere, the token echoed back in addresses.
import assert from 'node:assert/strict';
import { inspect } from 'node:util';
import type { ApiWarning, ResponseInfo } from '../../../src/api';
import { ApiClient, ApiError, MAX_BODY_BYTES, MAX_WAIT_MS } from '../../../src/api';
import { giantWaitHeaders, streamHuge, UNREADABLE_WAITS } from '../../support/hostile';
import { rawTask } from '../../support/serviceData';
import type { Scripted } from './scripted';
import { closeAll, empty, json, rejection, scripted } from './scripted';

const SECRET = 'tok-ECHOED-9f8e7d';
const HOUR = 3_600_000;

describe('api: a hostile service', () => {
  let srv: Scripted | undefined;
  let other: Scripted | undefined;
  let client: ApiClient | undefined;
  afterEach(async () => {
    client = await closeAll(client, srv);
    await other?.close();
    srv = other = undefined;
  });

  describe('answer size', () => {
    it('cuts off a 48 MiB answer while it streams, with an ApiError, and reads no more of it', async () => {
      let written: Promise<number> | undefined;
      srv = await scripted((_req, res) => {
        written = streamHuge(res, 48 * 1024 * 1024);
      });
      client = new ApiClient({ baseUrl: srv.url, retries: 0 });
      const e = await rejection(client.listTasks());
      assert.ok(e instanceof ApiError);
      assert.equal(e.kind, 'invalid_response');
      assert.equal(e.status, 200);
      assert.match(e.message, /larger than 4 MiB; it was cut off and not read/);
      const sent = await written!;
      // The kernel's socket buffers hold some MiB past what was read; far less than the whole answer.
      assert.ok(sent < 24 * 1024 * 1024, `the server got rid of ${sent} bytes`);
      assert.equal(MAX_BODY_BYTES, 4 * 1024 * 1024);
    });

    it('refuses an answer whose Content-Length is above the bound before reading it', async () => {
      let sent = 0;
      srv = await scripted((_req, res) => {
        res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(48 * 1024 * 1024) });
        const chunk = Buffer.alloc(64 * 1024, 0x20);
        const pump = (): void => {
          while (!res.destroyed && sent < 48 * 1024 * 1024) {
            sent += chunk.length;
            if (!res.write(chunk)) return void res.once('drain', pump);
          }
        };
        pump();
      });
      client = new ApiClient({ baseUrl: srv.url, retries: 0 });
      const e = await rejection(client.listTasks());
      assert.equal(e.kind, 'invalid_response');
      assert.match(e.message, /larger than 4 MiB/);
    });

    it('still reads an answer just under the bound', async () => {
      const name = 'x'.repeat(MAX_BODY_BYTES - 1024);
      srv = await scripted(json(200, { tasks: [rawTask('a', { name })] }));
      client = new ApiClient({ baseUrl: srv.url });
      const { tasks } = await client.listTasks();
      assert.equal(tasks[0].name.length, name.length);
    });
  });

  describe('waits', () => {
    it('bounds Retry-After, x-poll-interval and a far rate-limit reset to an hour, and says so once', async () => {
      srv = await scripted(json(429, { message: 'later' }, giantWaitHeaders()));
      const warnings: ApiWarning[] = [];
      client = new ApiClient({ baseUrl: srv.url, onWarning: w => warnings.push(w) });
      const t0 = Date.now();
      const e = await rejection(client.listTasks());
      assert.ok(e instanceof ApiError);
      assert.equal(e.status, 429);
      assert.equal(e.retryAfterMs, HOUR);
      assert.ok(e.rateLimit?.reset && e.rateLimit.reset.getTime() - t0 <= HOUR + 1000, String(e.rateLimit?.reset));
      assert.equal(client.pollIntervalMs, HOUR);
      assert.equal(MAX_WAIT_MS, HOUR);
      await rejection(client.listTasks()).catch(() => undefined);
      const waits = warnings.filter(w => w.kind === 'wait');
      assert.deepEqual(waits.map(w => w.message.split(' ')[0]).sort(), [
        'Retry-After',
        'x-poll-interval',
        'x-ratelimit-reset',
      ]);
      assert.ok(
        waits.every(w => /waiting at most an hour instead/.test(w.message)),
        JSON.stringify(waits),
      );
    });

    it('fails fast for an hour at most after an exhausted limit that claims to reset in twenty years', async () => {
      srv = await scripted(json(403, { message: 'API rate limit exceeded' }, giantWaitHeaders()));
      client = new ApiClient({ baseUrl: srv.url });
      await rejection(client.listTasks());
      const e = await rejection(client.listTasks());
      assert.ok(e instanceof ApiError);
      assert.equal(srv.seen.length, 1, 'not sent while exhausted');
      assert.equal(e.kind, 'rate_limited');
      assert.ok(e.retryAfterMs! <= HOUR && e.retryAfterMs! > HOUR - 60_000, String(e.retryAfterMs));
    });

    it('ignores waits that are not numbers, and says so', async () => {
      srv = await scripted(json(429, { message: 'later' }, { ...UNREADABLE_WAITS }));
      const warnings: ApiWarning[] = [];
      client = new ApiClient({ baseUrl: srv.url, retries: 0, onWarning: w => warnings.push(w) });
      const e = await rejection(client.listTasks());
      assert.equal(e.retryAfterMs, undefined);
      assert.equal(e.rateLimit, undefined);
      assert.equal(client.pollIntervalMs, undefined);
      assert.deepEqual(
        warnings.map(w => w.message),
        [
          'x-poll-interval is not a number of seconds; ignored',
          'Retry-After is neither a number of seconds nor a date; ignored',
        ],
      );
    });
  });

  describe('writes and redirects', () => {
    for (const [method, status, call] of [
      ['POST', 307, (c: ApiClient) => c.startTask({ owner: 'o', repo: 'r', prompt: 'the secret plan' })],
      ['POST', 308, (c: ApiClient) => c.startTask({ owner: 'o', repo: 'r', prompt: 'the secret plan' })],
      ['POST', 303, (c: ApiClient) => c.startTask({ owner: 'o', repo: 'r', prompt: 'the secret plan' })],
      ['POST', 302, (c: ApiClient) => c.startTask({ owner: 'o', repo: 'r', prompt: 'the secret plan' })],
      ['PUT', 307, (c: ApiClient) => c.addRepoToInstallation({ installation_id: 1, repository_id: 2 })],
      ['DELETE', 308, (c: ApiClient) => c.removeRepoFromInstallation({ installation_id: 1, repository_id: 2 })],
    ] as const) {
      it(`does not follow a ${status} of a ${method} to another origin, and says why`, async () => {
        other = await scripted(json(201, rawTask('planted')));
        srv = await scripted(empty(status, { location: `${other.url}/agents/repos/o/r/tasks` }));
        client = new ApiClient({ baseUrl: srv.url, token: SECRET });
        const e = await rejection(call(client));
        assert.ok(e instanceof ApiError);
        assert.equal(e.kind, 'refused');
        assert.match(
          e.message,
          new RegExp(
            `^${method} /\\S+: the service redirected it to another address \\(${other.url.replace(/[.]/g, '\\.')}\\); a ${method} goes only to the service, so it was not sent there$`,
          ),
        );
        assert.equal(other.seen.length, 0, 'nothing reached the other origin');
        assert.equal(srv.seen.length, 1);
      });
    }

    it('still follows a redirect of a write within the service origin, with its body', async () => {
      srv = await scripted([empty(307, { location: '/agents/repos/o/r2/tasks' }), json(201, rawTask('t1'))]);
      client = new ApiClient({ baseUrl: srv.url, token: SECRET });
      const t = await client.startTask({ owner: 'o', repo: 'r', prompt: 'p' });
      assert.equal(t.id, 't1');
      assert.equal(srv.seen[1].method, 'POST');
      assert.deepEqual(JSON.parse(srv.seen[1].body), { prompt: 'p' });
    });

    it('still follows a GET to another origin, without the token', async () => {
      other = await scripted(json(200, { tasks: [] }));
      srv = await scripted(empty(302, { location: `${other.url}/x` }));
      client = new ApiClient({ baseUrl: srv.url, token: SECRET });
      assert.deepEqual(await client.listTasks(), { tasks: [] });
      assert.equal(other.seen[0].headers.authorization, undefined);
    });
  });

  describe('the token echoed back', () => {
    const forms = [SECRET, encodeURIComponent(SECRET), SECRET.toUpperCase()];

    it('never reaches the logged path, from a Location or a Link, in any form', async () => {
      srv = await scripted([
        (_req, res) => {
          res.writeHead(302, { location: `/agents/tasks?access_token=${SECRET}&x=${encodeURIComponent(SECRET)}` });
          res.end();
        },
        (_req, res) => {
          res.writeHead(200, {
            'content-type': 'application/json',
            link: `<${srv!.url}/agents/tasks?page=2&t=${SECRET}>; rel="next"`,
          });
          res.end(JSON.stringify({ tasks: [rawTask('a')] }));
        },
        (_req, res) => {
          res.writeHead(200, {
            'content-type': 'application/json',
            link: `<https://elsewhere.example/p?t=${SECRET}>; rel="next"`,
          });
          res.end(JSON.stringify({ tasks: [rawTask('b'), rawTask(null)] }));
        },
      ]);
      const infos: ResponseInfo[] = [];
      const warnings: ApiWarning[] = [];
      client = new ApiClient({
        baseUrl: srv.url,
        token: SECRET,
        onResponse: i => infos.push(i),
        onWarning: w => warnings.push(w),
      });
      const got: string[] = [];
      const e = await rejection(
        (async () => {
          for await (const t of client.paginate('listTasks', {})) got.push(t.id);
        })(),
      );
      assert.deepEqual(got, ['a', 'b']);
      assert.equal(infos.length, 3);
      assert.match(infos[1].path, /access_token=\[REDACTED\]&x=\[REDACTED\]/);
      assert.match(infos[2].path, /t=\[REDACTED\]/);
      assert.equal(e.kind, 'refused');
      assert.ok(warnings.length > 0);
      const texts = [
        JSON.stringify(infos),
        JSON.stringify(warnings),
        e.message,
        JSON.stringify(e),
        inspect(e, { depth: 5 }),
      ];
      for (const text of texts) for (const f of forms) assert.ok(!text.includes(f), `${f} in ${text}`);
    });

    it('never reaches an error text built from a page that carried it', async () => {
      srv = await scripted([
        (_req, res) => {
          res.writeHead(200, {
            'content-type': 'application/json',
            link: `<${srv!.url}/agents/tasks?t=${SECRET}>; rel="next"`,
          });
          res.end(JSON.stringify({ tasks: [] }));
        },
        json(200, { tasks: 'none' }),
      ]);
      client = new ApiClient({ baseUrl: srv.url, token: SECRET });
      const e = await rejection(
        (async () => {
          for await (const _ of client.paginate('listTasks', {})) void _;
        })(),
      );
      assert.equal(e.kind, 'invalid_response');
      for (const text of [e.message, JSON.stringify(e), inspect(e, { depth: 5 })])
        for (const f of forms) assert.ok(!text.includes(f), text);
    });
  });
});
