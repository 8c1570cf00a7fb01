// Code names what it does: the specification's endpoint codes (A1–A5, B1–B6, "Area A", "Area B") appear in one table
// in docs/api.md and nowhere in the code, its comments or its tests.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { ROOT } from '../../support/vsix';

const CODES = /\b(A[1-5]|B[1-6])\b|Area [AB]|area-[ab]/;
// Folders whose words are being changed on other branches at the same time; each leaves this list once it is clean.

function files(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap(e => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === 'node_modules' || e.name === 'results' ? [] : files(p);
    return /\.(ts|mjs|cjs|js)$/.test(e.name) ? [p] : [];
  });
}

describe('vocabulary', () => {
  it('no specification code in src, test, scripts or bench', () => {
    const hits: string[] = [];
    for (const top of ['src', 'test', 'scripts', 'bench']) {
      for (const f of files(path.join(ROOT, top))) {
        const rel = path.relative(ROOT, f).split(path.sep).join('/');
        if (rel === 'test/unit/source/vocabulary.test.ts') continue;
        fs.readFileSync(f, 'utf8')
          .split('\n')
          .forEach((line, i) => CODES.test(line) && hits.push(`${rel}:${i + 1}: ${line.trim()}`));
      }
    }
    assert.deepEqual(hits, []);
  });

  it('the codes stand in one table of docs/api.md', () => {
    const lines = fs.readFileSync(path.join(ROOT, 'docs/api.md'), 'utf8').split('\n');
    const at = lines.flatMap((l, i) => (CODES.test(l) ? [i] : []));
    assert.ok(at.length >= 11, 'every code has its row');
    assert.ok(
      at.every(i => lines[i].startsWith('|')),
      `outside the table: ${at
        .filter(i => !lines[i].startsWith('|'))
        .map(i => lines[i])
        .join('; ')}`,
    );
    assert.equal(at.at(-1)! - at[0] + 1, at.length, 'one table, its rows together');
  });
});
