// The demo world's two rounds of one work on one branch: demo-rocket-11 and the feedback round demo-rocket-12 that
// continues it on the same head_ref, each with its own commits; the second round changes the lines its comments were
// written on (their quotes are the first round's text at those lines), and the two are named apart.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { promisify } from 'node:util';
import { DEMO_TOKENS, demoWorld, startSandbox, type Sandbox } from '../../../src/sandbox';
import { readRequest } from '../../../src/sandbox/git/request';
import { request } from './helpers';

const run = promisify(execFile);
const git = async (cwd: string, ...args: string[]) =>
  (
    await run('git', args, {
      cwd,
      encoding: 'utf8',
      env: { ...process.env, GIT_TERMINAL_PROMPT: '0', GIT_CONFIG_NOSYSTEM: '1', GIT_CONFIG_GLOBAL: os.devNull },
    })
  ).stdout.trim();

describe('the demo world: two rounds of a task on one branch', function () {
  this.timeout(60_000);
  let dir: string;
  let sb: Sandbox | undefined;
  before(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'demo-rounds-'));
    sb = await startSandbox({ world: demoWorld(), stepMs: 0 });
  });
  after(async () => {
    await sb?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('the continuation works on the task’s head_ref, names itself apart, and each round has its own commits', async () => {
    const read = async (id: string) =>
      (await request(sb!.url, 'GET', `/agents/tasks/${id}`, { token: DEMO_TOKENS.fineGrained })).json<{
        name: string;
        state: string;
        sessions: Array<{ head_ref: string; prompt: string }>;
      }>();
    const [one, two] = [await read('demo-rocket-11'), await read('demo-rocket-12')];
    assert.equal(one.sessions[0].head_ref, two.sessions[0].head_ref);
    assert.notEqual(one.name, two.name);
    assert.match(two.name, /^Round 2 of “Make countdown reject negative numbers”/);
    assert.deepEqual([one.state, two.state], ['completed', 'completed']);

    const c = path.join(dir, 'clone');
    await git(dir, 'clone', '-q', `${sb!.url}/acme/rocket.git`, c);
    const head = `origin/${one.sessions[0].head_ref}`;
    const marks = (await git(c, 'log', '--format=%ce', `origin/main..${head}`)).split('\n').reverse();
    assert.deepEqual(
      marks.map(m => m.replace(/^agent\+([\w-]+)\+\d+.*$/, '$1')),
      ['demo-rocket-11', 'demo-rocket-11', 'demo-rocket-12'],
    );
    // The feedback round's comments quote the first round's head at their lines; its commit changes exactly those.
    const roundOne = `${head}~1`;
    const req = readRequest(two.sessions[0].prompt);
    assert.equal(req.items.length, 2);
    for (const item of req.items) {
      const before = (await git(c, 'show', `${roundOne}:${item.path}`)).split('\n');
      const after = (await git(c, 'show', `${head}:${item.path}`)).split('\n');
      assert.deepEqual(before.slice(item.start - 1, item.end), item.quote, `${item.path} quotes its lines`);
      const changed = before.map((l, i) => (l === after[i] ? 0 : i + 1)).filter(Boolean);
      assert.deepEqual(changed, [item.start], `${item.path}: the commented line and no other`);
    }
    assert.equal(await git(c, 'diff', '--name-only', roundOne, head), 'src/countdown.ts\ntest/countdown.test.ts');
  });
});
