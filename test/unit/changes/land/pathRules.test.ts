// git's path rules for a checkout, held on every platform: names some file system reads as `.git` (any case, NTFS
// short and stream names, trailing dots and spaces, HFS-ignorable code points), names only Windows refuses, symbolic
// links in place of git's own files, and the names two file systems take for one file.
import assert from 'node:assert/strict';
import { TreeCheck } from '../../../../src/changes/land/treeCheck';
import { foldKey, isDotGit, pathProblem } from '../../../../src/changes/land/pathRules';

const blob = '1'.repeat(40);

describe('land: path rules', () => {
  it('refuses every spelling of .git that some file system reads as .git', () => {
    for (const p of [
      '.git/config',
      '.GIT/hooks/post-checkout',
      'a/.Git/x',
      'git~1/hooks/post-checkout',
      'GIT~1/config',
      '.git::$INDEX_ALLOCATION/hooks/post-checkout',
      '.git:stream',
      '.git./config',
      '.git /config',
      '.git . ./x',
      '.g\u200cit/config',
      '\ufeff.git/config',
      '.gi\u200dt/x',
    ])
      assert.match(pathProblem(p) ?? '', /inside \.git/, p);
    for (const p of ['.github/workflows/ci.yml', '.gitignore', 'git~2/x', 'my.git/x', '.gitx/y'])
      assert.doesNotMatch(pathProblem(p) ?? '', /inside \.git/, p);
    assert.equal(isDotGit('git~1 . '), true);
  });

  it('refuses paths that leave the tree or that Windows reads otherwise', () => {
    const cases: Array<[string, RegExp]> = [
      ['../x', /“\.\.” part/],
      ['a/../../x', /“\.\.” part/],
      ['a//b', /empty/],
      ['./a', /empty, “\.” or/],
      ['/etc/passwd', /absolute/],
      ['C:/Windows/x', /absolute/],
      ['a\\..\\..\\x', /backslash/],
      ['a:b', /absolute/],
      ['x/ab:c', /colon/],
      ['trail./x', /ends in a dot or a space/],
      ['space /x', /ends in a dot or a space/],
      ['aux.c', /AUX, a device name/],
      ['src/con/x.ts', /CON, a device name/],
      ['LPT1', /LPT1, a device name/],
      ['what?.md', /character Windows does not allow/],
      ['tab\there', /character Windows does not allow/],
    ];
    for (const [p, why] of cases) assert.match(pathProblem(p) ?? 'accepted', why, p);
    for (const p of ['src/é x.ts', 'auxiliary.c', 'console/x', 'a.b/c.d', 'README.md'])
      assert.equal(pathProblem(p), undefined, p);
    // Windows' own rules hold only for paths a change writes; a tree's other paths keep the rules that matter anywhere.
    assert.equal(pathProblem('aux.c', '100644', false), undefined);
    assert.match(pathProblem('git~1/x', '100644', false) ?? '', /inside \.git/);
  });

  it('refuses a symbolic link in place of .gitmodules, .gitattributes, .gitignore or .mailmap, in any spelling', () => {
    for (const p of ['.gitmodules', 'a/.GITATTRIBUTES', '.gitignore', '.mailmap', 'gitmod~1', 'gi7eba~9', 'GI250A~1'])
      assert.match(pathProblem(p, '120000') ?? '', /symbolic link in place of git’s own file/, p);
    assert.equal(pathProblem('.gitmodules', '100644'), undefined, 'a real .gitmodules is a file like any other');
  });

  it('folds names as case-insensitive, normalising file systems do', () => {
    assert.equal(foldKey('LINK/Config'), foldKey('link/config'));
    assert.equal(foldKey('caf\u00e9'), foldKey('cafe\u0301'));
    assert.equal(foldKey('a./b '), foldKey('a/b'));
    assert.notEqual(foldKey('a/b'), foldKey('a/c'));
  });

  it('finds a written path inside a link or a file of the same tree, names listed twice, and case twins', () => {
    const check = (written: Array<[string, string]>, tree: Array<[string, string]>) => {
      const c = new TreeCheck(new Map(written));
      for (const [path, mode] of tree) c.see({ path, mode, blob });
      return c.result();
    };
    // A link and a file through it, as two entries of one tree (finding 1), or one name in two cases (finding 3).
    let r = check(
      [
        ['link', '120000'],
        ['link/pwned', '100644'],
      ],
      [
        ['link', '120000'],
        ['link', '040000'],
        ['link/pwned', '100644'],
      ],
    );
    assert.ok(
      r.some(p => p.path === 'link/pwned' && /inside link, which the branch makes a symbolic link/.test(p.why)),
    );
    r = check(
      [['link/config', '100644']],
      [
        ['LINK', '120000'],
        ['link', '040000'],
        ['link/config', '100644'],
      ],
    );
    assert.deepEqual(r, [{ path: 'link/config', why: 'it lies inside LINK, which the branch makes a symbolic link' }]);
    r = check(
      [['README.md', '100644']],
      [
        ['README.md', '100644'],
        ['Readme.md', '100644'],
      ],
    );
    assert.match(r[0]?.why ?? '', /same file as Readme\.md on a case-insensitive file system/);
    r = check(
      [['x', '100644']],
      [
        ['x', '100644'],
        ['x', '100644'],
      ],
    );
    assert.match(r[0]?.why ?? '', /lists it twice/);
    // Folders of one name in two cases merge; nothing collides.
    assert.deepEqual(
      check(
        [['Docs/a.md', '100644']],
        [
          ['Docs', '040000'],
          ['docs', '040000'],
          ['Docs/a.md', '100644'],
          ['docs/b.md', '100644'],
        ],
      ),
      [],
    );
  });
});
