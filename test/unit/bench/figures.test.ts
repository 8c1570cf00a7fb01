// How `npm run bench` reads its figures against the last committed ones: a figure moves only beyond the noise its
// rounds measured, and a goal is met or missed. Plain arithmetic on given figures: nothing here is timed.
import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT } from '../../support/vsix';

type Figure = { value: number; iqr?: number; goal?: number; unit?: string };
type Row = { id: string; moved: string; meetsGoal?: boolean; noise?: number };
interface FiguresModule {
  figuresOf(results: Record<string, unknown>): Record<string, Figure & { n?: number; median?: number }>;
  compare(now: Record<string, Figure>, base?: Record<string, Figure>): Row[];
}

describe('bench figures against the committed ones', () => {
  let m: FiguresModule;
  before(async () => {
    m = (await import(pathToFileURL(path.join(ROOT, 'bench/figures.mjs')).href)) as FiguresModule;
  });

  it('takes each figure with the spread of its rounds', () => {
    const figures = m.figuresOf({
      tree: {
        rebuild: { ratio: 2.5 },
        firstDraw: { ratio: 2 },
        change: { ratio: 1.4 },
        samplesMs: { rebuild: [3, 2, 4, 2], floor: [1, 1, 1, 1], cold: [2, 2, 2], coldFloor: [1, 1, 1] },
      },
    });
    assert.deepEqual(figures['tree.rebuild'], { value: 2.5, n: 4, median: 2.5, iqr: 1.25, goal: 3 });
    assert.equal(figures['tree.change'].value, 1.4);
    assert.equal(figures['tree.change'].iqr, undefined, 'no rounds, no spread');
    assert.equal(figures['memory.rss'], undefined, 'a bench not run has no figure');
  });

  it('says a figure moved only beyond the noise either run measured', () => {
    const base = { 'memory.rss': { value: 30, iqr: 3, goal: 30 }, 'tree.rebuild': { value: 2.5, iqr: 0.5 } };
    const rows = m.compare(
      { 'memory.rss': { value: 50, iqr: 4, goal: 30 }, 'tree.rebuild': { value: 2.8, iqr: 0.2, goal: 3 } },
      base,
    );
    const byId = Object.fromEntries(rows.map(r => [r.id, r]));
    assert.equal(byId['memory.rss'].moved, 'WORSE', '20 MB more, against ±4: a regression shows');
    assert.equal(byId['memory.rss'].meetsGoal, false);
    assert.equal(byId['tree.rebuild'].moved, 'within noise', '0.3 against ±0.5: noise');
    assert.equal(byId['tree.rebuild'].meetsGoal, true);
    const better = m.compare({ 'memory.rss': { value: 20, iqr: 2 } }, base);
    assert.equal(better.find(r => r.id === 'memory.rss')?.moved, 'better');
  });

  it('says what it cannot compare', () => {
    const rows = m.compare({ 'tree.rebuild': { value: 2 } }, undefined);
    assert.equal(rows[0].moved, 'new');
    const gone = m.compare({}, { 'tree.rebuild': { value: 2 } });
    assert.equal(gone[0].moved, 'not measured now');
  });
});
