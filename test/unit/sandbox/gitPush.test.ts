// git push to the sandbox with the real git client, over smart HTTP: who may push (HTTP Basic, the token as the
// password; a challenge without one), and what a push may do (not the default branch, no force push or delete of a
// branch someone else made, nothing over the size limit), each refusal with a reason git prints.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { promisify } from 'node:util';
import { startSandbox, type Sandbox } from '../../../src/sandbox';
import { WorldBuilder, request } from './helpers';

const run = promisify(execFile);

/** git with no configuration but the test's; `token` is handed over by a credential helper reading the environment. */
async function git(cwd: string, args: string[], token?: string): Promise<string> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    GIT_TERMINAL_PROMPT: '0',
    GIT_CONFIG_NOSYSTEM: '1',
    GIT_CONFIG_GLOBAL: os.devNull,
    GIT_ASKPASS: '',
    SSH_ASKPASS: '',
  };
  const pre: string[] = ['-c', 'user.name=Tester', '-c', 'user.email=t@example.invalid'];
  if (token !== undefined) {
    // The token travels in the helper's environment, never in an argument.
    env.PUSH_TOKEN = token;
    pre.push('-c', 'credential.helper=!f() { test "$1" = get && echo username=x && echo "password=$PUSH_TOKEN"; }; f');
  }
  try {
    const r = await run('git', [...pre, ...args], { cwd, env });
    return `${r.stdout}${r.stderr}`.trim();
  } catch (e) {
    const x = e as { stdout?: string; stderr?: string; message: string };
    throw new Error(`${x.stdout ?? ''}${x.stderr ?? x.message}`, { cause: e });
  }
}

/** ana owns ana/svc (trunk); bo may write it, cy only read it; dee's repository is dee/own. */
function world() {
  const b = new WorldBuilder();
  const ana = b.user('ana');
  const bo = b.user('bo');
  const cy = b.user('cy');
  const dee = b.user('dee');
  const svc = b.repo('ana', 'svc', { [bo]: 'write', [cy]: 'read' });
  b.repo('dee', 'own');
  const w = {
    ana: b.fineGrained(ana, { agent_tasks: 'write', contents: 'write' }),
    anaRead: b.fineGrained(ana, { agent_tasks: 'write', contents: 'read' }),
    anaClassic: b.classic(ana, ['repo']),
    bo: b.fineGrained(bo, { contents: 'write' }),
    cy: b.fineGrained(cy, { contents: 'write' }),
    dee: b.fineGrained(dee, { contents: 'write' }),
    world: b.build(),
    svc,
  };
  w.world.repositories[0].default_branch = 'trunk';
  w.world.repositories[0].git = { files: { 'README.md': '# svc\n' } };
  w.world.repositories[1].git = { files: { 'README.md': '# own\n' } };
  return w;
}

