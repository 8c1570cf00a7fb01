import assert from 'node:assert/strict';
import { DEMO_TOKENS, demoWorld, parseWorld, startSandbox, validateWorld, WorldError } from '../../../src/sandbox';
import { TASK_STATES } from '../../../src/api/types';
import { WorldBuilder, request } from './helpers';

// Loosely typed on purpose: the tests break worlds in ways the world's own type does not allow.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Loose = any;

function base(): Loose {
  const b = new WorldBuilder();
  const ana = b.user('ana');
  b.org('acme', [ana]);
  const svc = b.repo('acme', 'svc', { [ana]: 'admin' });
  b.installation('acme', 'selected', [svc]);
  b.fineGrained(ana);
  b.task(svc, ana);
  return b.build();
}

describe('sandbox world files', () => {
  it('accepts the example of the format', () => {
    const w = parseWorld(
      JSON.stringify({
        users: [{ id: 11, login: 'ana', copilot_plan: 'business' }],
        organizations: [{ id: 900, login: 'acme', members: [11] }],
        repositories: [{ id: 5000, owner: 'acme', name: 'svc', private: false, access: { 11: 'admin' } }],
        installations: [
          {
            id: 71,
            account: 'acme',
            app_id: 3,
            app_slug: 'ci-bot',
            repository_selection: 'selected',
            repositories: [5000],
            permissions: { contents: 'read' },
            events: ['push'],
          },
        ],
        tokens: [
          { value: 'a', type: 'fine_grained', user: 11, permissions: { agent_tasks: 'write', metadata: 'read' } },
          { value: 'b', type: 'app_user', user: 11, permissions: { metadata: 'read' } },
          { value: 'c', type: 'classic', user: 11, scopes: ['repo'] },
          { value: 'd', type: 'installation', installation: 71 },
        ],
        tasks: [],
      }),
    );
    assert.equal(w.users[0].login, 'ana');
  });

  const broken: Array<[string, (w: Loose) => void, RegExp]> = [
    ['not an object', w => Object.assign(w, { users: 'x' }), /"users" must be an array/],
    ['a user without a login', w => delete w.users[0].login, /users\[0\]: "login"/],
    [
      'a duplicate account id',
      w => (w.organizations[0].id = w.users[0].id),
      /organizations\[0\] \(acme\): duplicate account id/,
    ],
    [
      'an org member that is not a user',
      w => w.organizations[0].members.push(4242),
      /organizations\[0\] \(acme\): member 4242/,
    ],
    [
      'a repository with an unknown owner',
      w => (w.repositories[0].owner = 'ghost'),
      /repositories\[0\] \(ghost\/svc\): owner "ghost"/,
    ],
    [
      'an access level that does not exist',
      w => (w.repositories[0].access = { [w.users[0].id]: 'owner' }),
      /repositories\[0\] \(acme\/svc\): access of user \d+ must be/,
    ],
    [
      'an access key that is not a user',
      w => (w.repositories[0].access = { 77: 'read' }),
      /repositories\[0\].*access key "77"/,
    ],
    [
      'a duplicate repository',
      w => w.repositories.push({ ...w.repositories[0], id: 9 }),
      /repositories\[1\] \(acme\/svc\): duplicate repository/,
    ],
    [
      'an installation with a bad selection',
      w => (w.installations[0].repository_selection = 'some'),
      /installations\[0\] \(70\): "repository_selection"/,
    ],
    [
      'an installation with a foreign repository',
      w => {
        w.users.push({ id: 1, login: 'zed' });
        w.repositories.push({ id: 9, owner: 'zed', name: 'x' });
        w.installations[0].repositories.push(9);
      },
      /installations\[0\] \(70\): repository 9 does not belong to acme/,
    ],
    ['a token of an unknown type', w => (w.tokens[0].type = 'oauth'), /tokens\[0\]: "type" must be one of/],
    ['a token of an unknown user', w => (w.tokens[0].user = 5), /tokens\[0\]: user 5 does not exist/],
    ['a duplicate token', w => w.tokens.push({ ...w.tokens[0] }), /tokens\[1\]: duplicate token value/],
    [
      'an installation token of no installation',
      w => w.tokens.push({ value: 'z', type: 'installation', installation: 1 }),
      /tokens\[1\]: installation 1 does not exist/,
    ],
    ['a task in an unknown state', w => (w.tasks[0].state = 'done'), /tasks\[0\] \(t001\): "state" must be one of/],
    ['a task without a prompt', w => delete w.tasks[0].prompt, /tasks\[0\] \(t001\): "prompt"/],
    [
      'a task with a bad timestamp',
      w => (w.tasks[0].created_at = '2026-01-01'),
      /tasks\[0\] \(t001\): "created_at" must be an ISO 8601/,
    ],
    [
      'a task of an unknown repository',
      w => (w.tasks[0].repository = 1),
      /tasks\[0\] \(t001\): repository 1 does not exist/,
    ],
    [
      'git that is not an object',
      w => (w.repositories[0].git = true),
      /repositories\[0\] \(acme\/svc\): "git" must be an object/,
    ],
    [
      'a git file path that climbs out',
      w => (w.repositories[0].git = { files: { '../x': 'a' } }),
      /repositories\[0\] \(acme\/svc\): "git.files" path "\.\.\/x"/,
    ],
    [
      'a git file inside .git',
      w => (w.repositories[0].git = { files: { '.git/config': 'a' } }),
      /"git.files" path "\.git\/config"/,
    ],
    [
      'an absolute git file path',
      w => (w.repositories[0].git = { files: { '/etc/x': 'a' } }),
      /"git.files" path "\/etc\/x"/,
    ],
    [
      'a git file path with a line break',
      w => (w.repositories[0].git = { files: { 'a\nM 100644 inline x': 'a' } }),
      /"git.files" path/,
    ],
    [
      'a git file that is not text',
      w => (w.repositories[0].git = { files: { 'a.txt': 1 } }),
      /"git.files" "a.txt" must be a string/,
    ],
  ];
  for (const [what, mutate, message] of broken) {
    it(`rejects ${what}, naming the entry`, () => {
      const w = base();
      mutate(w);
      assert.throws(
        () => validateWorld(w),
        (e: Error) => (e instanceof WorldError && message.test(e.message)) || assert.fail(e.message),
      );
    });
  }

  it('names the file and says when it is not JSON', () => {
    assert.throws(() => parseWorld('{', 'w.json'), /w\.json: not valid JSON/);
  });

  it('startSandbox refuses an invalid world', async () => {
    const w = base();
    w.tokens[0].user = 5;
    await assert.rejects(startSandbox({ world: w, stepMs: 0 }), WorldError);
  });

  it('a world task without sessions gets one once past queued, and a completed one its artifact', async () => {
    const b = new WorldBuilder();
    const ana = b.user('ana');
    const svc = b.repo('ana', 'svc');
    const tok = b.fineGrained(ana);
    const done = b.task(svc, ana, { state: 'completed' });
    const branch = b.task(svc, ana, { state: 'completed', create_pull_request: false, head_ref: 'feature/x' });
    const queued = b.task(svc, ana);
    const sb = await startSandbox({ world: b.build(), stepMs: 0 });
    try {
      const get = async (id: string) => (await request(sb.url, 'GET', `/agents/tasks/${id}`, { token: tok })).json();
      const d = await get(done);
      assert.equal(d.sessions.length, 1);
      assert.equal(d.artifacts.length, 1);
      const br = await get(branch);
      assert.equal(br.artifacts[0].type, 'branch');
      assert.equal(br.sessions[0].head_ref, 'feature/x');
      const q = await get(queued);
      assert.deepEqual([q.sessions, q.session_count, q.artifacts], [[], 0, []]);
    } finally {
      await sb.close();
    }
  });
});

