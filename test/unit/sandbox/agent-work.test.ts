// The sandbox agent's work on a session's branch, fetched with the real git client: generated commits (what kinds of
// change, one per step, the same after a reset, none twice after a restart) and commits a world task spells out.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { promisify } from 'node:util';
import { startSandbox, type Sandbox, type WorldTask } from '../../../src/sandbox';
import { WorldBuilder, request } from './helpers';

const run = promisify(execFile);

async function git(cwd: string, ...args: string[]): Promise<string> {
  const env = { ...process.env, GIT_TERMINAL_PROMPT: '0', GIT_CONFIG_NOSYSTEM: '1', GIT_CONFIG_GLOBAL: os.devNull };
  return (await run('git', args, { cwd, env, encoding: 'utf8' })).stdout.trim();
}

const FILES = {
  'README.md': '# svc\n\nA service.\n',
  'src/main.ts': "import { greet } from './greet';\n\nconsole.log(greet('svc'));\n",
  'src/greet.ts': 'export function greet(name: string): string {\n  return `hello ${name}`;\n}\n',
  'src/config.ts': 'export const port = 8080;\n',
  'src/routes.ts': "export const routes = ['/', '/health'];\n",
  'docs/usage.md': '# Usage\n\nRun it.\n',
};

/** ana/svc served with FILES on `trunk`; `tasks` added as given (ids t001…). */
function world(tasks: Array<Partial<WorldTask>> = []) {
  const b = new WorldBuilder();
  const ana = b.user('ana');
  const svc = b.repo('ana', 'svc');
  const tok = b.fineGrained(ana);
  for (const t of tasks) b.task(svc, ana, t);
  const w = b.build();
  w.repositories[0].default_branch = 'trunk';
  w.repositories[0].git = { files: { ...FILES } };
  return { world: w, tok };
}

const DONE = { state: 'completed', created_at: '2026-03-01T10:00:00Z', updated_at: '2026-03-01T10:20:00Z' };

