import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { applyHunks, parseHunks, selectHunks } from '../../../../src/changes/land/hunks';
import { Repo } from './gitRepo';

const BASE = ['one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight'].map(l => `${l}\n`).join('');
// Line 2 changed, two lines put after line 5, line 8 removed.
const HEAD = ['one', 'TWO', 'three', 'four', 'five', 'five and a half', 'five and three quarters', 'six', 'seven']
  .map(l => `${l}\n`)
  .join('');

/** The hunks git itself finds between two texts (`git diff -U0` of two blobs). */
function gitHunks(base: string, head: string) {
  const repo = new Repo();
  const blob = (s: string) =>
    execFileSync('git', ['hash-object', '-w', '--stdin'], { cwd: repo.root, input: s }).toString().trim();
  const a = blob(base);
  const b = blob(head);
  const out = execFileSync('git', ['diff', '-U0', '--no-color', a, b], { cwd: repo.root }).toString();
  return parseHunks(out);
}

describe('land: one hunk of a diff', () => {
  it('reads the hunks git writes with no context, insertions and removals included', () => {
    assert.deepEqual(gitHunks(BASE, HEAD), [
      { oldStart: 2, oldCount: 1, newStart: 2, newCount: 1 },
      { oldStart: 5, oldCount: 0, newStart: 6, newCount: 2 },
      { oldStart: 8, oldCount: 1, newStart: 9, newCount: 0 },
    ]);
  });

  it('picks the hunks the selected head lines touch; a removal by the lines around it', () => {
    const hunks = gitHunks(BASE, HEAD);
    assert.deepEqual(selectHunks(hunks, 2, 2), [hunks[0]]);
    assert.deepEqual(selectHunks(hunks, 7, 7), [hunks[1]]);
    assert.deepEqual(selectHunks(hunks, 9, 9), [hunks[2]]);
    assert.deepEqual(selectHunks(hunks, 3, 4), []);
    assert.deepEqual(selectHunks(hunks, 1, 6), [hunks[0], hunks[1]]);
  });

  it('applies only the chosen hunks to the base; all of them give the head', () => {
    const hunks = gitHunks(BASE, HEAD);
    assert.equal(applyHunks(BASE, HEAD, [hunks[0]]), BASE.replace('two\n', 'TWO\n'));
    assert.equal(
      applyHunks(BASE, HEAD, [hunks[1]]),
      BASE.replace('five\n', 'five\nfive and a half\nfive and three quarters\n'),
    );
    assert.equal(applyHunks(BASE, HEAD, [hunks[2]]), BASE.replace('eight\n', ''));
    assert.equal(applyHunks(BASE, HEAD, hunks), HEAD);
  });

  it('keeps CRLF line ends and a last line without one', () => {
    const base = 'a\r\nb\r\nc\r\nd\r\ne';
    const head = 'a\r\nB\r\nc\r\nd\r\nE\r\nf';
    const hunks = gitHunks(base, head);
    assert.equal(hunks.length, 2);
    assert.equal(applyHunks(base, head, hunks), head);
    assert.equal(applyHunks(base, head, selectHunks(hunks, 2, 2)), 'a\r\nB\r\nc\r\nd\r\ne');
    assert.equal(applyHunks(base, head, selectHunks(hunks, 5, 5)), 'a\r\nb\r\nc\r\nd\r\nE\r\nf');
  });
});