describe('sandbox demo world', () => {
  it('is valid and holds what the team relies on', () => {
    const w = validateWorld(demoWorld());
    const users = Object.fromEntries(w.users.map(u => [u.login, u]));
    assert.deepEqual(
      [
        users.mona.id,
        users.mona.copilot_plan,
        users.lee.id,
        users.lee.copilot_plan,
        users.kai.id,
        users.kai.copilot_plan,
      ],
      [1001, 'business', 1002, 'free', 1003, 'enterprise'],
    );
    assert.deepEqual(
      w.organizations!.map(o => [o.id, o.login, o.members]),
      [
        [900, 'acme', [1001, 1002, 1003]],
        [901, 'globex', [1001]],
      ],
    );
    assert.deepEqual(
      w.repositories.map(r => [r.id, `${r.owner}/${r.name}`]),
      [
        [5000, 'acme/rocket'],
        [5001, 'acme/website'],
        [5002, 'acme/infra'],
        [5003, 'mona/dotfiles'],
        [5004, 'globex/portal'],
        [5005, 'acme/docs'],
      ],
    );
    assert.deepEqual(w.repositories[0].access, { 1001: 'admin', 1002: 'write', 1003: 'read' });
    assert.deepEqual(
      w.installations!.map(i => [
        i.id,
        i.account,
        i.app_slug,
        i.app_id,
        i.repository_selection,
        i.repositories ?? null,
      ]),
      [
        [71, 'acme', 'ci-bot', 3, 'selected', [5000, 5001]],
        [72, 'mona', 'lint-bot', 4, 'all', null],
        [73, 'globex', 'ci-bot', 3, 'selected', [5004]],
      ],
    );
    assert.deepEqual(Object.keys(DEMO_TOKENS).sort(), [
      'appUser',
      'classic',
      'classicNoScope',
      'fineGrained',
      'fineGrainedRead',
      'freePlan',
      'installation',
    ]);
    for (const v of Object.values(DEMO_TOKENS))
      assert.ok(
        w.tokens.some(t => t.value === v),
        v,
      );
    const states = new Set(w.tasks!.map(t => t.state));
    for (const s of TASK_STATES) assert.ok(states.has(s), s);
    assert.equal(w.tasks!.filter(t => t.archived_at).length, 1);
    assert.ok(w.tasks!.some(t => t.repository === 5003));
    // The demo workspace is a clone of acme/rocket: its files, prompt file and custom agent come from here.
    assert.deepEqual(
      w.repositories.filter(r => r.git).map(r => r.name),
      ['rocket'],
    );
    assert.deepEqual(Object.keys(w.repositories[0].git!.files!).sort(), [
      '.github/agents/reviewer.agent.md',
      '.github/prompts/add-tests.prompt.md',
      'README.md',
      'src/countdown.ts',
      'src/ignite.ts',
      'src/legacy-telemetry.ts',
      'src/telemetry.ts',
      'test/countdown.test.ts',
    ]);
  });

  it('demoWorld() is a fresh copy each time', () => {
    const a = demoWorld();
    a.users.pop();
    assert.equal(demoWorld().users.length, 3);
  });
});
