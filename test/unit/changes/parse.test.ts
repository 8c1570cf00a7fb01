import * as assert from 'node:assert/strict';
import { parseDiff, parseLog } from '../../../src/changes/parse';
import { fetchArgs, fetchProblem } from '../../../src/changes/taskRefs';
import { GitError } from '../../../src/git/gitRunner';
import { branchOf, localRepoOf } from '../../../src/changes/taskBranch';
import type { Session, Task } from '../../../src/api';

const A = 'a'.repeat(40);
const B = 'b'.repeat(40);
const Z = '0'.repeat(40);

describe('changes: reading git output', () => {
  it('reads raw and numstat entries by position: added, deleted, renamed, binary, odd names', () => {
    const out = [
      `:000000 100644 ${Z} ${A} A`,
      'bin.dat',
      `:100644 000000 ${B} ${Z} D`,
      'del\ttab.txt',
      `:100644 100644 ${A} ${B} R085`,
      'old.txt',
      'new ü.txt',
      `:100644 100644 ${A} ${B} M`,
      ':colon\nnewline.txt',
      '-\t-\tbin.dat',
      '0\t1\tdel\ttab.txt',
      '1\t0\t',
      'old.txt',
      'new ü.txt',
      '12\t3\t:colon\nnewline.txt',
      '',
    ].join('\0');
    const files = parseDiff(out);
    assert.deepEqual(files, [
      { path: 'bin.dat', kind: 'added', binary: true, newBlob: A },
      { path: 'del\ttab.txt', kind: 'deleted', added: 0, removed: 1, binary: false, oldBlob: B },
      {
        path: 'new ü.txt',
        from: 'old.txt',
        kind: 'renamed',
        added: 1,
        removed: 0,
        binary: false,
        oldBlob: A,
        newBlob: B,
      },
      { path: ':colon\nnewline.txt', kind: 'modified', added: 12, removed: 3, binary: false, oldBlob: A, newBlob: B },
    ]);
  });

  it('reads nothing from empty output', () => {
    assert.deepEqual(parseDiff(''), []);
    assert.deepEqual(parseLog(''), []);
  });

  it('reads commits: the first line of each message and the whole of it, times in ms', () => {
    const out = `${A}\x001700000000\x00Fix it\n\nBody\n\x00${B}\x001700000100\x00Second\n\x00`;
    assert.deepEqual(parseLog(out), [
      { sha: A, time: 1_700_000_000_000, subject: 'Fix it', message: 'Fix it\n\nBody' },
      { sha: B, time: 1_700_000_100_000, subject: 'Second', message: 'Second' },
    ]);
  });
});

describe('changes: fetching into our own refs', () => {
  const t = { root: '/r', remote: 'origin', taskId: 't1', head: 'agent/x', base: 'main' };

  it('fetches the head and base into refs/agent-tasks only, with no remote-tracking branch, tag or FETCH_HEAD', () => {
    const args = fetchArgs(t);
    assert.deepEqual(args.slice(-3), [
      'origin',
      '+refs/heads/agent/x:refs/agent-tasks/t1/head',
      '+refs/heads/main:refs/agent-tasks/t1/base',
    ]);
    for (const a of ['--no-tags', '--no-write-fetch-head', '--refmap=', '--']) assert.ok(args.includes(a), a);
    assert.ok(args.indexOf('--') < args.indexOf('origin'), 'the remote is never read as an option');
  });

  it("says git's reasons as the user's: not pushed yet, no base, refused", () => {
    const err = (s: string) => new GitError('git fetch failed', s, 128);
    assert.equal(
      fetchProblem(err("fatal: couldn't find remote ref refs/heads/agent/x"), t).why,
      'the agent has not pushed yet',
    );
    assert.equal(
      fetchProblem(err("fatal: couldn't find remote ref refs/heads/main"), t).why,
      'origin has no base branch main',
    );
    assert.match(
      fetchProblem(err("fatal: unable to access 'x': The requested URL returned error: 403"), t).why,
      /^the fetch from origin was refused: unable to access 'x': The requested URL returned error: 403/,
    );
    // On the way (a name, a proxy, a certificate): git's, with git's own settings (test/unit/network/gitNetwork).
    const name = fetchProblem(err("fatal: unable to access 'x': Could not resolve host: example.invalid"), t);
    assert.equal(name.why, 'the fetch from origin failed: git could not resolve the name example.invalid');
    assert.match(name.todo, /git config --global http\.proxy/);
  });
});

describe('changes: which branch, which clone', () => {
  const task = (state: string) => ({ id: 't1', state }) as Task;
  const session = (head: string, base = 'main', created = '2026-01-01T00:00:00Z') =>
    ({ head_ref: head, base_ref: base, created_at: created }) as Session;

  it('a queued task has no branch yet', () => {
    const b = branchOf(task('queued'), []);
    assert.equal(b.ok, false);
    assert.equal(!b.ok && b.why, 'no branch yet: the task is queued');
  });

  it('takes the newest session naming a head, and refuses names git would read as options', () => {
    const b = branchOf(task('completed'), [session('old'), session('new', 'main', '2026-01-02T00:00:00Z')]);
    assert.deepEqual(b, { ok: true, head: 'new', base: 'main' });
    const bad = branchOf(task('completed'), [session('--upload-pack=evil')]);
    assert.equal(bad.ok, false);
    assert.match(!bad.ok ? bad.why : '', /not a valid git branch name/);
  });

  it('finds the clone whose remote is the repository, or says none is open', () => {
    const found = localRepoOf({ owner: 'Acme', repo: 'Rocket' }, [
      { owner: 'acme', repo: 'rocket', remote: 'o', root: '/w' },
    ]);
    assert.deepEqual(found, { ok: true, root: '/w', remote: 'o' });
    const none = localRepoOf({ owner: 'mona', repo: 'dotfiles' }, []);
    assert.equal(!none.ok && none.why, 'no clone of mona/dotfiles is open in this workspace');
  });
});
