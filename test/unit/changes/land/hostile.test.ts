// Hostile agent branches, pushed to the sandbox's git and fetched as any task's: a link and a file through it (to a
// folder outside, to .git), the same by case alone, NTFS short and stream names of .git, HFS-ignorable code points,
// names two files share on a case-insensitive disk, names only Windows refuses. The fetch refuses what git's object
// checks refuse; whatever reaches the repository by another way, Apply and Check Out in New Worktree refuse, naming the
// paths and why. Each time: nothing outside the root changes (a sentinel folder), every file of .git is as it was,
// HEAD, index, branches and stash unmoved, no file written, no program of the branch run.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { GitRunner } from '../../../../src/git/gitRunner';
import { fetchProblem, fetchTaskRefs, readTips } from '../../../../src/changes/taskRefs';
import { ApplyRefused, applyChanges } from '../../../../src/changes/land/applyChanges';
import { checkOutInWorktree } from '../../../../src/changes/land/worktrees';
import type { Repo } from './gitRepo';
import { HostileRemote, Sentinel, gitAsync, type Entry } from './hostileRemote';

const git = new GitRunner(() => 'git');
const target = (r: Repo, head: string) => ({ root: r.root, remote: 'origin', taskId: 't1', head, base: 'main' });
const refs = { baseRef: 'refs/agent-tasks/t1/base', headRef: 'refs/agent-tasks/t1/head' };

