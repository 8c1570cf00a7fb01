// The demo world's finished set of three attempts at one prompt (demo-rocket-13, -14, -15): the sandbox says which
// tasks form it (GET /_sandbox/attempt-sets, a demo seeding: the service has no sets), and their branches differ by
// model as docs/sandbox.md says: the file the prompt names in all three (two of them alike), a test in two (alike),
// notes in one, the README section alike in all.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { promisify } from 'node:util';
import { DEMO_ATTEMPTS, DEMO_TOKENS, demoWorld, startSandbox, type Sandbox } from '../../../src/sandbox';
import { validateWorld } from '../../../src/sandbox/world-check';
import { request } from './helpers';

const run = promisify(execFile);
const git = async (cwd: string, ...args: string[]) =>
  (
    await run('git', args, {
      cwd,
      encoding: 'utf8',
      env: { ...process.env, GIT_TERMINAL_PROMPT: '0', GIT_CONFIG_NOSYSTEM: '1', GIT_CONFIG_GLOBAL: os.devNull },
    })
  ).stdout;

describe('the demo world: a finished set of three attempts', function () {
  this.timeout(60_000);
  let dir: string;
  let sb: Sandbox | undefined;
  before(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'demo-attempts-'));
    sb = await startSandbox({ world: demoWorld(), stepMs: 0 });
  });
  after(async () => {
    await sb?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('is told by GET /_sandbox/attempt-sets, with each task’s model', async () => {
    const r = await request(sb!.url, 'GET', '/_sandbox/attempt-sets');
    assert.equal(r.status, 200);
    assert.deepEqual(r.json(), {
      attempt_sets: [
        {
          repository: 'acme/rocket',
          prompt: DEMO_ATTEMPTS.prompt,
          tasks: DEMO_ATTEMPTS.tasks.map((id, i) => ({ id, model: DEMO_ATTEMPTS.models[i] })),
        },
      ],
    });
  });

  it('its attempts changed overlapping and different files, and agree byte for byte on some', async () => {
    const heads: string[] = [];
    for (const id of DEMO_ATTEMPTS.tasks) {
      const t = (await request(sb!.url, 'GET', `/agents/tasks/${id}`, { token: DEMO_TOKENS.fineGrained })).json<{
        state: string;
        sessions: Array<{ head_ref: string; model: string }>;
      }>();
      assert.equal(t.state, 'completed');
      heads.push(t.sessions[0].head_ref);
    }
    assert.equal(new Set(heads).size, 3, 'three branches');
    const c = path.join(dir, 'clone');
    await git(dir, 'clone', '-q', `${sb!.url}/acme/rocket.git`, c);
    const changed = async (h: string) =>
      (await git(c, 'diff', '--name-only', `origin/main...origin/${h}`)).trim().split('\n').sort();
    const show = (h: string, p: string) => git(c, 'show', `origin/${h}:${p}`);
    const [opus, codex53, codex52] = await Promise.all(heads.map(changed));
    const test = 'test/abort-ignition-sensor.test.ts';
    const notes = 'docs/abort-ignition-sensor.md';
    assert.deepEqual(opus, ['README.md', 'src/ignite.ts', test].sort());
    assert.deepEqual(codex53, ['README.md', 'src/ignite.ts', test].sort());
    assert.deepEqual(codex52, [notes, 'README.md', 'src/ignite.ts'].sort());
    // The two models of one family wrote ignite.ts alike; the other family differently.
    assert.equal(await show(heads[1], 'src/ignite.ts'), await show(heads[2], 'src/ignite.ts'));
    assert.notEqual(await show(heads[0], 'src/ignite.ts'), await show(heads[1], 'src/ignite.ts'));
    assert.equal(await show(heads[0], test), await show(heads[1], test));
    assert.equal(await show(heads[0], 'README.md'), await show(heads[2], 'README.md'));
  });

  it('a world’s sets must name 2 to 4 of its tasks with one repository, creator and prompt', () => {
    const w = demoWorld();
    const bad = (attempt_sets: unknown, why: RegExp) => assert.throws(() => validateWorld({ ...w, attempt_sets }), why);
    bad([{ tasks: ['demo-rocket-13'] }], /attempt_sets\[0\]: "tasks" must list 2 to 4 task ids/);
    assert.doesNotThrow(() => validateWorld({ ...w, attempt_sets: [{ tasks: ['demo-rocket-13', 'nope'] }] }));
    bad([{ tasks: ['demo-rocket-13', 'demo-rocket-01'] }], /its tasks must have one prompt/);
    bad([{ tasks: ['demo-rocket-13', 'demo-rocket-13'] }], /in two sets, or twice in one/);
    bad({}, /"attempt_sets" must be an array/);
    assert.doesNotThrow(() => validateWorld(w));
  });
});
