// The figures `npm run bench` keeps and compares with the last committed ones (bench/baseline.json). Each is a ratio
// of ours to a peer measured in the same run, or memory over the same host without the extension; never an absolute
// time. Each comes with its samples (one per round or window, ours and the peer's of the same round), so that it
// carries the noise it was measured with. No `run()` here: bench/run.mjs skips this file.
import { median } from './report.mjs';

const pairs = (a = [], b = [], f) => a.slice(0, Math.min(a.length, b.length)).map((x, i) => f(x, b[i]));
const ratios = (a, b) => pairs(a, b, (x, y) => x / y);
const diffs = (a, b) => pairs(a, b, (x, y) => x - y);
const rss = xs => (xs ?? []).map(x => x.rssMB);
const heap = xs => (xs ?? []).map(x => x.afterGcHeapUsedMB);
/** Ours less the floor, window by window (the windows of one round take turns). */
const pairedDiffs = m => diffs(m.ours, m.floor);

/**
 * `goal`: the most the figure may be (every figure here is better lower). `value`: the bench's own figure (the
 * ratio of the medians); `samples`: the same figure round by round, for its spread.
 */
export const FIGURES = [
  {
    id: 'activation.firstTree',
    bench: 'activation',
    what: 'activation → first tree, / the peer reading its token from SecretStorage (restated: see the next two)',
    value: r => r.ratio.firstTreeVsSecretsPeer,
    samples: r => r.roundRatios?.secretsPeer,
  },
  {
    id: 'activation.stored',
    bench: 'activation',
    what: 'a workspace reopened: the last lists it saw on screen, / the SecretStorage peer’s first tree',
    goal: 0.5,
    value: r => r.ratio.storedVsSecretsPeer,
    samples: r => r.roundRatios?.storedVsSecretsPeer,
  },
  {
    id: 'activation.fairPeer',
    bench: 'activation',
    what: 'activation → first tree (fresh), / the fair peer (its code under exactly our contributions)',
    goal: 1.1,
    value: r => r.ratio.firstTreeVsFairPeer,
    samples: r => r.roundRatios?.fairPeer,
  },
  {
    id: 'activation.contributions',
    bench: 'activation',
    what: 'what we contribute: the fair peer’s first tree, / the one-view SecretStorage peer’s',
    goal: 1.25,
    value: r => r.ratio.fairPeerVsOneView,
    samples: r => r.roundRatios?.fairPeerVsOneView,
  },
  {
    id: 'tree.rebuild',
    bench: 'tree',
    what: 'Repository view rebuilt (1,009 tasks), / plain items',
    goal: 3,
    value: r => r.rebuild.ratio,
    samples: r => ratios(r.samplesMs.rebuild, r.samplesMs.floor),
  },
  {
    id: 'tree.firstDraw',
    bench: 'tree',
    what: 'Repository view drawn the first time, / plain items',
    goal: 3,
    value: r => r.firstDraw.ratio,
    samples: r => ratios(r.samplesMs.cold, r.samplesMs.coldFloor),
  },
  {
    id: 'tree.change',
    bench: 'tree',
    what: 'a poll bringing one change, / a poll bringing none',
    value: r => r.change.ratio,
  },
  {
    id: 'bundle.require',
    bench: 'bundle',
    what: 'require of dist/extension.js in Node 24, / @octokit/rest',
    goal: 1.0,
    value: r => r.ratio.requireMs_node24 ?? r.ratio.requireMs_node,
    samples: r => {
      const s = r.samplesMs?.node24 ?? r.samplesMs?.node;
      return ratios(s?.ours, s?.peer);
    },
  },
  {
    id: 'paginate.cpu',
    bench: 'api-paginate',
    what: 'reading 1,000 tasks page by page, CPU, / @octokit/rest paginate',
    goal: 0.5,
    value: r => r.paginate.ratio.cpu,
    samples: r => ratios(r.paginate.samplesCpuMs?.ours, r.paginate.samplesCpuMs?.peer),
  },
  {
    id: 'memory.rss',
    bench: 'memory',
    unit: 'MB',
    what: 'extension host RSS with 1,000 tasks, over the host without the extension (restated: over the floor)',
    value: r => r.deltaMB.rss,
    samples: r => diffs(rss(r.ours.samples), rss(r.peer.samples)),
  },
  {
    id: 'memory.overFloor',
    bench: 'memory',
    unit: 'MB',
    what: 'the same, over the floor extension showing the same tasks (reported with its spread, no goal)',
    value: r => r.overFloorMB?.rss,
    samples: r => diffs(rss(r.ours.samples), rss(r.floor.samples)),
  },
  {
    id: 'memory.heap',
    bench: 'memory',
    unit: 'MB',
    what: 'V8 heap after full collections, over the host without the extension',
    value: r => r.afterGcDeltaMB.heapUsed,
  },
  {
    id: 'memory.heapOverFloor',
    bench: 'memory',
    unit: 'MB',
    what: 'V8 heap after full collections with 1,000 tasks in both views, over the floor extension’s',
    goal: 5,
    value: r => r.overFloorMB.afterGcHeapUsed,
    samples: r => diffs(heap(r.ours.samples), heap(r.floor.samples)),
  },
  {
    id: 'gototask.open',
    bench: 'gototask',
    what: 'Go to Task opened over 2,000 tasks until the window shows its rows, / the plain quick pick timed the same way',
    goal: 2,
    value: r => r.open.ratio,
    samples: r => ratios(r.samplesMs.open, r.samplesMs.plain),
  },
  {
    id: 'gototask.sent',
    bench: 'gototask',
    what: "Go to Task's rows made and handed over by the extension host (its share of the open), / the plain pick's",
    value: r => r.open.sent?.ratio,
    samples: r => r.samplesMs.sent && ratios(r.samplesMs.sent.open, r.samplesMs.sent.plain),
  },
  {
    id: 'gototask.keystroke',
    bench: 'gototask',
    what: 'Go to Task narrowed by a keystroke, / the plain quick pick narrowing itself',
    goal: 2,
    value: r => r.keystroke.ratio,
    samples: r => ratios(r.samplesMs.keystroke, r.samplesMs.plainKeystroke),
  },
  {
    id: 'gototask.myTasks',
    bench: 'gototask',
    what: 'My Tasks rebuilt (2,000 tasks), / plain items',
    value: r => r.whileOpen.myTasksRebuild.ratio,
    samples: r => ratios(r.samplesMs.flat, r.samplesMs.floor),
  },
  {
    id: 'gototask.myTasksGrouped',
    bench: 'gototask',
    what: 'My Tasks grouped by repository, rebuilt, / plain items under plain groups',
    value: r => r.whileOpen.groupedRebuild.ratio,
    samples: r => ratios(r.samplesMs.grouped, r.samplesMs.groupedFloor),
  },
  {
    id: 'polling.requests',
    bench: 'polling',
    what: 'requests a minute while nothing changes, / a watcher reading every page',
    value: r => r.ratio.requests,
  },
  {
    id: 'changes.listing',
    bench: 'changes',
    what: "a task's 200 changed files listed, / git diff --numstat alone",
    value: r => r.listing.ratio,
  },
  {
    id: 'attempts.listing',
    bench: 'attempts',
    what: 'three attempts of 200 changed files listed side by side, / three runs of git diff --numstat',
    goal: 1.5,
    value: r => r.listing.ratio,
    samples: r => ratios(r.samplesMs?.ours, r.samplesMs?.peer),
  },
  {
    id: 'scale.memoryPerTaskKB',
    bench: 'scale',
    unit: 'KB',
    what: 'memory per task, from 1,000 to 10,000 tasks (RSS)',
    value: r => r.memoryPerTaskKB,
  },
  {
    id: 'scale.heapPerTaskKB',
    bench: 'scale',
    unit: 'KB',
    what: 'V8 heap after collections per task, from 1,000 to 10,000 tasks',
    goal: 3,
    value: r => r.heapPerTaskKB,
  },
  {
    id: 'scale.rssOverFloor',
    bench: 'scale',
    unit: 'MB',
    what: 'extension host RSS at 10,000 tasks, over the floor extension showing the same tasks',
    goal: 60,
    value: r => r.worlds.at(-1).memory.overFloorMB,
    samples: r => r.worlds.at(-1).memory.samplesMB && pairedDiffs(r.worlds.at(-1).memory.samplesMB),
  },
  {
    id: 'scale.firstDrawGrowth',
    bench: 'scale',
    what: 'the first draw’s growth from 1,000 to 10,000 tasks, / the plain rows’ growth in the same runs',
    goal: 1.0,
    value: r => r.firstDrawGrowth.ratio,
    samples: r => r.firstDrawGrowth.samples,
  },
  {
    id: 'scale.worstGrowth',
    bench: 'scale',
    what: 'the largest growth of a figure of ours from 1,000 to 10,000 tasks (×; linear is 10)',
    goal: 12,
    value: r => Math.max(...r.growth.filter(g => !g.peer).map(g => g.times)),
  },
];

