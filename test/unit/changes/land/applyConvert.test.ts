// Apply writes what `git checkout` of the head writes, and calls a file dirty when git does: with core.autocrlf=true
// (Git for Windows' default), an `eol=crlf` attribute (the user's, or one the branch brings), working-tree-encoding,
// and a smudge/clean filter the user configured (as Git LFS is). Each file is compared, byte for byte, with a
// checkout of the head made by git itself; a filter that fails writes nothing.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { GitRunner } from '../../../../src/git/gitRunner';
import { ApplyRefused, applyChanges } from '../../../../src/changes/land/applyChanges';
import { Repo } from './gitRepo';

const BASE = 'refs/agent-tasks/t1/base';
const HEAD = 'refs/agent-tasks/t1/head';
const git = new GitRunner(() => 'git');

/** main as `setup` leaves it, then the agent's commit made by `work`, our refs on both, main checked out afresh. */
function world(setup: (r: Repo) => void, work: (r: Repo) => void): Repo {
  const r = new Repo();
  setup(r);
  r.commitAll('first');
  r.git('checkout', '-q', '-b', 'agent/work');
  work(r);
  r.commitAll('agent');
  r.git('update-ref', HEAD, 'agent/work');
  r.git('update-ref', BASE, 'main');
  r.git('checkout', '-q', 'main');
  r.git('branch', '-q', '-D', 'agent/work');
  // As a clone would have them: every file written by git's checkout, with the conversions in force now.
  for (const f of r.git('ls-files', '-z').split('\0').filter(Boolean)) fs.rmSync(path.join(r.root, f));
  r.git('checkout', '-q', '--', '.');
  assert.equal(r.git('status', '--porcelain'), '', 'the clone starts clean');
  return r;
}

/** The bytes git's own checkout of `rev` writes at `paths` (a worktree with the same configuration). */
function checkedOut(r: Repo, rev: string, paths: string[]): Record<string, string> {
  const where = `${r.root}-checkout`;
  r.git('worktree', 'add', '-q', '--detach', where, rev);
  try {
    return Object.fromEntries(paths.map(p => [p, fs.readFileSync(path.join(where, p)).toString('hex')]));
  } finally {
    r.git('worktree', 'remove', '--force', where);
  }
}
const bytes = (r: Repo, paths: string[]) =>
  Object.fromEntries(paths.map(p => [p, fs.readFileSync(path.join(r.root, p)).toString('hex')]));

