// Size: any number of paths (no command line holds them: 2,500 changed files with long names, 2 MiB of paths, over
// what any one command line takes — what 12,000 short ones came to), and large
// files streamed (a 70 MiB file, over the 64 MiB any one git output may fill, written and undone while the memory
// this process holds stays flat; Undo's copy is on disk, in the storage folder).
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { GitRunner } from '../../../../src/git/gitRunner';
import { applyChanges, undoApply } from '../../../../src/changes/land/applyChanges';
import { Repo } from './gitRepo';

const BASE = 'refs/agent-tasks/t1/base';
const HEAD = 'refs/agent-tasks/t1/head';
const git = new GitRunner(() => 'git');
const MiB = 1024 * 1024;
const N = 2_600;

/** Writes `size` bytes of text lines (`fill`) to `file` a piece at a time. */
function bigFile(file: string, size: number, fill: string): void {
  const line = Buffer.from(`${fill.repeat(63)}\n`);
  const piece = Buffer.concat(Array.from({ length: 1024 }, () => line));
  const fd = fs.openSync(file, 'w');
  for (let n = 0; n < size; n += piece.length) fs.writeSync(fd, piece);
  fs.closeSync(fd);
}

/** The most this process's memory grew over `base` while `work` ran (sampled). */
async function peakGrowth<T>(work: () => Promise<T>): Promise<{ result: T; grew: number }> {
  const now = () => process.memoryUsage().arrayBuffers + process.memoryUsage().heapUsed;
  const base = now();
  let peak = base;
  const timer = setInterval(() => (peak = Math.max(peak, now())), 5);
  try {
    const result = await work();
    peak = Math.max(peak, now());
    return { result, grew: peak - base };
  } finally {
    clearInterval(timer);
  }
}

describe('land: size', function () {
  this.timeout(180_000);
  let r: Repo | undefined;
  afterEach(() => r?.remove());

  it('2 MiB of changed paths are applied and undone (no command line holds them)', async () => {
    r = new Repo();
    r.write('README.md', '# many\n');
    r.commitAll('first');
    const input: string[] = [
      'commit refs/heads/agent',
      'committer T <t@example.invalid> 1767225600 +0000',
      'data 4',
      'many',
      'from refs/heads/main',
    ];
    const long = (c: string) => c.repeat(200);
    const deep = `${long('a')}/${long('b')}/${long('c')}`;
    for (let i = 0; i < N; i++) {
      const body = `file ${i}\n`;
      input.push(
        `M 100644 inline many/${deep}/d${i % 8}/file-${i}-${long('x')}${long('y').slice(0, 40)}.txt`,
        `data ${body.length}`,
        body,
      );
    }
    r.gitInput(`${input.join('\n')}\n`, 'fast-import', '--quiet');
    r.git('update-ref', HEAD, 'agent');
    r.git('update-ref', BASE, 'main');
    const applied = await applyChanges(
      git,
      'git',
      { root: r.root, baseRef: BASE, headRef: HEAD },
      {
        storage: r.storage,
      },
    );
    assert.equal(applied.files, N);
    assert.ok(applied.written.join('\0').length > 2 * MiB, 'more than a command line takes');
    assert.equal(r.read(`many/${deep}/d7/file-2047-${long('x')}${long('y').slice(0, 40)}.txt`), 'file 2047\n');
    const undone = await undoApply(applied.landed!);
    assert.equal(undone.restored.length, N);
    assert.equal(fs.existsSync(path.join(r.root, 'many')), false);
  });

  it('a 70 MiB file is written and undone streamed: memory stays flat, Undo’s copy is on disk', async () => {
    r = new Repo();
    bigFile(path.join(r.root, 'big.txt'), 70 * MiB, 'a');
    r.commitAll('first');
    r.git('checkout', '-q', '-b', 'agent');
    bigFile(path.join(r.root, 'big.txt'), 70 * MiB, 'b');
    r.commitAll('agent');
    r.git('update-ref', HEAD, 'agent');
    r.git('update-ref', BASE, 'main');
    r.git('checkout', '-q', 'main');
    const repo = r;
    const { result: applied, grew } = await peakGrowth(() =>
      applyChanges(git, 'git', { root: repo.root, baseRef: BASE, headRef: HEAD }, { storage: repo.storage }),
    );
    assert.ok(grew < 24 * MiB, `applying grew memory by ${Math.round(grew / MiB)} MiB`);
    assert.deepEqual(applied.written, ['big.txt']);
    assert.equal(r.git('rev-parse', `${HEAD}:big.txt`), r.gitInput('', 'hash-object', 'big.txt'));
    const copies = fs.readdirSync(applied.landed!.copies);
    assert.ok(
      copies.some(c => fs.statSync(path.join(applied.landed!.copies, c)).size >= 70 * MiB),
      'a copy on disk',
    );
    const { grew: undoGrew } = await peakGrowth(() => undoApply(applied.landed!));
    assert.ok(undoGrew < 24 * MiB, `undoing grew memory by ${Math.round(undoGrew / MiB)} MiB`);
    assert.equal(r.git('status', '--porcelain'), '');
  });
});
