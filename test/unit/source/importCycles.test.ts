// No import cycle in src, type-only imports included: a cycle means two files that cannot be understood (or moved)
// one without the other. Reads the sources, so it checks what the bundles cannot show.
import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import { cyclesOf, importGraph, sources, SRC } from './imports';

describe('imports in src', () => {
  it('finds a cycle when there is one (the check itself)', () => {
    const g = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a']],
      ['d', ['a']],
    ]);
    assert.deepEqual(cyclesOf(g), [['a', 'b', 'c', 'a']]);
    assert.deepEqual(
      cyclesOf(
        new Map([
          ['a', ['b']],
          ['b', []],
        ]),
      ),
      [],
    );
  });

  it('form no cycle, type-only imports included', () => {
    const files = sources(SRC);
    assert.ok(files.length > 100, `read ${files.length} files under ${SRC}`);
    const cycles = cyclesOf(importGraph(files)).map(c => c.map(f => path.relative(SRC, f)).join(' → '));
    assert.deepEqual(cycles, []);
  });
});
