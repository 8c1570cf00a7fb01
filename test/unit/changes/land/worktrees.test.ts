// Check Out in New Worktree against a real repository: made from our fetched ref beside the repository, with the
// remote's branch as upstream; found again rather than made twice; the user's branch, index and files unmoved.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { execFileSync } from 'node:child_process';
import { GitRunner } from '../../../../src/git/gitRunner';
import {
  checkOutInWorktree,
  defaultWorktreePath,
  parseWorktrees,
  removeWorktree,
  worktreeWork,
} from '../../../../src/changes/land/worktrees';
import { Repo } from './gitRepo';

describe('land: Check Out in New Worktree', () => {
  let r: Repo;
  const git = new GitRunner(() => 'git');
  const dirs: string[] = [];
  beforeEach(() => {
    r = new Repo();
    r.write('README.md', '# demo\n');
    r.commitAll('first');
    r.git('checkout', '-q', '-b', 'side');
    r.write('agent.txt', 'the agent was here\n');
    r.commitAll('agent');
    r.git('update-ref', 'refs/agent-tasks/t1/head', 'side');
    r.git('checkout', '-q', 'main');
    r.git('branch', '-q', '-D', 'side');
    r.write('mine.txt', 'uncommitted\n');
    r.git('remote', 'add', 'origin', 'https://example.invalid/app.git');
  });
  afterEach(() => {
    for (const p of dirs.splice(0)) fs.rmSync(p, { recursive: true, force: true });
    r.remove();
  });

  it('makes the branch at the fetched head in a worktree beside the repository, then reuses it', async () => {
    const still = r.untouchable();
    const files = r.files();
    const where = defaultWorktreePath(r.root, 'agent/fix-it');
    dirs.push(where);
    assert.equal(path.dirname(where), path.dirname(r.root));
    assert.equal(path.basename(where), `${path.basename(r.root)}-agent-fix-it`);
    const w = {
      root: r.root,
      path: where,
      branch: 'agent/fix-it',
      headRef: 'refs/agent-tasks/t1/head',
      remote: 'origin',
    };
    const made = await checkOutInWorktree(git, 'git', w);
    assert.equal(made.kind, 'created');
    assert.equal(made.path, where);
    assert.equal(fs.readFileSync(path.join(where, 'agent.txt'), 'utf8'), 'the agent was here\n');
    assert.equal(r.git('config', 'branch.agent/fix-it.merge').trim(), 'refs/heads/agent/fix-it');
    // The upstream is there (not "gone"): its remote-tracking ref was made at the fetched head.
    const inside = (...args: string[]) => execFileSync('git', args, { cwd: where, encoding: 'utf8' });
    assert.equal(inside('rev-parse', '@{upstream}').trim(), r.git('rev-parse', 'refs/agent-tasks/t1/head').trim());
    assert.match(inside('status', '-sb').split('\n')[0], /^## agent\/fix-it\.\.\.origin\/agent\/fix-it$/);
    const again = await checkOutInWorktree(git, 'git', { ...w, path: `${where}-other` });
    assert.equal(again.kind, 'reused');
    assert.equal(fs.realpathSync(again.path), fs.realpathSync(where));
    assert.equal(fs.existsSync(`${where}-other`), false);
    // The user's own checkout: same branch, HEAD, index and files.
    assert.equal(r.untouchable('agent/fix-it'), still);
    assert.deepEqual(r.files(), files);
    await removeWorktree(git, r.root, { ...made, branch: 'agent/fix-it' });
    assert.equal(fs.existsSync(where), false);
    assert.equal(r.git('branch', '--list', 'agent/fix-it').trim(), '');
    assert.doesNotMatch(fs.readFileSync(path.join(r.root, '.git', 'config'), 'utf8'), /agent\/fix-it/);
    assert.equal(r.git('for-each-ref', 'refs/remotes').trim(), '', 'the remote-tracking ref made for it went too');
  });

  it('a worktree git refuses to check out leaves no branch behind, and says git’s reason', async () => {
    r.git('config', 'filter.broken.smudge', 'false');
    r.git('config', 'filter.broken.required', 'true');
    fs.writeFileSync(path.join(r.root, '.git', 'info', 'attributes'), 'agent.txt filter=broken\n');
    const still = r.untouchable();
    const where = `${r.root}-refused`;
    dirs.push(where);
    const w = {
      root: r.root,
      path: where,
      branch: 'agent/refused',
      headRef: 'refs/agent-tasks/t1/head',
      remote: 'origin',
    };
    await assert.rejects(checkOutInWorktree(git, 'git', w), /smudge filter broken failed/);
    assert.equal(r.git('branch', '--list', 'agent/refused').trim(), '', 'no branch left behind');
    assert.equal(r.untouchable(), still);
    assert.equal(r.git('worktree', 'list', '--porcelain').split('worktree ').length, 2, 'no worktree registered');
    assert.doesNotMatch(fs.readFileSync(path.join(r.root, '.git', 'config'), 'utf8'), /agent\/refused/);
  });

  it('counts the work a removal would touch: uncommitted files, commits on no remote, the branch; none when clean', async () => {
    const where = `${r.root}-work`;
    dirs.push(where);
    const w = {
      root: r.root,
      path: where,
      branch: 'agent/work',
      headRef: 'refs/agent-tasks/t1/head',
      remote: 'origin',
    };
    const made = await checkOutInWorktree(git, 'git', w);
    const inside = (...args: string[]) => execFileSync('git', args, { cwd: where, encoding: 'utf8' });
    // The agent's commit is on the remote (its remote-tracking ref): nothing of the user's yet.
    assert.deepEqual(await worktreeWork(git, where), { uncommitted: 0, unpushed: 0, branch: 'agent/work' });
    fs.writeFileSync(path.join(where, 'mine.txt'), 'a commit of mine\n');
    inside('add', 'mine.txt');
    inside('-c', 'user.name=t', '-c', 'user.email=t@example.invalid', 'commit', '-q', '-m', 'mine');
    fs.writeFileSync(path.join(where, 'agent.txt'), 'edited\n');
    fs.writeFileSync(path.join(where, 'new file.txt'), 'untracked\n');
    inside('mv', 'mine.txt', 'moved.txt');
    assert.deepEqual(await worktreeWork(git, where), { uncommitted: 3, unpushed: 1, branch: 'agent/work' });
    // Removed as asked: the files go, the branch stays with the commit.
    const tip = inside('rev-parse', 'HEAD').trim();
    await assert.rejects(removeWorktree(git, r.root, { ...made, branch: 'agent/work' }), /modified or untracked/);
    await removeWorktree(git, r.root, { ...made, branch: 'agent/work' }, { force: true, keepBranch: true });
    assert.equal(fs.existsSync(where), false);
    assert.equal(r.git('rev-parse', 'refs/heads/agent/work').trim(), tip, 'the branch keeps the commit');
  });

  it('reads git’s porcelain list', () => {
    const out = 'worktree /a b\0HEAD 1234\0branch refs/heads/main\0\0worktree /c\0HEAD 5678\0detached\0\0';
    assert.deepEqual(parseWorktrees(out), [{ path: '/a b', branch: 'refs/heads/main' }, { path: '/c' }]);
  });
});
