import * as assert from 'node:assert/strict';
import { roundEnds, type ChainCommit, type RoundFacts } from '../../../../src/changes/rounds/roundEnds';

const T0 = Date.parse('2026-03-10T12:00:00Z');
const at = (s: number): number => T0 + s * 1000;
const sha = (n: number): string => n.toString(16).padStart(40, 'c');
/** Commits dated at the given seconds after T0, oldest first. */
const chain = (...secs: number[]): ChainCommit[] => secs.map((s, i) => ({ sha: sha(i + 1), seconds: at(s) / 1000 }));

const first: RoundFacts = { id: 'a', name: 'First', state: 'completed', startMs: at(0), finishMs: at(100) };
const second: RoundFacts = { id: 'b', name: 'Second', state: 'completed', startMs: at(200), finishMs: at(300) };

describe('rounds: where each round ends on the branch', () => {
  it('ends a round at its last commit dated before the next round began', () => {
    // The sandbox's way: a commit at the session's start and one at its completion, per round.
    assert.deepEqual(roundEnds([first, second], chain(0, 100, 200, 300)), [{ known: true, index: 1, how: 'dates' }]);
  });

  it('tells a commit dated in the very second the next round began as the later round’s', () => {
    const quick = { ...second, startMs: at(100) + 400 };
    const [end] = roundEnds([{ ...first, finishMs: at(99) }, quick], chain(0, 99, 100));
    assert.deepEqual(end, { known: true, index: 1, how: 'dates' });
  });

  it('says it is in doubt when a commit is dated while both rounds ran', () => {
    const [end] = roundEnds([{ ...first, finishMs: at(250) }, second], chain(0, 100, 220, 300));
    assert.equal(end.known && end.index, 1);
    assert.match(end.known ? (end.doubt ?? '') : '', /both “First” and “Second” were running/);
  });

  it('says the earlier round may still have been writing when it had not finished', () => {
    const { finishMs: _, ...running } = first;
    const [end] = roundEnds([running, second], chain(0, 100, 200));
    assert.match(end.known ? (end.doubt ?? '') : '', /“First” may still have been writing when “Second” began/);
  });

  it('says the commit times are out of order when a commit of the earlier time comes after', () => {
    const [end] = roundEnds([first, second], chain(0, 200, 50));
    assert.equal(end.known && end.index, 0);
    assert.match(end.known ? (end.doubt ?? '') : '', /out of order/);
  });

  it('ends a round where the tip recorded at the next round’s start is, and adds what was pushed before it began', () => {
    const c = chain(0, 100, 150, 200);
    assert.deepEqual(roundEnds([first, { ...second, tipAtStart: c[1].sha }], c), [
      { known: true, index: 2, how: 'recorded' },
    ]);
  });

  it('ignores a tip recorded after the next round had pushed, and tells the end from the times', () => {
    const c = chain(0, 100, 200);
    assert.deepEqual(roundEnds([first, { ...second, tipAtStart: c[2].sha }], c), [
      { known: true, index: 1, how: 'dates' },
    ]);
  });

  it('a tip in the base’s history means the round made none of the line’s commits', () => {
    const c = chain(200);
    assert.deepEqual(roundEnds([first, { ...second, tipAtStart: 'b'.repeat(40) }], c, new Set(['b'.repeat(40)])), [
      { known: true, index: -1, how: 'recorded' },
    ]);
  });

  it('cannot tell the end when the recorded tip is no longer on the branch (force-pushed)', () => {
    const [end] = roundEnds([first, { ...second, tipAtStart: 'd'.repeat(40) }], chain(0, 100, 200));
    assert.equal(end.known, false);
    assert.match(end.known ? '' : end.why, /rewritten \(force-pushed\).*“Second” started \(dddddddddddd\)/);
  });

  it('cannot tell the end when the next round is gone from the service and left no tip; can with one', () => {
    const gone = { ...second, gone: true, state: '' };
    const [end] = roundEnds([first, gone], chain(0, 100, 200));
    assert.equal(end.known, false);
    assert.match(end.known ? '' : end.why, /no longer has “Second”/);
    const c = chain(0, 100, 200);
    assert.deepEqual(roundEnds([first, { ...gone, tipAtStart: c[1].sha }], c), [
      { known: true, index: 1, how: 'recorded' },
    ]);
  });

  it('cannot tell the end when the next round’s times are not known', () => {
    const [end] = roundEnds([first, { ...second, startMs: Infinity }], chain(0, 100, 200));
    assert.equal(end.known, false);
  });

  it('three rounds: each end after the one before; an end not known leaves those after it not known', () => {
    const third: RoundFacts = { id: 'c', name: 'Third', state: 'in_progress', startMs: at(400) };
    assert.deepEqual(roundEnds([first, second, third], chain(0, 100, 200, 300, 400)), [
      { known: true, index: 1, how: 'dates' },
      { known: true, index: 3, how: 'dates' },
    ]);
    const ends = roundEnds([first, { ...second, tipAtStart: 'e'.repeat(40) }, third], chain(0, 100, 200, 300, 400));
    assert.deepEqual(
      ends.map(e => e.known),
      [false, false],
    );
  });

  it('a round that pushed nothing ends where the round before it ended', () => {
    assert.deepEqual(roundEnds([first, second], chain(200, 300)), [{ known: true, index: -1, how: 'dates' }]);
  });
});
