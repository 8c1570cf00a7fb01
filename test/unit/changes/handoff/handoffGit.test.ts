// The git of a hand-off against real repositories: what is listed (staged, unstaged, renamed, deleted, untracked;
// never ignored), the commit built in a temporary index with the user's index, files and branch byte-identical
// afterwards, and the push of a new branch that never overwrites one that is there.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import {
  branchFor,
  commitChanges,
  listChanges,
  parseStatus,
  pushNewBranch,
  undoPush,
} from '../../../../src/changes/handoff/handoffGit';

const env = { ...process.env, GIT_CONFIG_NOSYSTEM: '1', GIT_CONFIG_GLOBAL: os.devNull, GIT_TERMINAL_PROMPT: '0' };
const git = (cwd: string, ...args: string[]): string =>
  execFileSync('git', ['-c', 'user.name=T', '-c', 'user.email=t@example.invalid', ...args], { cwd, env }).toString();

/** Everything of the user's that must not move: status, index, HEAD, branch, and every file's bytes. */
function snapshot(dir: string): string {
  const files = git(dir, 'ls-files', '-z', '--cached', '--others')
    .split('\0')
    .filter(Boolean)
    .map(f => {
      const p = path.join(dir, f);
      return `${f} ${fs.existsSync(p) ? createHash('sha256').update(fs.readFileSync(p)).digest('hex') : 'gone'}`;
    });
  return [
    git(dir, 'status', '--porcelain=v2', '-z', '--branch', '--untracked-files=all'),
    git(dir, 'ls-files', '-s'),
    git(dir, 'rev-parse', 'HEAD'),
    git(dir, 'symbolic-ref', 'HEAD'),
    fs.readFileSync(path.join(dir, '.git', 'index')).toString('hex'),
    ...files,
  ].join('\n');
}