describe('sandbox git push', function () {
  this.timeout(60_000);
  let dir: string;
  let clone: string;
  let sb: Sandbox | undefined;
  const w = world();
  const url = () => `${sb!.url}/ana/svc.git`;
  const commit = async (file: string, text: string | Buffer): Promise<string> => {
    fs.writeFileSync(path.join(clone, file), text);
    await git(clone, ['add', file]);
    await git(clone, ['commit', '-q', '-m', `change ${file}`]);
    return git(clone, ['rev-parse', 'HEAD']);
  };
  const remoteSha = async (branch: string): Promise<string> =>
    (await git(dir, ['ls-remote', url(), `refs/heads/${branch}`])).split('\t')[0];

  beforeEach(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sbx-push-'));
    sb = await startSandbox({ world: w.world, stepMs: 0, pushLimitBytes: 64 * 1024 });
    clone = path.join(dir, 'svc');
    await git(dir, ['clone', '-q', url(), clone]);
  });
  afterEach(async () => {
    await sb?.close();
    sb = undefined;
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('takes a new branch from a user with write access, with the token as the Basic password', async () => {
    const sha = await commit('a.txt', 'a\n');
    const out = await git(clone, ['push', 'origin', 'HEAD:refs/heads/feature/a'], w.ana);
    assert.match(out, /\[new branch\]/);
    assert.equal(await remoteSha('feature/a'), sha);
    const other = path.join(dir, 'other');
    await git(dir, ['clone', '-q', '--branch', 'feature/a', url(), other]);
    assert.equal(fs.readFileSync(path.join(other, 'a.txt'), 'utf8'), 'a\n');
    assert.doesNotMatch(await git(dir, ['ls-remote', url()]), /agent-tasks-sandbox/, 'the records stay hidden');
    await commit('c.txt', 'c\n');
    assert.match(await git(clone, ['push', 'origin', 'HEAD:refs/heads/classic'], w.anaClassic), /new branch/);
  });

  it('without credentials answers 401 with a Basic challenge, so git asks for them', async () => {
    for (const [method, p] of [
      ['GET', '/ana/svc.git/info/refs?service=git-receive-pack'],
      ['POST', '/ana/svc.git/git-receive-pack'],
    ]) {
      const r = await request(sb!.url, method, p, { noContentType: true });
      assert.equal(r.status, 401, p);
      assert.match(String(r.headers['www-authenticate']), /^Basic realm="[^"]+"/);
      assert.match(r.text, /token as the password/);
    }
    await commit('a.txt', 'a\n');
    await assert.rejects(git(clone, ['push', 'origin', 'HEAD:refs/heads/x']), /could not read Username|Authentication/);
    await assert.rejects(git(clone, ['push', 'origin', 'HEAD:refs/heads/x'], 'no-such-token'), /Authentication failed/);
    const fetched = await request(sb!.url, 'GET', '/ana/svc.git/info/refs?service=git-upload-pack');
    assert.equal(fetched.status, 200, 'fetching needs no token');
  });

  it('refuses a read-only token, and users without write access to the repository, saying why', async () => {
    await commit('a.txt', 'a\n');
    await assert.rejects(git(clone, ['push', 'origin', 'HEAD:refs/heads/x'], w.anaRead), /read-only for git/);
    await assert.rejects(
      git(clone, ['push', 'origin', 'HEAD:refs/heads/x'], w.cy),
      /cy has no write access to ana\/svc/,
    );
    await assert.rejects(
      git(clone, ['push', 'origin', 'HEAD:refs/heads/x'], w.dee),
      /dee has no write access to ana\/svc/,
    );
    assert.equal(await remoteSha('x'), '');
  });

  it('refuses the default branch, even a fast-forward', async () => {
    const before = await remoteSha('trunk');
    await commit('a.txt', 'a\n');
    await assert.rejects(
      git(clone, ['push', 'origin', 'HEAD:trunk'], w.ana),
      /refused trunk: it is the default branch/,
    );
    assert.equal(await remoteSha('trunk'), before);
  });

  it('refuses a force push or a delete of a branch someone else made; its creator may do both', async () => {
    const first = await commit('a.txt', 'a\n');
    await git(clone, ['push', 'origin', 'HEAD:refs/heads/bo-branch'], w.bo);
    await git(clone, ['reset', '-q', '--hard', 'HEAD~1']);
    const rewritten = await commit('b.txt', 'b\n');
    await assert.rejects(
      git(clone, ['push', '-f', 'origin', 'HEAD:refs/heads/bo-branch'], w.ana),
      /refused a force push to bo-branch: you did not create this branch/,
    );
    await assert.rejects(
      git(clone, ['push', 'origin', ':refs/heads/bo-branch'], w.ana),
      /refused deleting bo-branch: you did not create this branch/,
    );
    assert.equal(await remoteSha('bo-branch'), first);
    // A fast-forward from someone else is a plain push: taken.
    await git(clone, ['checkout', '-q', '-b', 'on-top', first]);
    const next = await commit('c.txt', 'c\n');
    await git(clone, ['push', 'origin', 'HEAD:refs/heads/bo-branch'], w.ana);
    assert.equal(await remoteSha('bo-branch'), next);
    // bo made it: bo may force it and delete it.
    await git(clone, ['push', '-f', 'origin', `${rewritten}:refs/heads/bo-branch`], w.bo);
    assert.equal(await remoteSha('bo-branch'), rewritten);
    await git(clone, ['push', 'origin', ':refs/heads/bo-branch'], w.bo);
    assert.equal(await remoteSha('bo-branch'), '');
    // Made again by ana, it is ana's now.
    await git(clone, ['push', 'origin', `${first}:refs/heads/bo-branch`], w.ana);
    await git(clone, ['push', '-f', 'origin', `${rewritten}:refs/heads/bo-branch`], w.ana);
    assert.equal(await remoteSha('bo-branch'), rewritten);
  });

  it("refuses a force push to the agent's own branch", async () => {
    const r = await request(sb!.url, 'POST', '/agents/repos/ana/svc/tasks', {
      token: w.ana,
      body: { prompt: 'Agent work', head_ref: 'agent/work', base_ref: 'trunk' },
    });
    assert.equal(r.status, 201, r.text);
    await request(sb!.url, 'POST', '/_sandbox/advance');
    const agent = await remoteSha('agent/work');
    assert.notEqual(agent, '');
    await commit('a.txt', 'a\n');
    await assert.rejects(
      git(clone, ['push', '-f', 'origin', 'HEAD:refs/heads/agent/work'], w.ana),
      /refused a force push to agent\/work/,
    );
    await assert.rejects(git(clone, ['push', 'origin', ':refs/heads/agent/work'], w.ana), /refused deleting/);
    assert.equal(await remoteSha('agent/work'), agent);
  });

  it('refuses a push over the size limit, with the reason', async () => {
    await commit('big.bin', randomBytes(200 * 1024));
    await assert.rejects(
      git(clone, ['push', 'origin', 'HEAD:refs/heads/big'], w.ana),
      /over the sandbox's limit|exceeds maximum allowed size/,
    );
    assert.equal(await remoteSha('big'), '');
  });

  it('refuses tags: the sandbox takes branches only', async () => {
    await git(clone, ['tag', 'v1']);
    await assert.rejects(git(clone, ['push', 'origin', 'refs/tags/v1'], w.ana), /takes branches only/);
  });
});
