import * as assert from 'node:assert/strict';
import { keptInOpenDiff, spotOf } from '../../../../src/changes/review/outdated';

describe('review: outdated comments', () => {
  const written = { start: 4, end: 5 };

  it('follows its lines onto the head shown when they are there as written, sent or not', () => {
    const found = { start: 6, end: 7, changed: false };
    assert.deepEqual(spotOf(written, false, found), { on: 'head', start: 6, end: 7 });
    assert.deepEqual(spotOf(written, true, found), { on: 'head', start: 6, end: 7 });
  });

  it('a sent comment whose lines changed stays on the diff it was written on, on its lines, outdated', () => {
    assert.deepEqual(spotOf(written, true, { start: 2, end: 3, changed: true }), {
      on: 'written',
      start: 4,
      end: 5,
      outdated: 'lines',
    });
  });

  it('a comment not sent yet whose lines changed stays on the head shown, near them, outdated', () => {
    assert.deepEqual(spotOf(written, false, { start: 2, end: 3, changed: true }), {
      on: 'head',
      start: 2,
      end: 3,
      outdated: 'lines',
    });
  });

  it('a comment whose file is gone stays on the diff it was written on, saying why, sent or not', () => {
    for (const sent of [true, false]) {
      assert.deepEqual(spotOf(written, sent, 'deleted'), { on: 'written', start: 4, end: 5, outdated: 'deleted' });
      assert.deepEqual(spotOf(written, sent, 'gone'), { on: 'written', start: 4, end: 5, outdated: 'gone' });
    }
  });

  it('a thread stays in the diff it is drawn in only while that diff is open and the rules put it elsewhere', () => {
    const open = new Set(['old']);
    const isOpen = (u: string) => open.has(u);
    assert.equal(keptInOpenDiff('old', 'new', isOpen), true);
    assert.equal(keptInOpenDiff('old', 'old', isOpen), false, 'already where the rules put it');
    assert.equal(keptInOpenDiff('other', 'new', isOpen), false, 'its diff closed');
    assert.equal(keptInOpenDiff(undefined, 'new', isOpen), false, 'not drawn yet');
  });
});
