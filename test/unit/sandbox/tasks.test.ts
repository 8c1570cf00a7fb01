import assert from 'node:assert/strict';
import { KNOWN_MODELS } from '../../../src/api/types';
import { tasksWorld as world } from './tasks.world';
import { SESSION_FIELDS, TASK_FIELDS, UTC_Z, useSandbox } from './helpers';

describe('sandbox tasks', () => {
  const w = world();
  const sb = useSandbox(() => w.world);
  const REPO_TASKS = '/agents/repos/acme/svc/tasks';

  describe('fields and where they are present', () => {
    it("a repository's list: tasks carry url and html_url on the request origin, no sessions, UTC timestamps", async () => {
      const r = await sb.call('GET', REPO_TASKS, { token: w.tokens.ana });
      assert.equal(r.status, 200);
      const { tasks } = r.json();
      assert.ok(tasks.length > 0);
      for (const t of tasks) {
        for (const f of TASK_FIELDS) assert.ok(f in t, `field ${f}`);
        assert.equal(t.url, `${sb.get().url}/agents/repos/acme/svc/tasks/${t.id}`);
        assert.match(t.html_url, /^http:\/\/127\.0\.0\.1:\d+\/acme\/svc\/tasks\//);
        assert.ok(!('sessions' in t));
        assert.match(t.created_at, UTC_Z);
        assert.match(t.updated_at, UTC_Z);
        assert.equal(typeof t.id, 'string');
        assert.equal(typeof t.creator.id, 'number');
        assert.equal(t.creator_type, 'user', 'lower case, as in the public description of the interface');
        assert.equal(t.repository.id, w.repos.svc);
      }
    });

    it("the user's list: tasks have neither url nor html_url nor sessions", async () => {
      const r = await sb.call('GET', '/agents/tasks', { token: w.tokens.ana });
      assert.equal(r.status, 200);
      const { tasks } = r.json();
      assert.ok(tasks.length > 0);
      for (const t of tasks) {
        for (const f of TASK_FIELDS) assert.ok(f in t, `field ${f}`);
        assert.ok(!('url' in t) && !('html_url' in t) && !('sessions' in t));
      }
    });

    it('a task read by repository or by ID includes sessions with every field, and the pull artifact of a completed task', async () => {
      for (const path of [`${REPO_TASKS}/${w.t.old}`, `/agents/tasks/${w.t.old}`]) {
        const r = await sb.call('GET', path, { token: w.tokens.ana });
        assert.equal(r.status, 200, path);
        const t = r.json();
        assert.ok(t.url && t.html_url);
        assert.equal(t.session_count, 1);
        assert.equal(t.sessions.length, 1);
        for (const f of SESSION_FIELDS) assert.ok(f in t.sessions[0], `session field ${f}`);
        assert.equal(t.sessions[0].task_id, t.id);
        assert.match(t.sessions[0].completed_at, UTC_Z);
        assert.deepEqual(
          t.artifacts.map((a: { type: string }) => a.type),
          ['pull'],
        );
        assert.equal(typeof t.artifacts[0].data.id, 'number');
      }
    });

    it('owner and repo are case-insensitive', async () => {
      const r = await sb.call('GET', `/agents/repos/ACME/Svc/tasks/${w.t.old}`, { token: w.tokens.ana });
      assert.equal(r.status, 200);
    });
  });

  describe('tokens and permissions', () => {
    const cases: Array<[string, () => string | undefined, number]> = [
      ['no token', () => undefined, 401],
      ['an unknown token', () => 'nope', 401],
      ['an installation token', () => w.tokens.inst, 403],
      ['a classic token', () => w.tokens.anaClassic, 403],
      ['a fine-grained token without agent_tasks', () => w.tokens.anaNoTasks, 403],
    ];
    for (const [what, tok, status] of cases) {
      it(`the lists and the reads with ${what} → ${status}`, async () => {
        for (const path of [REPO_TASKS, `${REPO_TASKS}/${w.t.old}`, '/agents/tasks', `/agents/tasks/${w.t.old}`]) {
          const r = await sb.call('GET', path, { token: tok() });
          assert.equal(r.status, status, path);
          const body = r.json();
          assert.equal(typeof body.message, 'string');
          assert.equal(typeof body.documentation_url, 'string');
        }
      });
    }

    it('a malformed Authorization header is 401', async () => {
      const r = await sb.call('GET', REPO_TASKS, { headers: { authorization: 'Basic abc' } });
      assert.equal(r.status, 401);
    });

    it('an app user token with agent_tasks is a fine-grained token and reads tasks', async () => {
      assert.equal((await sb.call('GET', REPO_TASKS, { token: w.tokens.anaAppUserTasks })).status, 200);
    });

    it('a read token reads but cannot start', async () => {
      assert.equal((await sb.call('GET', REPO_TASKS, { token: w.tokens.anaRead })).status, 200);
      const r = await sb.call('POST', REPO_TASKS, { token: w.tokens.anaRead, body: { prompt: 'x' } });
      assert.equal(r.status, 403);
    });

    it('a repository the user cannot read is 404, in its list, its reads and its start', async () => {
      assert.equal((await sb.call('GET', '/agents/repos/acme/secret/tasks', { token: w.tokens.dee })).status, 404);
      assert.equal(
        (await sb.call('GET', `/agents/repos/acme/secret/tasks/${w.t.hidden}`, { token: w.tokens.dee })).status,
        404,
      );
      assert.equal((await sb.call('GET', `/agents/tasks/${w.t.hidden}`, { token: w.tokens.dee })).status, 404);
      assert.equal(
        (await sb.call('POST', '/agents/repos/acme/secret/tasks', { token: w.tokens.dee, body: { prompt: 'x' } }))
          .status,
        404,
      );
      assert.equal((await sb.call('GET', '/agents/repos/acme/nothing/tasks', { token: w.tokens.ana })).status, 404);
    });

    it('a public repository is readable by anyone with a token', async () => {
      const r = await sb.call('GET', '/agents/repos/ana/pub/tasks', { token: w.tokens.dee });
      assert.equal(r.status, 200);
      assert.deepEqual(
        r.json().tasks.map((t: { id: string }) => t.id),
        [w.t.public],
      );
    });

    it('a task read through another repository is 404', async () => {
      assert.equal(
        (await sb.call('GET', `/agents/repos/ana/pub/tasks/${w.t.old}`, { token: w.tokens.ana })).status,
        404,
      );
    });
  });

  describe('starting a task', () => {
    it('creates a queued task, 201, with url and no sessions, listed afterwards', async () => {
      const r = await sb.call('POST', REPO_TASKS, {
        token: w.tokens.ana,
        body: {
          prompt: 'Fix the build\nplease',
          model: KNOWN_MODELS[2],
          create_pull_request: true,
          base_ref: 'dev',
          custom_agent: 'reviewer',
        },
      });
      assert.equal(r.status, 201);
      const t = r.json();
      assert.equal(t.state, 'queued');
      assert.deepEqual(t.artifacts, []);
      assert.equal(t.archived_at, null);
      assert.equal(t.session_count, 0);
      assert.equal(t.name, 'Fix the build');
      assert.ok(!('sessions' in t));
      assert.equal(r.headers.location, t.url);
      assert.match(t.created_at, UTC_Z);
      const list = (await sb.call('GET', REPO_TASKS, { token: w.tokens.ana })).json();
      assert.equal(list.tasks.filter((x: { id: string }) => x.id === t.id).length, 1);
    });

    it('the plan rule: a user without business or enterprise cannot start (403), and nothing is created', async () => {
      const before = (await sb.call('GET', REPO_TASKS, { token: w.tokens.ana })).json().tasks.length;
      const r = await sb.call('POST', REPO_TASKS, { token: w.tokens.bo, body: { prompt: 'x' } });
      assert.equal(r.status, 403);
      assert.match(r.json().message, /business or enterprise/);
      assert.equal((await sb.call('GET', REPO_TASKS, { token: w.tokens.ana })).json().tasks.length, before);
    });

    it('read access to the repository is not enough to start (403)', async () => {
      assert.equal((await sb.call('POST', REPO_TASKS, { token: w.tokens.cy, body: { prompt: 'x' } })).status, 403);
    });

    it('an unparseable body is 400', async () => {
      for (const body of ['{', '', 'prompt=x', '\u0000']) {
        const r = await sb.call('POST', REPO_TASKS, {
          token: w.tokens.ana,
          body,
          headers: { 'content-type': 'application/json' },
        });
        assert.equal(r.status, 400, JSON.stringify(body));
        assert.match(r.json().message, /Problems parsing JSON/);
      }
    });

    it('a JSON body is accepted whatever the Content-Type says', async () => {
      const r = await sb.call('POST', REPO_TASKS, {
        token: w.tokens.ana,
        body: '{"prompt":"x"}',
        headers: { 'content-type': 'text/plain' },
      });
      assert.equal(r.status, 201);
    });

    const invalid: Array<[string, unknown, string]> = [
      ['missing prompt', {}, 'prompt'],
      ['numeric prompt', { prompt: 5 }, 'prompt'],
      ['blank prompt', { prompt: '  ' }, 'prompt'],
      ['unknown model', { prompt: 'x', model: 'gpt-0' }, 'model'],
      ['non-boolean create_pull_request', { prompt: 'x', create_pull_request: 'yes' }, 'create_pull_request'],
      ['non-string base_ref', { prompt: 'x', base_ref: 1 }, 'base_ref'],
      ['non-string head_ref', { prompt: 'x', head_ref: ['a'] }, 'head_ref'],
      ['non-string custom_agent', { prompt: 'x', custom_agent: {} }, 'custom_agent'],
      ['an array body', [], 'body'],
      ['a string body', 'x', 'body'],
    ];
    for (const [what, body, field] of invalid) {
      it(`${what} is 422 with errors naming ${field}`, async () => {
        const r = await sb.call('POST', REPO_TASKS, { token: w.tokens.ana, body: JSON.stringify(body) });
        assert.equal(r.status, 422);
        const e = r.json();
        assert.equal(e.message, 'Validation Failed');
        assert.ok(e.documentation_url);
        assert.ok(
          e.errors.some((x: { field: string }) => x.field === field),
          JSON.stringify(e.errors),
        );
      });
    }

    it('a body over 1 MiB is 400 and creates nothing', async () => {
      const before = (await sb.call('GET', REPO_TASKS, { token: w.tokens.ana })).json().tasks.length;
      const r = await sb.call('POST', REPO_TASKS, {
        token: w.tokens.ana,
        body: JSON.stringify({ prompt: 'x'.repeat(1_100_000) }),
      });
      assert.equal(r.status, 400);
      assert.equal((await sb.call('GET', REPO_TASKS, { token: w.tokens.ana })).json().tasks.length, before);
    });
  });
});
