import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { GitRunner } from '../../../src/git/gitRunner';
import { parseLsRemote, RemoteBranches } from '../../../src/tasks/remoteBranches';
import { IDENT } from '../changes/land/gitRepo';

const git = (cwd: string, ...args: string[]) =>
  execFileSync('git', args, { cwd, env: { ...process.env, ...IDENT }, encoding: 'utf8' });

/** A bare "remote" with `trunk` as its default branch and two more, and a clone of it. */
function remoteAndClone(): { remote: string; clone: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'branches-test-'));
  const remote = path.join(dir, 'remote.git');
  const work = path.join(dir, 'work');
  git(dir, 'init', '-q', '--bare', '--initial-branch=trunk', remote);
  git(dir, 'clone', '-q', remote, work);
  git(work, 'commit', '-q', '--allow-empty', '-m', 'first');
  git(work, 'push', '-q', 'origin', 'HEAD:refs/heads/trunk', 'HEAD:refs/heads/agent/a', 'HEAD:refs/heads/zeta');
  return { remote, clone: work };
}

describe('tasks: the remote’s branches', () => {
  it('reads ls-remote --symref: the default branch first, then by name', () => {
    const out = ['ref: refs/heads/main\tHEAD', `${'a'.repeat(40)}\tHEAD`, `${'a'.repeat(40)}\trefs/heads/zz`]
      .concat([`${'b'.repeat(40)}\trefs/heads/main`, `${'c'.repeat(40)}\trefs/heads/agent/x`])
      .join('\n');
    assert.deepEqual(parseLsRemote(out, 'origin'), {
      defaultBranch: 'main',
      branches: ['main', 'agent/x', 'zz'],
      remote: 'origin',
    });
  });

  it('asks the clone’s remote through git; a base it lacks is a problem, one pushed since an earlier answer is not', async () => {
    const { clone } = remoteAndClone();
    let now = 0;
    const branches = new RemoteBranches(
      new GitRunner(() => 'git'),
      () => ({ root: clone, remote: 'origin' }),
      () => now,
    );
    const repo = { owner: 'o', repo: 'r' };
    const list = await branches.list(repo);
    assert.deepEqual(list?.branches, ['trunk', 'agent/a', 'zeta']);
    assert.equal(list?.defaultBranch, 'trunk');
    assert.match(
      (await branches.baseProblem(repo, 'nope')) ?? '',
      /^The base branch nope is not on origin \(o\/r\); nothing was started\. Its branches include trunk, agent\/a, zeta\.$/,
    );
    assert.equal(await branches.baseProblem(repo, 'zeta'), undefined);
    // Pushed after the answer kept above (still fresh by the clock): asked again before it is refused.
    git(clone, 'push', '-q', 'origin', 'HEAD:refs/heads/new-base');
    now += 1000;
    assert.equal(await branches.baseProblem(repo, 'new-base'), undefined);
  });

  it('cannot tell without a clone of the repository: no problem said, no list', async () => {
    const branches = new RemoteBranches(new GitRunner(() => 'git'), () => undefined);
    assert.equal(await branches.list({ owner: 'o', repo: 'r' }), undefined);
    assert.equal(await branches.baseProblem({ owner: 'o', repo: 'r' }, 'x'), undefined);
  });
});
