import * as assert from 'node:assert/strict';
import { namedLike, nextRound, roundLine, roundNumbers, type RoundLink } from '../../../src/model/roundNumbers';

const link = (task: string, id: string, name = `name of ${id}`): RoundLink => ({ task, id, name });
const rounds = (links: RoundLink[]) =>
  Object.fromEntries([...roundNumbers(links)].map(([id, r]) => [id, `${r.n}/${r.of} ${r.first.id}`]));

describe('round numbers: the rounds of one work, from the continuation links', () => {
  it('follows a chain to its first task and numbers the rounds in the order they were started', () => {
    assert.deepEqual(rounds([link('b', 'a', 'Make it so'), link('c', 'b')]), {
      a: '1/3 a',
      b: '2/3 a',
      c: '3/3 a',
    });
    const r = roundNumbers([link('b', 'a', 'Make it so'), link('c', 'b')]).get('c')!;
    assert.deepEqual(r.first, { id: 'a', name: 'Make it so' }, 'the first task as its continuation named it');
    assert.deepEqual(r.ids, ['a', 'b', 'c']);
  });

  it('counts every continuation of one work, however it branches, and keeps separate works apart', () => {
    assert.deepEqual(rounds([link('b', 'a'), link('x2', 'x1'), link('c', 'a'), link('d', 'b')]), {
      a: '1/4 a',
      b: '2/4 a',
      c: '3/4 a',
      d: '4/4 a',
      x1: '1/2 x1',
      x2: '2/2 x1',
    });
  });

  it('gives a task continued nowhere here no round', () => {
    assert.equal(roundNumbers([link('b', 'a')]).get('z'), undefined);
    assert.equal(roundNumbers([]).size, 0);
  });

  it('leaves out links that would close a loop, point at their own task or are empty', () => {
    // b continues a, a "continues" b: the second closes a loop; c continues itself; the empty one is damaged.
    assert.deepEqual(rounds([link('b', 'a'), link('a', 'b'), link('c', 'c'), link('', 'a'), link('d', '')]), {
      a: '1/2 a',
      b: '2/2 a',
    });
    // A longer loop: a ← b ← c, then a → c would make c continue itself through a.
    assert.deepEqual(rounds([link('b', 'a'), link('c', 'b'), link('a', 'c')]), {
      a: '1/3 a',
      b: '2/3 a',
      c: '3/3 a',
    });
    // The same task listed twice (a damaged state): the first link is its own, as ContinuationLinks.of reads it.
    assert.deepEqual(rounds([link('b', 'a'), link('b', 'x')]), { a: '1/2 a', b: '2/2 a' });
  });

  it('makes the next round: one more than the rounds known, or 2 after a task of no round', () => {
    const r = roundNumbers([link('b', 'a', 'First')]).get('b');
    assert.deepEqual(nextRound({ id: 'b', name: 'Second' }, r), { n: 3, firstName: 'First' });
    assert.deepEqual(nextRound({ id: 'q', name: 'Alone' }, undefined), { n: 2, firstName: 'Alone' });
    assert.deepEqual(nextRound({ id: 'q' }, undefined), { n: 2, firstName: 'q' });
  });
});

describe("round numbers: a round's first line", () => {
  it('names the round and the first task, then what it asks, on one line of bounded length', () => {
    assert.equal(
      roundLine(2, 'Make countdown reject negative numbers', 'Use a loop.'),
      'Round 2 of “Make countdown reject negative numbers”: Use a loop.',
    );
    assert.equal(roundLine(3, 'Fix it', ''), 'Round 3 of “Fix it”');
    const long = roundLine(2, 'word '.repeat(40), 'more '.repeat(100));
    assert.ok(long.length < 150, long);
    assert.match(long, /^Round 2 of “(word )+word…”: (more )+more…$/);
  });

  it('does not name a round twice when the line it starts from names one already', () => {
    assert.equal(roundLine(3, 'Fix it', 'Round 2 of “Fix it”: Use a loop.'), 'Round 3 of “Fix it”: Use a loop.');
    assert.equal(roundLine(3, 'Fix it', 'Round 2 of “Fix it”'), 'Round 3 of “Fix it”');
  });

  it('keeps a name with line breaks, Markdown or hidden characters plain one-line text', () => {
    const line = roundLine(2, '# **Fix** the `parser`\r\nsecond line\u2028third', 'Rename _this_ one\nand that');
    assert.equal(line, 'Round 2 of “Fix the parser second line third”: Rename this one and that');
    assert.doesNotMatch(roundLine(2, 'a\u202Eb', 'c'), /\u202E/, 'no character that reorders the text');
  });
});

describe('round numbers: whether a prompt would name its task as an earlier round', () => {
  it('compares the first line with the names, ignoring case, spaces and a name the service cut short', () => {
    assert.equal(namedLike('Make it so\nand more', ['Make  it SO']), true);
    assert.equal(namedLike('Also handle zero', ['Make it so']), false);
    assert.equal(namedLike(`${'x'.repeat(80)} end`, [`${'x'.repeat(70)}…`]), true);
    assert.equal(namedLike('Make it so, and then some', ['Make it so']), false, 'a short name is not a prefix');
    assert.equal(namedLike('**Make** it so', ['Make it so']), true, 'as the name reads without its marks');
    assert.equal(namedLike('   \n  ', ['Make it so']), true, 'an empty line tells nothing apart');
  });
});
