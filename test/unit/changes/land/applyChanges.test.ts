// Apply Changes against real git repositories: the agent's changes land in the working tree as uncommitted changes,
// the user's branch, index and stash never move, busy files are refused before anything is written, conflicts are
// marked, and Undo puts the files back.
import assert from 'node:assert/strict';
import { GitRunner } from '../../../../src/git/gitRunner';
import {
  ApplyRefused,
  applyChanges as applyIn,
  undoApply,
  type ApplySource,
} from '../../../../src/changes/land/applyChanges';
import { RawReader } from '../../../../src/changes/land/applyPlan';
import { Repo } from './gitRepo';

const BASE = 'refs/agent-tasks/t1/base';
const HEAD = 'refs/agent-tasks/t1/head';
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 1, 2, 3, 0, 0xff]);

/** main with four files; the agent's branch changes one, adds two (one binary, one named with a space and é),
 *  deletes one and renames one; our refs point at both. Back on main afterwards. */
function world(): Repo {
  const r = new Repo();
  r.write('src/app.ts', 'line 1\nline 2\nline 3\nline 4\nline 5\n');
  r.write('old.txt', 'to be deleted\n');
  r.write('lib/name.ts', 'export const name = 1;\n');
  r.write('README.md', '# demo\n');
  r.commitAll('first');
  r.git('checkout', '-q', '-b', 'agent/work');
  r.write('src/app.ts', 'line 1\nline 2 by the agent\nline 3\nline 4\nline 5\n');
  r.write('tests/app test é.ts', 'test();\n');
  r.write('media/logo.png', PNG);
  r.git('rm', '-q', 'old.txt');
  r.git('mv', 'lib/name.ts', 'lib/renamed.ts');
  r.commitAll('agent');
  r.git('update-ref', HEAD, 'agent/work');
  r.git('update-ref', BASE, 'main');
  r.git('checkout', '-q', 'main');
  r.git('branch', '-q', '-D', 'agent/work');
  return r;
}