const quantile = (xs, q) => {
  const s = [...xs].sort((a, b) => a - b);
  const i = (s.length - 1) * q;
  return s[Math.floor(i)] + (s[Math.ceil(i)] - s[Math.floor(i)]) * (i - Math.floor(i));
};
const round = x => (typeof x === 'number' && Number.isFinite(x) ? Number(x.toFixed(3)) : undefined);

/** The figures of one run (bench name → result), each with its value, samples' median and spread (IQR). */
export function figuresOf(results) {
  const out = {};
  for (const f of FIGURES) {
    const r = results[f.bench];
    if (!r || r.error) continue;
    let value;
    let samples;
    try {
      value = f.value(r);
      samples = f.samples?.(r)?.filter(Number.isFinite);
    } catch {
      continue;
    }
    if (!Number.isFinite(value)) continue;
    out[f.id] = {
      value: round(value),
      ...(samples?.length >= 3
        ? {
            n: samples.length,
            median: round(median(samples)),
            iqr: round(quantile(samples, 0.75) - quantile(samples, 0.25)),
          }
        : {}),
      ...(f.unit ? { unit: f.unit } : {}),
      ...(f.goal !== undefined ? { goal: f.goal } : {}),
    };
  }
  return out;
}

/**
 * Each figure of this run beside the baseline's: moved when the two differ by more than the noise either run
 * measured (the larger interquartile range of its round-by-round samples; a figure without samples moves when it
 * differs by more than 10 %). Worse is higher.
 */
export function compare(now, base) {
  return FIGURES.filter(f => now[f.id] || base?.[f.id]).map(f => {
    const a = base?.[f.id];
    const b = now[f.id];
    const row = { id: f.id, what: f.what, unit: f.unit ?? '×', base: a?.value, now: b?.value };
    // This run's own spread: its rounds' interquartile range and how many there were.
    if (b?.iqr !== undefined) row.spread = `±${b.iqr} (${b.n} rounds, median ${b.median})`;
    if (b?.goal !== undefined) row.goal = b.goal;
    if (b && row.goal !== undefined) row.meetsGoal = b.value <= row.goal;
    if (!a || !b) return { ...row, moved: a ? 'not measured now' : 'new' };
    const noise = Math.max(a.iqr ?? 0, b.iqr ?? 0) || Math.abs(a.value) * 0.1;
    row.noise = round(noise);
    const d = b.value - a.value;
    row.moved = Math.abs(d) <= noise ? 'within noise' : d > 0 ? 'WORSE' : 'better';
    return row;
  });
}