describe('land: hostile branches', function () {
  this.timeout(60_000);
  let remote: HostileRemote;
  let r: Repo;
  let sentinel: Sentinel;
  const marker = () => path.join(sentinel.dir, 'ran');
  before(async () => {
    remote = await HostileRemote.start();
  });
  after(async () => {
    await remote.close();
  });
  beforeEach(async () => {
    r = await remote.userRepo();
    sentinel = new Sentinel();
  });
  afterEach(() => {
    r.remove();
    sentinel.remove();
  });

  const blob = (name: string, content: string): Entry => ({ mode: '100644', name, sha: remote.blob(content) });
  const link = (name: string, to: string): Entry => ({ mode: '120000', name, sha: remote.blob(to) });
  const dir = (name: string, entries: Entry[]): Entry => ({ mode: '040000', name, sha: remote.tree(entries) });
  const branch = async (name: string, extra: Entry[]): Promise<string> => {
    await remote.push(name, remote.tree([...remote.mainEntries(), ...extra]));
    return name;
  };
  /** What the user has, and what is outside: all must be as it was. */
  const everything = () =>
    JSON.stringify({
      desk: r.untouchable(),
      git: r.gitDirHash(),
      files: r.files(),
      outside: sentinel.state(),
    });
  /** The branch's objects reached the repository without object checks (a plain fetch of the user's own). */
  const fetchedAnyway = (head: string) =>
    gitAsync(r.root, [
      'fetch',
      '-q',
      'origin',
      `+refs/heads/${head}:${refs.headRef}`,
      `+refs/heads/main:${refs.baseRef}`,
    ]);
  const refusedApply = async (why: RegExp) => {
    const before = everything();
    const e = await applyChanges(git, 'git', { root: r.root, ...refs }, { storage: r.storage }).catch(x => x);
    assert.ok(e instanceof ApplyRefused, String(e));
    assert.equal(e.reason, 'unsafe');
    assert.match(e.message, why);
    assert.match(e.message, /Nothing was written\.$/);
    assert.equal(everything(), before, 'nothing of the user’s, nothing outside changed');
    r.git('status', '--porcelain'); // the user's next git status runs nothing of the branch's
    assert.equal(fs.existsSync(marker()), false, 'no program of the branch ran');
    return e;
  };
  const refusedFetch = async (head: string, id: RegExp) => {
    const e = await fetchTaskRefs(git, target(r, head)).catch(x => x);
    assert.ok(e instanceof Error, 'the fetch is refused');
    assert.match(fetchProblem(e, target(r, head)).why, id);
    assert.equal(await readTips(git, r.root, 't1'), undefined, 'nothing of it is kept');
  };

  it('a link to a folder outside and a file through it (finding 1): the fetch refuses, and so does Apply', async () => {
    const head = await branch('agent/outside', [
      link('link', sentinel.dir),
      dir('link', [blob('pwned', 'written outside\n')]),
    ]);
    await refusedFetch(head, /object checks refused the branch \(duplicateEntries/);
    await fetchedAnyway(head);
    await refusedApply(/link\/pwned \(it lies inside link, which the branch makes a symbolic link\)/);
    assert.equal(fs.existsSync(path.join(sentinel.dir, 'pwned')), false);
  });

  it('a link to .git and a config through it (finding 2): refused, and the next git status runs nothing', async () => {
    const config = `[core]\n\tfsmonitor = touch '${marker()}'\n`;
    const head = await branch('agent/config', [link('gl', '.git'), dir('gl', [blob('config', config)])]);
    await refusedFetch(head, /duplicateEntries/);
    await fetchedAnyway(head);
    await refusedApply(/gl\/config \(it lies inside gl, which the branch makes a symbolic link\)/);
  });

  it('LINK -> .git and link/config, a valid tree (finding 3): refused by its paths, on Linux too', async () => {
    const config = `[core]\n\tfsmonitor = touch '${marker()}'\n`;
    const head = await branch('agent/case', [link('LINK', '.git'), dir('link', [blob('config', config)])]);
    await fetchTaskRefs(git, target(r, head));
    const e = await refusedApply(/link\/config \(it lies inside LINK, which the branch makes a symbolic link\)/);
    assert.ok(e.paths.includes('LINK'), 'the link is named too');
  });

  it('NTFS short and stream names and HFS spellings of .git (finding 4): refused at the fetch and at Apply', async () => {
    const hook = '#!/bin/sh\ntouch ran\n';
    for (const name of ['git~1', '.git::$INDEX_ALLOCATION', '.g\u200cit', '.GIT.', '.git ']) {
      const head = await branch(`agent/ntfs-${Buffer.from(name).toString('hex')}`, [
        dir(name, [dir('hooks', [{ ...blob('post-checkout', hook), mode: '100755' }])]),
      ]);
      await refusedFetch(head, /hasDotgit/);
      await fetchedAnyway(head);
      await refusedApply(/hooks\/post-checkout \(it is inside \.git to some file system/);
      r.git('update-ref', '-d', refs.headRef);
    }
  });

  it('two names one file on a case-insensitive disk, and names only Windows refuses: refused, each named', async () => {
    const twins = await branch('agent/twins', [blob('Readme.md', 'other\n'), blob('notes.txt', 'fine\n')]);
    await fetchTaskRefs(git, target(r, twins));
    await refusedApply(/Readme\.md \(it is the same file as README\.md on a case-insensitive file system\)/);
    const windows = await branch('agent/windows', [blob('aux.c', 'x\n'), blob('what?.md', 'x\n'), blob('dot.', 'x\n')]);
    await fetchTaskRefs(git, target(r, windows));
    const e = await refusedApply(/aux\.c \(a part of it is AUX, a device name Windows reserves\)/);
    assert.deepEqual([...e.paths].sort(), ['aux.c', 'dot.', 'what?.md']);
  });

  it('Check Out in New Worktree refuses the same trees before git makes anything: no branch, no folder', async () => {
    const where = `${r.root}-wt`;
    const head = await branch('agent/wt-case', [link('LINK', '.git'), dir('link', [blob('config', '[core]\n')])]);
    const ntfs = await branch('agent/wt-ntfs', [dir('git~1', [blob('config', '[core]\n')])]);
    for (const h of [head, ntfs]) {
      if (h === head) await fetchTaskRefs(git, target(r, h));
      else await fetchedAnyway(h);
      const before = everything();
      const w = { root: r.root, path: where, branch: h, ...refs, remote: 'origin' };
      const e = await checkOutInWorktree(git, 'git', w).catch(x => x);
      assert.ok(e instanceof ApplyRefused, String(e));
      assert.match(e.message, h === head ? /link\/config \(it lies inside LINK/ : /git~1\/config \(it is inside \.git/);
      assert.equal(everything(), before);
      assert.equal(fs.existsSync(where), false);
      assert.equal(r.git('branch', '--list', h).trim(), '');
    }
  });
});
