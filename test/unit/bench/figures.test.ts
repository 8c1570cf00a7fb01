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

  it('restates the goals against peers that measure our code: the fair peer, the stored rows, the floor', () => {
    const figures = m.figuresOf({
      activation: {
        ratio: {
          firstTreeVsSecretsPeer: 1.3,
          firstTreeVsFairPeer: 0.9,
          fairPeerVsOneView: 1.6,
          storedVsSecretsPeer: 0.4,
        },
        roundRatios: { storedVsSecretsPeer: [0.3, 0.4, 0.6], fairPeer: [0.8, 0.9, 1.2], fairPeerVsOneView: [1, 2] },
      },
      memory: {
        deltaMB: { rss: 60 },
        afterGcDeltaMB: { heapUsed: 12 },
        overFloorMB: { rss: 20, afterGcHeapUsed: 4.5 },
        ours: {
          samples: [
            { rssMB: 300, afterGcHeapUsedMB: 60 },
            { rssMB: 310, afterGcHeapUsedMB: 61 },
            { rssMB: 305, afterGcHeapUsedMB: 59 },
          ],
        },
        peer: { samples: [{ rssMB: 250 }, { rssMB: 240 }, { rssMB: 245 }] },
        floor: {
          samples: [
            { rssMB: 280, afterGcHeapUsedMB: 55 },
            { rssMB: 290, afterGcHeapUsedMB: 57 },
            { rssMB: 281, afterGcHeapUsedMB: 54 },
          ],
        },
      },
    });
    assert.deepEqual(figures['activation.stored'], { value: 0.4, n: 3, median: 0.4, iqr: 0.15, goal: 0.5 });
    assert.equal(figures['activation.fairPeer'].goal, 1.1);
    assert.equal(figures['activation.contributions'].goal, 1.25);
    assert.equal(figures['activation.contributions'].n, undefined, 'two rounds: no spread');
    assert.equal(figures['activation.firstTree'].goal, undefined, 'restated: the fair peer holds the goal now');
    assert.deepEqual(figures['memory.heapOverFloor'], { value: 4.5, n: 3, median: 5, iqr: 0.5, unit: 'MB', goal: 5 });
    assert.deepEqual(figures['memory.overFloor'].median, 20, 'ours less the floor, window by window');
    assert.equal(figures['memory.rss'].goal, undefined);
  });

  it("holds the first draw's growth against the plain rows' of the same windows", async () => {
    const g = (await import(pathToFileURL(path.join(ROOT, 'bench/scale-growth.mjs')).href)) as {
      firstDrawGrowth(small: unknown, big: unknown): { ours: number; plain: number; ratio: number; samples: number[] };
    };
    const world = (rows: [number, number][]) => ({
      repositoryView: { firstDrawByWindowMs: rows.map(([a, b]) => ({ firstDrawMs: a, plainFirstDrawMs: b })) },
    });
    const growth = g.firstDrawGrowth(
      world([
        [2, 1],
        [3, 1],
        [2, 2],
      ]),
      world([
        [20, 10],
        [36, 10],
        [30, 20],
      ]),
    );
    assert.deepEqual(
      growth.samples,
      [1, 1.2, 1.5],
      'each window of the big world against the same window of the small',
    );
    assert.equal(growth.ours, 15, 'medians: 30 / 2');
    assert.equal(growth.plain, 10);
    assert.equal(growth.ratio, 1.5);
    const figures = m.figuresOf({
      scale: {
        heapPerTaskKB: 2.5,
        growth: [{ times: 9 }],
        firstDrawGrowth: growth,
        worlds: [{}, { memory: { overFloorMB: 50, samplesMB: { ours: [400, 410, 390], floor: [350, 345, 350] } } }],
      },
    });
    assert.deepEqual(figures['scale.rssOverFloor'], { value: 50, n: 3, median: 50, iqr: 12.5, unit: 'MB', goal: 60 });
    assert.equal(figures['scale.heapPerTaskKB'].goal, 3);
    assert.equal(figures['scale.firstDrawGrowth'].value, 1.5);
    assert.equal(figures['scale.firstDrawGrowth'].median, 1.2);
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
