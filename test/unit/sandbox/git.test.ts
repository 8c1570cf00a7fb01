// The world's git repositories over smart HTTP, fetched with the real git client: the world's files, the agent's
// commits on a session's head_ref, pushes only with credentials, and what happens without git, after a reset and
// across restarts.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { promisify } from 'node:util';
import { gitFirstCommit, startSandbox, type Sandbox } from '../../../src/sandbox';
import { WorldBuilder, request } from './helpers';

const run = promisify(execFile);

async function git(cwd: string, ...args: string[]): Promise<string> {
  const env = { ...process.env, GIT_TERMINAL_PROMPT: '0', GIT_CONFIG_NOSYSTEM: '1', GIT_CONFIG_GLOBAL: os.devNull };
  return (await run('git', args, { cwd, env })).stdout.trim();
}

/** ana's world: ana/svc served with two files on `trunk`, ana/plain not served. */
function world() {
  const b = new WorldBuilder();
  const ana = b.user('ana');
  const svc = b.repo('ana', 'svc');
  b.repo('ana', 'plain');
  const tok = b.fineGrained(ana);
  const w = b.build();
  w.repositories[0].default_branch = 'trunk';
  w.repositories[0].git = { files: { 'README.md': '# svc\n', 'src/main.ts': 'export const answer = 42;\n' } };
  return { world: w, tok, svc };
}