describe('handoff/git', function () {
  this.timeout(30_000);
  let dir: string;
  let work: string;
  let bare: string;
  const runner = () => ({ git: 'git', cwd: work });

  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'handoff-'));
    bare = path.join(dir, 'remote.git');
    work = path.join(dir, 'work');
    git(dir, 'init', '-q', '--bare', '-b', 'main', bare);
    git(dir, 'init', '-q', '-b', 'main', work);
    for (const [f, t] of Object.entries({ 'a.txt': 'a\n', 'b.txt': 'b\n', 'gone.txt': 'g\n', 'old name.txt': 'o\n' }))
      fs.writeFileSync(path.join(work, f), t);
    fs.writeFileSync(path.join(work, '.gitignore'), '*.log\n');
    git(work, 'add', '-A');
    git(work, 'commit', '-q', '-m', 'first');
    git(work, 'remote', 'add', 'origin', bare);
    git(work, 'push', '-q', 'origin', 'main');
    // staged, unstaged, staged then changed again, deleted, renamed, untracked, ignored
    fs.writeFileSync(path.join(work, 'a.txt'), 'a staged\n');
    git(work, 'add', 'a.txt');
    fs.writeFileSync(path.join(work, 'b.txt'), 'b unstaged\n');
    fs.rmSync(path.join(work, 'gone.txt'));
    git(work, 'mv', 'old name.txt', 'new name.txt');
    fs.mkdirSync(path.join(work, 'new'));
    fs.writeFileSync(path.join(work, 'new', '*star.txt'), 'untracked\n');
    fs.writeFileSync(path.join(work, 'debug.log'), 'ignored\n');
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('lists staged, unstaged, deleted and renamed files apart from untracked ones, never ignored ones', async () => {
    const c = await listChanges(runner());
    assert.deepEqual(c.tracked, ['a.txt', 'b.txt', 'gone.txt', 'new name.txt', 'old name.txt']);
    assert.deepEqual(c.untracked, ['new/*star.txt']);
    assert.deepEqual(c.conflicted, []);
  });

  it('commits the chosen files on top of HEAD without moving the index, the files or the branch', async () => {
    const before = snapshot(work);
    const c = await listChanges(runner());
    const sha = await commitChanges(runner(), [...c.tracked, ...c.untracked], 'Hand off\n');
    assert.equal(snapshot(work), before);
    assert.equal(git(work, 'rev-parse', `${sha}^`), git(work, 'rev-parse', 'HEAD'));
    assert.deepEqual(git(work, 'diff', '--name-status', '-M', 'HEAD', sha).trim().split('\n').sort(), [
      'A\tnew/*star.txt',
      'D\tgone.txt',
      'M\ta.txt',
      'M\tb.txt',
      'R100\told name.txt\tnew name.txt',
    ]);
    assert.equal(git(work, 'show', `${sha}:b.txt`), 'b unstaged\n');
    assert.equal(git(work, 'log', '-1', '--format=%B', sha).trim(), 'Hand off');
    // An untracked file left out stays out; a literal `*` matches nothing else.
    const without = await commitChanges(runner(), c.tracked, 'x');
    assert.doesNotMatch(git(work, 'ls-tree', '-r', '--name-only', without), /star/);
    assert.equal(snapshot(work), before);
  });

  it('builds its commit in an index of its own without running the user’s post-index-change hook', async () => {
    const marker = path.join(dir, 'hook-ran');
    const hook = path.join(work, '.git', 'hooks', 'post-index-change');
    fs.writeFileSync(hook, `#!/bin/sh\ntouch '${marker}'\n`);
    fs.chmodSync(hook, 0o755);
    const c = await listChanges(runner());
    await commitChanges(runner(), [...c.tracked, ...c.untracked], 'Hand off\n');
    assert.equal(fs.existsSync(marker), false, 'the hook did not run on our index');
    // The test's own proof that the hook is there and runs: an add that changes the index (one that finds nothing new
    // may leave the index unwritten, and the hook unrun, depending on the file times).
    fs.appendFileSync(path.join(work, 'a.txt'), 'proof\n');
    git(work, 'add', 'a.txt');
    assert.equal(fs.existsSync(marker), true);
  });

  it('pushes the commit as a new branch, never over a branch that is there, and can take it back', async () => {
    const sha = await commitChanges(runner(), ['a.txt'], 'x');
    await pushNewBranch(runner(), 'origin', sha, 'agent-tasks/x');
    assert.equal(git(bare, 'rev-parse', 'agent-tasks/x').trim(), sha);
    const other = await commitChanges(runner(), ['b.txt'], 'y');
    await assert.rejects(pushNewBranch(runner(), 'origin', other, 'agent-tasks/x'), /stale info|rejected/);
    assert.equal(git(bare, 'rev-parse', 'agent-tasks/x').trim(), sha, 'the branch there is kept');
    assert.equal(await undoPush(runner(), 'origin', other, 'agent-tasks/x'), false);
    assert.equal(git(bare, 'rev-parse', 'agent-tasks/x').trim(), sha, 'not ours: left alone');
    await undoPush(runner(), 'origin', sha, 'agent-tasks/x');
    assert.equal(git(bare, 'branch', '--list', 'agent-tasks/x').trim(), '');
    assert.equal(git(work, 'for-each-ref', 'refs/remotes/origin/agent-tasks').trim(), '');
  });

  it('reads conflicts, names with spaces and renames from porcelain v2', () => {
    const z = [
      '1 .M N... 100644 100644 100644 aaa bbb with space.txt',
      '2 R. N... 100644 100644 100644 aaa aaa R100 to.txt',
      'from.txt',
      'u UU N... 100644 100644 100644 100644 a b c both.txt',
      '? new file.txt',
      '',
    ].join('\0');
    assert.deepEqual(parseStatus(z), {
      tracked: ['from.txt', 'to.txt', 'with space.txt'],
      untracked: ['new file.txt'],
      conflicted: ['both.txt'],
    });
  });

  it('names the branch after the prompt', () => {
    assert.equal(branchFor('Fix the Flaky countdown test!\nmore'), 'agent-tasks/fix-the-flaky-countdown-test');
    assert.equal(branchFor('¿¿'), 'agent-tasks/my-changes');
  });
});
