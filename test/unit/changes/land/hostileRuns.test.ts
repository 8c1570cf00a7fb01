// What a hostile branch can make run, with the sandbox's git as the remote and the user's repository a clone of it:
// the user's hooks (`post-index-change`, `reference-transaction`, `post-checkout`) and a smudge filter the user
// configured, named by a `.gitattributes` the branch adds. Our fetch, the Review's reads and Apply's planning and
// staging run no hook; the filter runs only once the user said yes to writing that `.gitattributes`. And git's object
// checks hold for a branch the user's own fetch brought in unchecked (as the Git extension's autofetch does).
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { GitRunner } from '../../../../src/git/gitRunner';
import { fetchTaskRefs, readChanges, readTips, type LocalTips } from '../../../../src/changes/taskRefs';
import { checkObjects, checkProblem } from '../../../../src/changes/objectChecks';
import { changedToolFiles } from '../../../../src/changes/changedToolFiles';
import { ApplyRefused, applyChanges } from '../../../../src/changes/land/applyChanges';
import type { ToolFile } from '../../../../src/changes/land/toolFiles';
import { checkOutInWorktree } from '../../../../src/changes/land/worktrees';
import type { Repo } from './gitRepo';
import { FILES, HostileRemote, Sentinel, gitAsync, type Entry } from './hostileRemote';

const git = new GitRunner(() => 'git');
const target = (r: Repo, head: string) => ({ root: r.root, remote: 'origin', taskId: 't1', head, base: 'main' });
const refs = { baseRef: 'refs/agent-tasks/t1/base', headRef: 'refs/agent-tasks/t1/head' };
const HOOKS = ['post-index-change', 'reference-transaction', 'post-checkout'];