describe('sandbox git repositories', function () {
  this.timeout(30_000);
  let dir: string;
  let sb: Sandbox | undefined;
  const w = world();
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sbx-git-'));
  });
  afterEach(async () => {
    await sb?.close();
    sb = undefined;
    fs.rmSync(dir, { recursive: true, force: true });
  });
  const start = async (body: object) => {
    const r = await request(sb!.url, 'POST', '/agents/repos/ana/svc/tasks', { token: w.tok, body });
    assert.equal(r.status, 201, r.text);
    return r.json<{ id: string; name: string }>();
  };
  const advance = () => request(sb!.url, 'POST', '/_sandbox/advance');

  it("serves a clone of the world's files on the default branch, with or without .git; other repositories are not served", async () => {
    sb = await startSandbox({ world: w.world, stepMs: 0 });
    const clone = path.join(dir, 'svc');
    await git(dir, 'clone', '-q', `${sb.url}/ana/svc.git`, clone);
    assert.equal(await git(clone, 'branch', '--show-current'), 'trunk');
    assert.equal(fs.readFileSync(path.join(clone, 'src/main.ts'), 'utf8'), 'export const answer = 42;\n');
    assert.equal(await git(clone, 'log', '--format=%s'), 'Initial commit');
    assert.match(await git(dir, 'ls-remote', `${sb.url}/ANA/svc`), /refs\/heads\/trunk/);
    await assert.rejects(git(dir, 'ls-remote', `${sb.url}/ana/plain.git`), /not found|404/i);
  });

  it('gitFirstCommit gives a local repository the very first commit the sandbox serves, so their histories are one', async () => {
    sb = await startSandbox({ world: w.world, stepMs: 0 });
    const local = path.join(dir, 'local');
    fs.mkdirSync(local);
    await git(local, 'init', '-q', '-b', 'trunk');
    await new Promise<void>((resolve, reject) => {
      const p = execFile('git', ['fast-import', '--quiet'], { cwd: local }, e => {
        if (e) reject(new Error(e.message));
        else resolve();
      });
      p.stdin!.end(gitFirstCommit('trunk', 'svc', w.world.repositories[0].git!.files));
    });
    assert.equal(
      await git(local, 'rev-parse', 'trunk'),
      (await git(dir, 'ls-remote', `${sb.url}/ana/svc.git`, 'trunk')).split('\t')[0],
    );
  });

  it("a task's first session commits the agent's start on its head_ref, fetchable as soon as the API shows the session", async () => {
    sb = await startSandbox({ world: w.world, stepMs: 0 });
    const clone = path.join(dir, 'svc');
    await git(dir, 'clone', '-q', `${sb.url}/ana/svc.git`, clone);
    const mine = await start({
      prompt: 'Add a health check to src/main.ts\n\nReturn 200 on /health.',
      head_ref: 'fix/health',
      base_ref: 'trunk',
    });
    const made = await start({ prompt: 'Tidy the imports, with a test' });
    const bad = await start({ prompt: 'Odd branch', head_ref: 'bad..name' });
    await advance();
    await git(clone, 'fetch', '-q', 'origin', 'fix/health');
    await git(clone, 'checkout', '-q', 'fix/health');
    assert.equal(await git(clone, 'log', '-1', '--format=%s'), 'Add healthCheck to main.ts');
    assert.equal(await git(clone, 'log', '-1', '--format=%ce'), `agent+${mine.id}+1@sandbox.invalid`);
    assert.equal(
      await git(clone, 'rev-parse', 'HEAD~1'),
      await git(clone, 'rev-parse', 'origin/trunk'),
      'from its base_ref',
    );
    assert.match(fs.readFileSync(path.join(clone, 'src/main.ts'), 'utf8'), /export function healthCheck\(/);
    const session = (await request(sb.url, 'GET', `/agents/tasks/${made.id}`, { token: w.tok })).json().sessions[0];
    await git(clone, 'fetch', '-q', 'origin', session.head_ref);
    assert.match(
      await git(clone, 'show', '--stat', '--format=%s', 'FETCH_HEAD'),
      /Add imports to imports\.ts[\s\S]*test\/imports\.test\.ts/,
    );
    const heads = await git(clone, 'ls-remote', '--heads', 'origin');
    assert.doesNotMatch(heads, /refs\/heads\/bad/, 'a head_ref git would refuse gets no branch');
    assert.equal(
      (await request(sb.url, 'GET', `/agents/tasks/${bad.id}`, { token: w.tok })).json().state,
      'in_progress',
      'and the task goes on',
    );
    await advance();
    await git(clone, 'fetch', '-q', 'origin', 'fix/health');
    assert.equal(
      await git(clone, 'rev-parse', 'FETCH_HEAD~1'),
      await git(clone, 'rev-parse', 'HEAD'),
      'and a last one',
    );
    await advance();
    await git(clone, 'fetch', '-q', 'origin', 'fix/health');
    assert.equal(await git(clone, 'rev-parse', 'FETCH_HEAD~1'), await git(clone, 'rev-parse', 'HEAD'), 'no more');
  });

  it('a head_ref that exists gets the commits on top; tasks sharing a branch commit one after the other', async () => {
    sb = await startSandbox({ world: w.world, stepMs: 0 });
    const a = await start({ prompt: 'First on shared', head_ref: 'shared' });
    const b = await start({ prompt: 'Second on shared', head_ref: 'shared' });
    await advance();
    const c = await start({ prompt: 'Third on shared', head_ref: 'shared' });
    await advance();
    const clone = path.join(dir, 'svc');
    await git(dir, 'clone', '-q', '--branch', 'shared', `${sb.url}/ana/svc.git`, clone);
    const marks = (await git(clone, 'log', '--topo-order', '--format=%ce', 'origin/trunk..')).split('\n');
    // Moves that come before the agent has caught up are written together, task after task: the order of tasks
    // on the branch depends on that, each task's own order does not.
    assert.deepEqual(
      [...marks].sort(),
      [
        `agent+${a.id}+1@sandbox.invalid`,
        `agent+${a.id}+2+final@sandbox.invalid`,
        `agent+${b.id}+1@sandbox.invalid`,
        `agent+${b.id}+2+final@sandbox.invalid`,
        `agent+${c.id}+1@sandbox.invalid`,
      ].sort(),
    );
    assert.equal(marks[0], `agent+${c.id}+1@sandbox.invalid`);
    for (const t of [a, b])
      assert.ok(
        marks.indexOf(`agent+${t.id}+1@sandbox.invalid`) > marks.indexOf(`agent+${t.id}+2+final@sandbox.invalid`),
      );
  });

  it('a push needs credentials (git asks for them; see gitPush.test), and the old dumb protocol is refused', async () => {
    sb = await startSandbox({ world: w.world, stepMs: 0 });
    const clone = path.join(dir, 'svc');
    await git(dir, 'clone', '-q', `${sb.url}/ana/svc.git`, clone);
    await git(clone, '-c', 'user.name=x', '-c', 'user.email=x@x', 'commit', '-q', '--allow-empty', '-m', 'mine');
    await assert.rejects(git(clone, 'push', 'origin', 'HEAD:trunk'), /could not read Username/);
    const dumb = await request(sb.url, 'GET', '/ana/svc.git/info/refs');
    assert.equal(dumb.status, 403);
    assert.match(dumb.text, /smart HTTP/);
  });

  it('without git the REST interface works and says once why branches are not served', async () => {
    const lines: string[] = [];
    sb = await startSandbox({ world: w.world, stepMs: 0, git: path.join(dir, 'no-such-git'), log: l => lines.push(l) });
    await start({ prompt: 'x' });
    assert.equal((await advance()).status, 200);
    for (let i = 0; i < 2; i++) {
      const r = await request(sb.url, 'GET', '/ana/svc.git/info/refs?service=git-upload-pack');
      assert.equal(r.status, 503);
      assert.match(r.text, /git cannot be run/);
    }
    assert.equal((await request(sb.url, 'POST', '/_sandbox/reset')).status, 200);
    assert.equal((await request(sb.url, 'GET', '/agents/repos/ana/svc/tasks', { token: w.tok })).status, 200);
    assert.equal(lines.length, 1, lines.join('\n'));
    assert.match(
      lines[0],
      /git cannot be run \(ENOENT\): the git repositories of the world \(ana\/svc\) are not served/,
    );
  });

  it("a reset makes the repositories anew from the world: the same first commit, the old tasks' branches gone", async () => {
    sb = await startSandbox({ world: w.world, stepMs: 0 });
    const url = `${sb.url}/ana/svc.git`;
    const trunk = (await git(dir, 'ls-remote', url, 'trunk')).split('\t')[0];
    await start({ prompt: 'Gone after the reset', head_ref: 'gone' });
    await advance();
    assert.match(await git(dir, 'ls-remote', url), /refs\/heads\/gone/);
    assert.equal((await request(sb.url, 'POST', '/_sandbox/reset')).status, 200);
    const heads = await git(dir, 'ls-remote', '--heads', url);
    assert.doesNotMatch(heads, /gone/);
    assert.equal(
      (await git(dir, 'ls-remote', url, 'trunk')).split('\t')[0],
      trunk,
      'a clone made before the reset can still fetch',
    );
  });

  it("a state file from before its world served git takes the world's git repositories", async () => {
    const file = path.join(dir, 'state', 'state.json');
    const plain = structuredClone(w.world);
    delete plain.repositories[0].git;
    sb = await startSandbox({ world: plain, stepMs: 0, statePath: file, git: false });
    await sb.close();
    sb = await startSandbox({ world: w.world, stepMs: 0, statePath: file });
    assert.match(await git(dir, 'ls-remote', `${sb.url}/ana/svc.git`), /refs\/heads\/trunk/);
  });

  it('with a state file the repositories live beside it and keep their branches across a restart', async () => {
    const file = path.join(dir, 'state', 'state.json');
    sb = await startSandbox({ world: w.world, stepMs: 0, statePath: file });
    const t = await start({ prompt: 'Kept across restarts', head_ref: 'kept' });
    await advance();
    await sb.close();
    assert.ok(fs.existsSync(path.join(dir, 'state', 'state.json.repos', 'ana', 'svc.git', 'HEAD')));
    // What a crash in the middle of the agent's commit would leave: a lock on the branch it was writing.
    const bare = path.join(dir, 'state', 'state.json.repos', 'ana', 'svc.git');
    fs.writeFileSync(path.join(bare, 'refs', 'heads', 'later.lock'), '');
    sb = await startSandbox({ stepMs: 0, statePath: file });
    const clone = path.join(dir, 'svc');
    await git(dir, 'clone', '-q', '--branch', 'kept', `${sb.url}/ana/svc.git`, clone);
    assert.equal(await git(clone, 'log', '-1', '--format=%ce'), `agent+${t.id}+1@sandbox.invalid`);
    await start({ prompt: 'After the crash', head_ref: 'later' });
    await advance();
    assert.match(
      await git(clone, 'ls-remote', 'origin', 'later'),
      /refs\/heads\/later/,
      'the stale lock was removed at start',
    );
  });
});
