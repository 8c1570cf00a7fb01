// Apply This Change underneath: the chosen changes of one file laid on the merge base as a commit of ours, applied
// with Apply Changes' own rules; a file holding just what the last apply wrote takes the next change; Undo of the
// later apply, then of the earlier, puts the file back as committed. Real git repositories.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { GitRunner } from '../../../../src/git/gitRunner';
import { ApplyRefused, applyChanges, undoApply } from '../../../../src/changes/land/applyChanges';
import { applyHunks, parseHunks } from '../../../../src/changes/land/hunks';
import { hunkCommit } from '../../../../src/changes/land/hunkCommit';
import { fileHash } from '../../../../src/changes/land/land';
import { LandHistory } from '../../../../src/changes/land/landHistory';
import { Repo } from './gitRepo';

const BASE_TEXT = 'one\ntwo\nthree\nfour\nfive\nsix\nseven\neight\n';
const HEAD_TEXT = 'ONE\ntwo\nthree\nfour\nfive\nsix\nseven\nEIGHT\n';

describe('land: Apply This Change', () => {
  let r: Repo;
  let tmp: string;
  const git = new GitRunner(() => 'git');
  let base: string;
  let head: string;
  beforeEach(() => {
    r = new Repo();
    r.write('f.txt', BASE_TEXT);
    base = r.commitAll('base');
    r.write('f.txt', HEAD_TEXT);
    head = r.commitAll('agent');
    r.git('reset', '-q', '--hard', base);
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'hunk-'));
  });
  afterEach(() => {
    r.remove();
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  const hunks = () => parseHunks(r.git('diff', '-U0', base, head, '--', 'f.txt'));
  const commitWith = (n: number[]) =>
    hunkCommit('git', r.root, {
      mergeBase: base,
      path: 'f.txt',
      mode: '100644',
      content: Buffer.from(
        applyHunks(
          BASE_TEXT,
          HEAD_TEXT,
          n.map(i => hunks()[i]),
        ),
      ),
      tmp,
    });
  const apply = (headRef: string, ours?: ReadonlyMap<string, string>) =>
    applyChanges(
      git,
      'git',
      { root: r.root, baseRef: base, headRef, only: 'f.txt' },
      {
        storage: r.storage,
        ...(ours ? { ours } : {}),
      },
    );

  it('writes one change, then the next onto it; Undo takes back the later, then the earlier', async () => {
    const status = r.git('status', '--porcelain');
    const branch = r.git('rev-parse', 'HEAD');
    assert.equal(hunks().length, 2);
    const first = await apply(await commitWith([0]));
    assert.equal(r.read('f.txt'), 'ONE\ntwo\nthree\nfour\nfive\nsix\nseven\neight\n');
    assert.equal(r.git('rev-parse', 'HEAD'), branch, 'the branch did not move');
    assert.equal(r.git('diff', '--cached', '--name-only'), '', 'nothing staged');
    // Without saying the file holds what we wrote, the next apply finds an uncommitted edit and refuses.
    const both = await commitWith([0, 1]);
    assert.ok((await apply(both).catch(e => e)) instanceof ApplyRefused);
    const hash = await fileHash(path.join(r.root, 'f.txt'));
    const second = await apply(both, new Map([['f.txt', hash!]]));
    assert.equal(r.read('f.txt'), HEAD_TEXT);
    const history = new LandHistory(() => undefined);
    history.addApply({ taskId: 't', label: 't', landed: first.landed! });
    history.addApply({ taskId: 't', label: 't', landed: second.landed! });
    const later = history.takeApply()!;
    const undone = await undoApply(later.landed);
    history.putBack(undone.putBack);
    assert.equal(r.read('f.txt'), 'ONE\ntwo\nthree\nfour\nfive\nsix\nseven\neight\n');
    const earlier = await undoApply(history.takeApply()!.landed);
    assert.deepEqual(earlier.changedSince, [], 'the file the later Undo put back is known as the earlier apply’s');
    assert.equal(r.read('f.txt'), BASE_TEXT);
    assert.equal(r.git('status', '--porcelain'), status);
    history.dispose();
  });

  it('a file that changed since our apply is refused, naming it', async () => {
    await apply(await commitWith([0]));
    const hash = await fileHash(path.join(r.root, 'f.txt'));
    fs.appendFileSync(path.join(r.root, 'f.txt'), 'mine\n');
    const e = await apply(await commitWith([0, 1]), new Map([['f.txt', hash!]])).catch(x => x);
    assert.ok(e instanceof ApplyRefused);
    assert.match(e.message, /f\.txt/);
    assert.match(r.read('f.txt')!, /mine\n$/);
  });
});