describe("sandbox agent's work on a session's branch", function () {
  this.timeout(60_000);
  let dir: string;
  let sb: Sandbox | undefined;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sbx-work-'));
  });
  afterEach(async () => {
    await sb?.close();
    sb = undefined;
    fs.rmSync(dir, { recursive: true, force: true });
  });
  const url = () => `${sb!.url}/ana/svc.git`;
  const tip = async (branch: string) => (await git(dir, 'ls-remote', url(), `refs/heads/${branch}`)).split('\t')[0];
  /** A fresh clone with every branch of the sandbox as a remote-tracking branch. */
  const clone = async (): Promise<string> => {
    const c = fs.mkdtempSync(path.join(dir, 'clone-'));
    await git(c, 'clone', '-q', url(), '.');
    return c;
  };
  /** What `base...head` changes, as git's name-status with renames: ["M\tsrc/a.ts", "R100\tx\ty", …]. */
  const changes = (c: string, head: string) =>
    git(c, '-c', 'core.quotePath=false', 'diff', '--name-status', '-M', `origin/trunk...origin/${head}`).then(o =>
      o.split('\n').filter(Boolean),
    );
  const patch = (id: string, body: object) => request(sb!.url, 'PATCH', `/_sandbox/tasks/${id}`, { body });

  it('generates changes that fit the prompt: the files it names or is about, a test when asked, a file removed or moved when asked', async () => {
    const prompts = [
      'Add a health check to the routes, with a test',
      'Cache the greeting',
      'Move src/config.ts to legacy/',
      'Delete docs/usage.md',
    ];
    const w = world(prompts.map((prompt, i) => ({ ...DONE, prompt, head_ref: `work/${i}` })));
    sb = await startSandbox({ world: w.world, stepMs: 0 });
    const c = await clone();
    for (let i = 0; i < prompts.length; i++)
      assert.equal(await git(c, 'rev-list', '--count', `origin/trunk..origin/work/${i}`), '2', 'a start and a last');
    assert.deepEqual(await changes(c, 'work/0'), [
      'M\tREADME.md',
      'M\tsrc/routes.ts',
      'A\ttest/health-check-routes.test.ts',
    ]);
    assert.deepEqual(await changes(c, 'work/1'), ['M\tREADME.md', 'M\tsrc/greet.ts']);
    assert.deepEqual(await changes(c, 'work/2'), ['M\tREADME.md', 'R100\tsrc/config.ts\tlegacy/config.ts']);
    assert.deepEqual(await changes(c, 'work/3'), ['M\tREADME.md', 'D\tdocs/usage.md']);
    const diff = await git(c, 'diff', 'origin/trunk...origin/work/0', '--', 'src/routes.ts');
    assert.match(diff, /\+export function healthCheckRoutes\(input: string\): string \{/, 'it mentions the subject');
    const test = await git(c, 'show', 'origin/work/0:test/health-check-routes.test.ts');
    assert.match(test, /import \{ healthCheckRoutes \} from '\.\.\/src\/routes';/);
    assert.deepEqual((await git(c, 'log', '--format=%s', 'origin/trunk..origin/work/0')).split('\n'), [
      'Document health check routes in README.md',
      'Add healthCheckRoutes to routes.ts',
    ]);
    assert.deepEqual((await git(c, 'log', '--format=%s', 'origin/trunk..origin/work/3')).split('\n'), [
      'Note the removal of docs/usage.md in README.md',
      'Remove docs/usage.md',
    ]);
  });

  it('commits once when a session starts, once per move into in_progress, once on completion; a failed session keeps its partial work', async () => {
    const w = world();
    sb = await startSandbox({ world: w.world, stepMs: 0 });
    const start = async (prompt: string) => {
      const r = await request(sb!.url, 'POST', '/agents/repos/ana/svc/tasks', {
        token: w.tok,
        body: { prompt, head_ref: prompt.toLowerCase().replace(/\W+/g, '-') },
      });
      assert.equal(r.status, 201, r.text);
      return r.json<{ id: string }>().id;
    };
    const c = await clone();
    const count = async (branch: string) => {
      await git(c, 'fetch', '-q', '--prune', 'origin', '+refs/heads/*:refs/remotes/origin/*');
      if (!(await git(c, 'branch', '-r', '--list', `origin/${branch}`))) return 0;
      return Number(await git(c, 'rev-list', '--count', `origin/trunk..origin/${branch}`));
    };
    const a = await start('Steps of a');
    const b = await start('Steps of b');
    assert.equal(await count('steps-of-a'), 0, 'queued: no branch yet');
    await patch(a, { state: 'in_progress' });
    await patch(b, { state: 'in_progress' });
    assert.equal(await count('steps-of-a'), 1);
    await patch(a, { state: 'waiting_for_user' });
    assert.equal(await count('steps-of-a'), 1, 'waiting for the user is no step of work');
    await patch(a, { state: 'in_progress' });
    assert.equal(await count('steps-of-a'), 2, 'back in progress: one more commit');
    await patch(a, { state: 'completed' });
    assert.equal(await count('steps-of-a'), 3, 'completed: the last one');
    await patch(b, { state: 'failed' });
    assert.equal(await count('steps-of-b'), 1, 'failed: its first commit stays, no last one');
    const marks = (await git(c, 'log', '--format=%ce', 'origin/trunk..origin/steps-of-a')).split('\n');
    assert.deepEqual(marks, [
      `agent+${a}+3+final@sandbox.invalid`,
      `agent+${a}+2@sandbox.invalid`,
      `agent+${a}+1@sandbox.invalid`,
    ]);
  });

  it('gives the same commits (the same ids) after a reset and in another sandbox', async () => {
    const w = world([{ ...DONE, prompt: 'Add a health check', head_ref: 'same' }]);
    sb = await startSandbox({ world: w.world, stepMs: 0 });
    const first = await tip('same');
    assert.match(first, /^[0-9a-f]{40}$/);
    assert.equal((await request(sb.url, 'POST', '/_sandbox/reset')).status, 200);
    assert.equal(await tip('same'), first);
    await sb.close();
    sb = await startSandbox({ world: structuredClone(w.world), stepMs: 0 });
    assert.equal(await tip('same'), first);
  });

  it('adds nothing twice across restarts, and makes again (the same) what a crash cut short', async () => {
    const file = path.join(dir, 'state', 'state.json');
    const w = world([
      { ...DONE, prompt: 'Add a health check', head_ref: 'kept' },
      { prompt: 'Later', head_ref: 'later' },
    ]);
    sb = await startSandbox({ world: w.world, stepMs: 0, statePath: file });
    await patch('t002', { state: 'in_progress' });
    const kept = await tip('kept');
    const later = await tip('later');
    await sb.close();
    sb = await startSandbox({ stepMs: 0, statePath: file });
    assert.equal(await tip('kept'), kept, 'a restart adds nothing');
    assert.equal(await tip('later'), later);
    await sb.close();
    // What a crash between the answer and the agent's commit leaves: the task moved, its branch not yet written.
    const bare = path.join(dir, 'state', 'state.json.repos', 'ana', 'svc.git');
    await git(bare, 'update-ref', '-d', 'refs/heads/later');
    await git(bare, 'update-ref', 'refs/heads/kept', `${kept}~1`);
    sb = await startSandbox({ stepMs: 0, statePath: file });
    assert.equal(await tip('kept'), kept, 'the missing last commit, made again the same');
    assert.equal(await tip('later'), later);
    await patch('t002', { state: 'completed' });
    const c = await clone();
    assert.equal(await git(c, 'rev-list', '--count', 'origin/trunk..origin/later'), '2');
  });

  it('a continued task adds its commits on top of the branch it continues', async () => {
    const w = world([
      { ...DONE, prompt: 'Add a health check', head_ref: 'feature' },
      { prompt: 'Also cover the errors', head_ref: 'feature' },
    ]);
    sb = await startSandbox({ world: w.world, stepMs: 0 });
    const before = await tip('feature');
    await patch('t002', { state: 'completed' });
    const c = await clone();
    assert.equal(await git(c, 'rev-parse', 'origin/feature~2'), before);
    assert.match(await git(c, 'log', '-1', '--format=%ce', 'origin/feature'), /^agent\+t002\+2\+final@/);
  });
});