describe('land: a hostile branch runs nothing of the user’s', function () {
  this.timeout(60_000);
  let remote: HostileRemote;
  let r: Repo;
  let markers: Sentinel;
  const ran = () => fs.readdirSync(markers.dir).filter(n => n !== 'keep.txt');
  before(async () => {
    remote = await HostileRemote.start();
  });
  after(async () => {
    await remote.close();
  });
  beforeEach(async () => {
    r = await remote.userRepo();
    markers = new Sentinel();
  });
  afterEach(() => {
    r.remove();
    markers.remove();
  });

  const blob = (name: string, content: string): Entry => ({ mode: '100644', name, sha: remote.blob(content) });
  const link = (name: string, to: string): Entry => ({ mode: '120000', name, sha: remote.blob(to) });
  const dir = (name: string, entries: Entry[]): Entry => ({ mode: '040000', name, sha: remote.tree(entries) });
  /** main's files, `src/a.txt` as given, and more entries at the root. */
  const branch = async (name: string, a: string, extra: Entry[]): Promise<string> => {
    const rest = remote.mainEntries().filter(e => e.name !== 'src');
    await remote.push(name, remote.tree([...rest, dir('src', [blob('a.txt', a)]), ...extra]));
    return name;
  };

  /** The user's hooks, each leaving a file named after it; the user's filter `x`, leaving `smudged`. */
  const armUser = () => {
    for (const hook of HOOKS) {
      const file = path.join(r.root, '.git', 'hooks', hook);
      fs.writeFileSync(file, `#!/bin/sh\ncat >/dev/null\ntouch '${path.join(markers.dir, hook)}'\n`);
      fs.chmodSync(file, 0o755);
    }
    r.git('config', 'filter.x.smudge', `touch '${path.join(markers.dir, 'smudged')}' && cat`);
    r.git('config', 'filter.x.clean', 'cat');
  };
  /** The user's own commit on main changing the first line of src/a.txt: the branch's change of it is merged. */
  const userCommit = () => {
    r.write('src/a.txt', FILES['src/a.txt'].replace('line 1', 'line one'));
    r.commitAll('mine');
  };
  const attributesBranch = (name: string) =>
    branch(name, FILES['src/a.txt'].replace('line 3', 'line three'), [
      blob('.gitattributes', '*.txt filter=x\n'),
      blob('notes.txt', 'notes\n'),
    ]);

  it('the fetch, the Review’s reads and the object check run no hook (the same hooks do run for git’s own commands)', async () => {
    const head = await attributesBranch('agent/hooks');
    armUser();
    await fetchTaskRefs(git, target(r, head));
    const tips = (await readTips(git, r.root, 't1'))!;
    await checkObjects(git, r.root, tips);
    const { files } = await readChanges(git, r.root, tips);
    const tools = await changedToolFiles(git, r.root, files);
    assert.deepEqual(
      tools.map(t => t.path),
      ['.gitattributes'],
    );
    assert.deepEqual(ran(), [], 'no hook, no filter ran');
    // The test's own proof that the hooks are there and run: git's commands the user types run them.
    r.git('update-ref', 'refs/heads/proof', 'HEAD');
    // An add that changes the index: a refresh that finds nothing may leave the index unwritten, and the hook unrun.
    fs.writeFileSync(path.join(r.root, 'proof.txt'), 'proof\n');
    r.git('add', 'proof.txt');
    assert.deepEqual(ran().sort(), ['post-index-change', 'reference-transaction']);
  });

  it('Apply answered no: the filter the branch’s .gitattributes names never ran, nor any hook', async () => {
    userCommit();
    const head = await attributesBranch('agent/no');
    await fetchTaskRefs(git, target(r, head));
    armUser();
    const asked: ToolFile[][] = [];
    const e = await applyChanges(
      git,
      'git',
      { root: r.root, ...refs },
      {
        storage: r.storage,
        confirmTools: async files => {
          asked.push([...files]);
          assert.deepEqual(ran(), [], 'nothing ran before the question');
          return false;
        },
      },
    ).catch(x => x);
    assert.ok(e instanceof ApplyRefused && e.reason === 'declined', String(e));
    assert.deepEqual(
      asked.map(f => f.map(t => t.path)),
      [['.gitattributes']],
    );
    assert.deepEqual(ran(), [], 'no filter and no hook ran');
  });

  it('Apply answered yes: the filter runs then, on the files it names; no hook runs', async () => {
    userCommit();
    const head = await attributesBranch('agent/yes');
    await fetchTaskRefs(git, target(r, head));
    armUser();
    const applied = await applyChanges(
      git,
      'git',
      { root: r.root, ...refs },
      {
        storage: r.storage,
        confirmTools: async () => {
          assert.deepEqual(ran(), [], 'nothing ran before the question');
          return true;
        },
      },
    );
    assert.deepEqual([...applied.written].sort(), ['.gitattributes', 'notes.txt', 'src/a.txt']);
    assert.equal(r.read('src/a.txt'), 'line one\nline 2\nline three\n', 'merged');
    assert.deepEqual(ran(), ['smudged'], 'the filter ran after the yes, and no hook');
  });

  it('Apply of one file beside a .gitattributes it does not write: the branch’s filter does not run', async () => {
    const head = await attributesBranch('agent/one');
    await fetchTaskRefs(git, target(r, head));
    armUser();
    let asked = false;
    const applied = await applyChanges(
      git,
      'git',
      { root: r.root, ...refs, only: 'notes.txt' },
      { storage: r.storage, confirmTools: async () => (asked = true) },
    );
    assert.deepEqual(applied.written, ['notes.txt']);
    assert.equal(asked, false, 'no tool file is written');
    assert.equal(r.read('notes.txt'), 'notes\n');
    assert.deepEqual(ran(), [], 'no filter and no hook ran');
  });

  it('Check Out in New Worktree is a checkout the user asked for: git runs post-checkout, as for any checkout', async () => {
    const head = await branch('agent/wt', 'line 1\n', [blob('notes.txt', 'notes\n')]);
    await fetchTaskRefs(git, target(r, head));
    armUser();
    const where = `${r.root}-wt`;
    try {
      await checkOutInWorktree(git, 'git', { root: r.root, path: where, branch: head, ...refs, remote: 'origin' });
      assert.ok(ran().includes('post-checkout'), ran().join(' '));
    } finally {
      fs.rmSync(where, { recursive: true, force: true });
    }
  });

  describe('git’s object checks hold whatever fetched the branch', () => {
    /** The user's own fetch, as the Git extension's autofetch makes it: no object checks, a remote-tracking ref. */
    const usersFetch = () => gitAsync(r.root, ['fetch', '-q', 'origin']);
    const checked = async (head: string): Promise<LocalTips> => {
      await usersFetch();
      await fetchTaskRefs(git, target(r, head)); // nothing arrives: nothing is checked by the fetch itself
      const tips = await readTips(git, r.root, 't1');
      assert.ok(tips, 'our fetch took the branch');
      return tips;
    };

    it('a link and a folder of one name (duplicateEntries) and .git spelt for NTFS or HFS (hasDotgit): refused', async () => {
      const cases: Array<[string, Entry[], RegExp]> = [
        ['agent/dup', [link('link', '/tmp'), dir('link', [blob('pwned', 'x\n')])], /duplicateEntries/],
        ['agent/ntfs', [dir('git~1', [blob('config', '[core]\n')])], /hasDotgit/],
        ['agent/hfs', [dir('.g\u200cit', [blob('config', '[core]\n')])], /hasDotgit/],
      ];
      for (const [name, extra, id] of cases) {
        const head = await branch(name, 'line 1\n', extra);
        const e = await checkObjects(git, r.root, await checked(head)).catch(x => x);
        assert.ok(e instanceof Error, `${name}: refused`);
        const p = checkProblem(e, { head });
        assert.match(p.why, /^git's object checks refused the branch \(/);
        assert.match(p.why, id);
      }
    });

    it('a branch that passed, then moved on to a tree the checks refuse: its new commits are checked', async () => {
      const fine = await branch('agent/moves', 'line 1\n', [blob('notes.txt', 'fine\n')]);
      const first = await checked(fine);
      await checkObjects(git, r.root, first);
      const bad = remote.tree([...remote.mainEntries(), dir('.GIT.', [blob('config', '[core]\n')])]);
      await remote.push('agent/moves', bad, first.head);
      const moved = await checked(fine);
      assert.notEqual(moved.head, first.head);
      const e = await checkObjects(git, r.root, moved, [first.head]).catch(x => x);
      assert.match(checkProblem(e, { head: fine }).why, /hasDotgit/);
    });

    it('a branch git’s checks accept passes, and so does one with nothing new', async () => {
      const head = await branch('agent/fine', 'line 1\n', [blob('notes.txt', 'fine\n')]);
      const tips = await checked(head);
      await checkObjects(git, r.root, tips);
      await checkObjects(git, r.root, { head: tips.base, base: tips.base });
    });
  });
});
