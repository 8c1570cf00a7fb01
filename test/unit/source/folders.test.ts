// The house as docs/architecture.md draws it, checked against the code: each folder of src on one floor, imports
// going only down or across, no loop of folders (type-only imports included); no surface importing the store; the
// files that register commands and the ones that start timers, as the page lists them.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { ROOT } from '../../support/vsix';
import { cyclesOf, importGraph, sources, SRC } from './imports';

const PAGE = fs.readFileSync(path.join(ROOT, 'docs/architecture.md'), 'utf8');

/** The lines of one `## ` section of the page. */
function section(title: string): string {
  const start = PAGE.indexOf(`\n## ${title}\n`);
  assert.ok(start >= 0, `docs/architecture.md has a section "${title}"`);
  const end = PAGE.indexOf('\n## ', start + 1);
  return PAGE.slice(start, end < 0 ? undefined : end);
}

/** The floors table: each folder (`api`) or top-level file (`ids.ts`) with its floor's number. */
export function floorsOf(text: string): Map<string, number> {
  const floors = new Map<string, number>();
  for (const m of text.matchAll(/^\| (\d+)\. [^|]+\| ([^|]+)\|$/gm))
    for (const name of m[2].matchAll(/`([^`]+)`/g)) floors.set(name[1].replace(/\/$/, ''), Number(m[1]));
  return floors;
}

/** What a src file is, floor-wise: its top-level folder, or itself when it sits at the top. */
const roomOf = (file: string): string => path.relative(SRC, file).split(path.sep)[0];

/** The src files a list of the page names (`src/…ts` in backticks). */
const listed = (text: string): string[] => [...text.matchAll(/`(src\/[^`]+\.ts)`/g)].map(m => m[1]).sort();

const files = sources(SRC);
const graph = importGraph(files);
const rel = (f: string) => path.relative(ROOT, f).split(path.sep).join('/');
/** Source without comments: a word in a comment is not code. */
const code = (f: string) => fs.readFileSync(f, 'utf8').replace(/\/\*[\s\S]*?\*\/|^\s*\/\/.*$|\s\/\/.*$/gm, '');

describe('the house: folders and floors', () => {
  it('reads the floors table (the check itself)', () => {
    const floors = floorsOf('| 1. foundation | `api/`, `ids.ts` |\n| 2. model | `model/` |\n');
    assert.deepEqual(
      [...floors],
      [
        ['api', 1],
        ['ids.ts', 1],
        ['model', 2],
      ],
    );
  });

  it('every folder of src is on one floor of the page', () => {
    const floors = floorsOf(section('Floors'));
    const rooms = [...new Set(files.map(roomOf))].sort();
    assert.deepEqual(
      rooms.filter(r => !floors.has(r)),
      [],
      'a folder or top-level file the Floors table does not place',
    );
    assert.deepEqual(
      [...floors.keys()].filter(f => !rooms.includes(f)),
      [],
      'the table names what src does not hold',
    );
  });

  it('imports go down or across, never up', () => {
    const floors = floorsOf(section('Floors'));
    const up: string[] = [];
    for (const [from, tos] of graph)
      for (const to of tos) {
        const [a, b] = [roomOf(from), roomOf(to)];
        if ((floors.get(b) ?? 0) > (floors.get(a) ?? 0)) up.push(`${rel(from)} → ${rel(to)}`);
      }
    assert.deepEqual(up, []);
  });

  it('folders form no loop, type-only imports included', () => {
    const rooms = new Map<string, Set<string>>();
    for (const [from, tos] of graph) {
      const a = roomOf(from);
      if (!rooms.has(a)) rooms.set(a, new Set());
      for (const to of tos) if (roomOf(to) !== a) rooms.get(a)!.add(roomOf(to));
    }
    const loops = cyclesOf(new Map([...rooms].map(([r, s]) => [r, [...s]]))).map(c => c.join(' → '));
    assert.deepEqual(loops, []);
  });

  it('no surface imports the task store: they read the model', () => {
    const floors = floorsOf(section('Floors'));
    const store = path.join(SRC, 'model', 'taskStore.ts');
    const surfaces = files.filter(f => floors.get(roomOf(f)) === floors.get('views'));
    assert.ok(surfaces.length > 20, `${surfaces.length} surface files`);
    assert.deepEqual(surfaces.filter(f => graph.get(f)!.includes(store)).map(rel), []);
  });

  it('the files that register commands are the ones the page lists', () => {
    const registering = files
      .filter(f => !f.endsWith(path.join('shared', 'registry.ts')))
      .filter(f => /\bcommands\.register\(|\bregisterCommand\(/.test(code(f)))
      .map(rel)
      .sort();
    assert.ok(registering.length > 5);
    assert.deepEqual(
      registering,
      listed(section('Who registers commands')).filter(f => !f.endsWith('registry.ts')),
    );
  });

  it('the files that start timers are the ones the page lists (outside the API client and the sandbox)', () => {
    const timing = files
      .filter(f => !['api', 'sandbox', 'testing'].includes(roomOf(f)))
      .filter(f => /\bset(Timeout|Interval)\(/.test(code(f)))
      .map(rel)
      .sort();
    assert.deepEqual(timing, listed(section('Who starts timers')));
  });
});
