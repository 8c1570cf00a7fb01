// Attempts side by side against a real git repository: three branches from one base, listed per path with what each
// attempt did and where they agree; then the best of each kept, two files from two attempts written at once and undone.
import assert from 'node:assert/strict';
import { GitRunner } from '../../../../src/git/gitRunner';
import { compareFiles, listAttempts } from '../../../../src/changes/attempts/compareFiles';
import { applyPicks, type PickSource } from '../../../../src/changes/attempts/applyPicks';
import { ApplyRefused, undoApply } from '../../../../src/changes/land/applyChanges';
import { Repo } from '../land/gitRepo';

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 1, 2, 3]);

/** main, and three attempts at one prompt: they overlap on some files, agree on one, and one renames. */
function world(): Repo {
  const r = new Repo();
  r.write('src/app.ts', 'one\ntwo\nthree\n');
  r.write('README.md', '# demo\n');
  r.write('lib/name.ts', 'export const name = 1;\n');
  r.commitAll('first');
  const attempt = (n: number, files: Record<string, string | Buffer | null>, mv?: [string, string]) => {
    r.git('checkout', '-q', '-b', `agent/try-${n}`, 'main');
    for (const [p, c] of Object.entries(files))
      if (c === null) r.git('rm', '-q', p);
      else r.write(p, c);
    if (mv) r.git('mv', ...mv);
    r.commitAll(`attempt ${n}`);
    r.git('update-ref', `refs/agent-tasks/a${n}/head`, `agent/try-${n}`);
    r.git('update-ref', `refs/agent-tasks/a${n}/base`, 'main');
  };
  attempt(1, { 'src/app.ts': 'one\nTWO\nthree\n', 'README.md': '# demo\n\nSame words.\n' });
  attempt(2, { 'src/app.ts': 'one\ntwo\nthree\nfour\n', 'media/logo.png': PNG }, ['lib/name.ts', 'lib/renamed.ts']);
  attempt(3, { 'README.md': '# demo\n\nSame words.\n', 'src/app.ts': null });
  r.git('checkout', '-q', 'main');
  return r;
}

const tipsOf = (r: Repo, n: number) => ({
  base: r.git('rev-parse', `refs/agent-tasks/a${n}/base`).trim(),
  head: r.git('rev-parse', `refs/agent-tasks/a${n}/head`).trim(),
});

describe('attempts: compared and the best of each kept', () => {
  let r: Repo;
  const git = new GitRunner(() => 'git');
  beforeEach(() => (r = world()));
  afterEach(() => r.remove());

  it('lists every path any attempt changed, what each did, and which attempts reached the same content', async () => {
    const listed = await listAttempts(
      git,
      r.root,
      [1, 2, 3, 9].map(n => ({ index: n - 1, taskId: `a${n}` })),
    );
    assert.deepEqual(listed.read, [0, 1, 2], 'an attempt never fetched is left out');
    const rows = listed.files;
    const seen = rows.map(x => ({
      path: x.path,
      by: [...x.changes].map(([i, f]) => `${i + 1}:${f.kind}${f.binary ? ':bin' : `:+${f.added}-${f.removed}`}`),
      agree: x.agree.map(g => g.map(i => i + 1)),
    }));
    assert.deepEqual(seen, [
      { path: 'README.md', by: ['1:modified:+2-0', '3:modified:+2-0'], agree: [[1, 3]] },
      { path: 'lib/renamed.ts', by: ['2:renamed:+0-0'], agree: [] },
      { path: 'media/logo.png', by: ['2:added:bin'], agree: [] },
      { path: 'src/app.ts', by: ['1:modified:+1-1', '2:modified:+1-0', '3:deleted:+0-3'], agree: [] },
    ]);
    assert.equal(rows.find(x => x.path === 'lib/renamed.ts')?.changes.get(1)?.from, 'lib/name.ts');
  });

  it('says two deletions agree, and an attempt listed twice keeps its first entry', () => {
    const del = { path: 'x', kind: 'deleted' as const, binary: false, added: 0, removed: 1, oldBlob: 'a'.repeat(40) };
    const rows = compareFiles([
      { index: 2, files: [del] },
      { index: 0, files: [del, { ...del, kind: 'modified', newBlob: 'b'.repeat(40) }] },
    ]);
    assert.deepEqual(rows[0].agree, [[0, 2]]);
    assert.equal(rows[0].changes.get(0)?.kind, 'deleted');
  });

  it('writes two files picked from two attempts at once; Undo puts every byte back', async () => {
    const before = r.files();
    const still = r.untouchable();
    const picks: PickSource[] = [
      { index: 0, ...src(r, 1), paths: ['src/app.ts'] },
      { index: 2, ...src(r, 3), paths: ['README.md'] },
    ];
    const applied = await applyPicks(git, 'git', picks, { storage: r.storage });
    assert.deepEqual(applied.conflicts, []);
    assert.equal(applied.files, 2);
    assert.equal(r.read('src/app.ts'), 'one\nTWO\nthree\n');
    assert.equal(r.read('README.md'), '# demo\n\nSame words.\n');
    assert.equal(r.read('lib/name.ts'), 'export const name = 1;\n', 'what no one picked is left');
    assert.equal(r.untouchable(), still, 'branch, HEAD and index unmoved');
    assert.ok(applied.landed);
    const undone = await undoApply(applied.landed);
    assert.deepEqual(undone.changedSince, []);
    assert.deepEqual(r.files(), before);
  });

  it('refuses, writing nothing, when two picks write one path (a rename and an edit of its source)', async () => {
    r.git('update-ref', 'refs/agent-tasks/a4/head', 'main');
    r.git('checkout', '-q', '-b', 'agent/try-4', 'main');
    r.write('lib/name.ts', 'export const name = 4;\n');
    r.commitAll('attempt 4');
    r.git('update-ref', 'refs/agent-tasks/a4/head', 'agent/try-4');
    r.git('update-ref', 'refs/agent-tasks/a4/base', 'main');
    r.git('checkout', '-q', 'main');
    const before = r.files();
    const picks: PickSource[] = [
      { index: 1, ...src(r, 2), paths: ['lib/renamed.ts'] },
      { index: 3, ...src(r, 4), paths: ['lib/name.ts'] },
    ];
    await assert.rejects(applyPicks(git, 'git', picks, { storage: r.storage }), (e: unknown) => {
      assert.ok(e instanceof ApplyRefused);
      assert.deepEqual(e.paths, ['lib/name.ts']);
      return true;
    });
    assert.deepEqual(r.files(), before);
  });
});

function src(r: Repo, n: number): Omit<PickSource, 'index' | 'paths'> {
  const t = tipsOf(r, n);
  return { root: r.root, baseRef: t.base, headRef: t.head, head: `agent/try-${n}`, base: 'main' };
}