describe('land: Apply writes what git checkout writes', function () {
  this.timeout(30_000);
  let r: Repo | undefined;
  afterEach(() => r?.remove());
  const apply = (repo: Repo) =>
    applyChanges(
      git,
      'git',
      { root: repo.root, baseRef: BASE, headRef: HEAD },
      {
        storage: repo.storage,
      },
    );

  it('core.autocrlf=true: a changed file is no conflict, and is written with CRLF (finding 6)', async () => {
    r = world(
      x => {
        x.git('config', 'core.autocrlf', 'true');
        x.write('a.txt', 'line 1\nline 2\nline 3\n');
      },
      x => x.write('a.txt', 'line 1\nline 2 by the agent\nline 3\n'),
    );
    assert.match(r.read('a.txt')!, /\r\n/, 'the checkout holds CRLF');
    const applied = await apply(r);
    assert.deepEqual(applied.conflicts, []);
    assert.equal(r.read('a.txt'), 'line 1\r\nline 2 by the agent\r\nline 3\r\n');
    assert.deepEqual(bytes(r, ['a.txt']), checkedOut(r, HEAD, ['a.txt']));
    assert.equal(r.git('diff', '--numstat').trim(), '1\t1\ta.txt', 'git sees one line changed');
  });

  it('an eol=crlf attribute of the user’s, and one the branch brings, choose the line endings', async () => {
    r = world(
      x => {
        x.write('.gitattributes', '*.txt eol=crlf\n');
        x.write('a.txt', 'one\ntwo\n');
        x.write('sub/b.md', 'b\n');
      },
      x => {
        x.write('a.txt', 'one\ntwo\nthree\n');
        x.write('sub/.gitattributes', '*.md eol=crlf\n');
        x.write('sub/b.md', 'b\nmore\n');
        x.write('sub/new.md', 'new\nfile\n');
      },
    );
    const applied = await apply(r);
    assert.deepEqual(applied.conflicts, []);
    const paths = ['a.txt', 'sub/b.md', 'sub/new.md', 'sub/.gitattributes'];
    assert.deepEqual(bytes(r, paths), checkedOut(r, HEAD, paths));
    assert.equal(r.read('sub/new.md'), 'new\r\nfile\r\n');
  });

  it('working-tree-encoding: the file is written in its encoding', async () => {
    r = world(
      x => {
        x.write('.gitattributes', '*.u16 text working-tree-encoding=UTF-16LE eol=lf\n');
        x.write('w.u16', Buffer.from('hello\n', 'utf16le'));
      },
      x => x.write('w.u16', Buffer.from('hello\nwörld\n', 'utf16le')),
    );
    const applied = await apply(r);
    assert.deepEqual(applied.conflicts, []);
    assert.equal(fs.readFileSync(path.join(r.root, 'w.u16')).toString('utf16le'), 'hello\nwörld\n');
    assert.deepEqual(bytes(r, ['w.u16']), checkedOut(r, HEAD, ['w.u16']));
  });

  it('a smudge/clean filter the user configured (as Git LFS): the content is written, not the pointer', async () => {
    const filter = (x: Repo) => {
      x.git('config', 'filter.fake.smudge', "sed 's/^pointer /content: /'");
      x.git('config', 'filter.fake.clean', "sed 's/^content: /pointer /'");
      x.git('config', 'filter.fake.required', 'true');
    };
    r = world(
      x => {
        filter(x);
        x.write('.gitattributes', '*.bin filter=fake\n');
        x.write('big.bin', 'content: 1\n');
      },
      x => {
        x.write('big.bin', 'content: 2\n');
        // The branch names a filter the user never configured: git runs nothing for it.
        x.write('.gitattributes', '*.bin filter=fake\n*.dat filter=evil\n');
        x.write('data.dat', 'raw\n');
      },
    );
    assert.equal(r.git('cat-file', 'blob', `${HEAD}:big.bin`), 'pointer 2\n', 'git holds the pointer');
    const applied = await apply(r);
    assert.deepEqual(applied.conflicts, [], 'the user’s smudged file is not taken for an edit');
    assert.equal(r.read('big.bin'), 'content: 2\n');
    assert.equal(r.read('data.dat'), 'raw\n');
    assert.deepEqual(bytes(r, ['big.bin', 'data.dat']), checkedOut(r, HEAD, ['big.bin', 'data.dat']));
  });

  it('a filter that fails writes nothing, and says git’s reason', async () => {
    r = world(
      x => {
        x.write('a.txt', 'a\n');
        x.write('z.txt', 'z\n');
      },
      x => {
        x.write('a.txt', 'a changed\n');
        x.write('z.txt', 'z changed\n');
      },
    );
    // A filter whose download fails (as Git LFS's smudge without a network): it cleans, but cannot smudge.
    r.git('config', 'filter.broken.clean', 'cat');
    r.git('config', 'filter.broken.smudge', 'false');
    r.git('config', 'filter.broken.required', 'true');
    fs.writeFileSync(path.join(r.root, '.git', 'info', 'attributes'), 'z.txt filter=broken\n');
    const before = JSON.stringify([r.files(), r.untouchable(), r.gitDirHash()]);
    const e = await apply(r).catch(x => x);
    assert.ok(e instanceof ApplyRefused, String(e));
    assert.equal(e.reason, 'convert');
    assert.match(e.message, /smudge filter broken failed.*Nothing was written\.$/);
    assert.equal(JSON.stringify([r.files(), r.untouchable(), r.gitDirHash()]), before);
  });
});