describe('land: Apply Changes', () => {
  let r: Repo;
  let git: GitRunner;
  const applyChanges = (g: GitRunner, path: string, src: ApplySource) => applyIn(g, path, src, { storage: r.storage });
  beforeEach(() => {
    r = world();
    git = new GitRunner(() => 'git');
  });
  afterEach(() => r.remove());

  it('writes the head’s files into a clean tree as uncommitted changes; branch, HEAD, index, all of .git untouched', async () => {
    // Settings that would have git write beside a temporary index, or ask the user's fsmonitor about another folder.
    r.git('config', 'core.splitIndex', 'true');
    r.git('config', 'core.untrackedCache', 'true');
    const still = r.untouchable();
    const gitDir = r.gitDirHash();
    const applied = await applyChanges(git, 'git', { root: r.root, baseRef: BASE, headRef: HEAD });
    assert.deepEqual(applied.conflicts, []);
    assert.equal(r.untouchable(), still);
    assert.equal(r.gitDirHash(), gitDir, 'not one file of .git was written');
    assert.deepEqual(r.files(), r.tree(HEAD));
    assert.equal(applied.files, 5, 'five changes as the Changes count them: the rename is one');
    const again = await applyChanges(git, 'git', { root: r.root, baseRef: BASE, headRef: HEAD }).catch(e => e);
    assert.ok(again instanceof ApplyRefused, 'a second apply finds its own edits and refuses');
    assert.deepEqual(applied.written.sort(), [
      'lib/name.ts',
      'lib/renamed.ts',
      'media/logo.png',
      'old.txt',
      'src/app.ts',
      'tests/app test é.ts',
    ]);
    const status = r.git('status', '--porcelain', '--untracked-files=all');
    assert.match(status, /^ M src\/app\.ts$/m);
    assert.match(status, /^ D old\.txt$/m);
  });

  it('refuses when a file it touches has an edit, naming it, and writes nothing', async () => {
    r.write('src/app.ts', 'my own edit\n');
    r.write('unrelated.txt', 'fine\n');
    const before = r.files();
    const still = r.untouchable();
    const e = await applyChanges(git, 'git', { root: r.root, baseRef: BASE, headRef: HEAD }).catch(x => x);
    assert.ok(e instanceof ApplyRefused);
    assert.deepEqual(e.paths, ['src/app.ts']);
    assert.match(e.message, /src\/app\.ts/);
    assert.deepEqual(r.files(), before);
    assert.equal(r.untouchable(), still);
  });

  it('a staged edit is an edit too', async () => {
    r.write('README.md', '# staged\n');
    r.git('add', 'README.md');
    r.write('old.txt', 'staged too\n');
    r.git('add', 'old.txt');
    const e = await applyChanges(git, 'git', { root: r.root, baseRef: BASE, headRef: HEAD }).catch(x => x);
    assert.ok(e instanceof ApplyRefused);
    assert.deepEqual(e.paths, ['old.txt']);
  });

  it('merges three ways where the branch moved on: other lines merge cleanly, the same line is marked', async () => {
    r.write('src/app.ts', 'line 1\nline 2\nline 3\nline 4\nline 5 mine\n');
    r.commitAll('mine, elsewhere');
    let applied = await applyChanges(git, 'git', { root: r.root, baseRef: BASE, headRef: HEAD });
    assert.deepEqual(applied.conflicts, []);
    assert.equal(r.read('src/app.ts'), 'line 1\nline 2 by the agent\nline 3\nline 4\nline 5 mine\n');
    await undoApply(applied.landed!);
    r.write('src/app.ts', 'line 1\nline 2 mine\nline 3\nline 4\nline 5 mine\n');
    r.commitAll('mine, the same line');
    applied = await applyChanges(git, 'git', { root: r.root, baseRef: BASE, headRef: HEAD });
    assert.deepEqual(applied.conflicts, [{ path: 'src/app.ts', why: 'conflict markers' }]);
    assert.match(
      r.read('src/app.ts')!,
      /<<<<<<< yours\nline 2 mine\n=======\nline 2 by the agent\n>>>>>>> agent task\n/,
    );
  });

  it('applies one file of the change alone', async () => {
    const applied = await applyChanges(git, 'git', {
      root: r.root,
      baseRef: BASE,
      headRef: HEAD,
      only: 'lib/renamed.ts',
    });
    assert.deepEqual(applied.written.sort(), ['lib/name.ts', 'lib/renamed.ts']);
    assert.equal(r.read('lib/renamed.ts'), 'export const name = 1;\n');
    assert.equal(r.read('lib/name.ts'), undefined);
    assert.equal(r.read('src/app.ts'), 'line 1\nline 2\nline 3\nline 4\nline 5\n');
  });

  it('Undo puts every touched file back, and leaves one edited since', async () => {
    const before = r.files();
    const applied = await applyChanges(git, 'git', { root: r.root, baseRef: BASE, headRef: HEAD });
    r.write('README.md', 'not the apply’s\n');
    let undone = await undoApply(applied.landed!);
    assert.deepEqual(undone.changedSince, []);
    r.write('README.md', '# demo\n');
    assert.deepEqual(r.files(), before);
    const again = await applyChanges(git, 'git', { root: r.root, baseRef: BASE, headRef: HEAD });
    r.write('src/app.ts', 'edited after the apply\n');
    undone = await undoApply(again.landed!);
    assert.deepEqual(undone.changedSince, ['src/app.ts']);
    assert.equal(r.read('src/app.ts'), 'edited after the apply\n');
    assert.equal(r.read('old.txt'), 'to be deleted\n');
  });

  it('reads renames from git’s raw -z output', () => {
    const a = 'a'.repeat(40);
    const b = 'b'.repeat(40);
    const z = '0'.repeat(40);
    const reader = new RawReader();
    const out = `:100644 100644 ${a} ${b} M\0a b.ts\0:100644 100755 ${a} ${b} R087\0x.ts\0y.ts\0:100644 000000 ${a} ${z} D\0z\0`;
    for (const rec of out.split('\0').slice(0, -1)) reader.record(rec);
    assert.deepEqual(reader.changes, [
      { status: 'M', path: 'a b.ts', old: { mode: '100644', blob: a }, new: { mode: '100644', blob: b } },
      { status: 'R', path: 'y.ts', from: 'x.ts', old: { mode: '100644', blob: a }, new: { mode: '100755', blob: b } },
      { status: 'D', path: 'z', old: { mode: '100644', blob: a } },
    ]);
  });
});
