// The growth figures of the scale bench (bench/scale.mjs): each of its figures from the small world to the big one,
// beside its peer's. No `run()` here: bench/run.mjs skips this file.
import { median, round } from './vscode-host.mjs';

// Each figure, then its peer's where it has one (the same rows or picks, made plainly, in the same rounds): a peer
// that grows as fast says the growth is the machine's with that many rows (its caches, its collector), not ours.
export const GROWTH = [
  ['activation → first tree', r => r.activation.oursMs],
  ['activation → first tree, SecretStorage peer', r => r.activation.secretsPeerMs],
  ['Repository view rebuild', r => r.repositoryView.rebuildMs],
  ['Repository view rebuild, plain rows (peer)', r => r.repositoryView.plainRebuildMs],
  ['Repository view first draw', r => r.repositoryView.firstDrawMs],
  ['Repository view first draw, plain rows (peer)', r => r.repositoryView.plainFirstDrawMs],
  ['My Tasks rebuild', r => r.myTasks.flatMs],
  ['My Tasks rebuild, plain rows (peer)', r => r.myTasks.plainFlatMs],
  ['My Tasks grouped rebuild', r => r.myTasks.groupedMs],
  ['My Tasks grouped rebuild, plain rows (peer)', r => r.myTasks.plainGroupedMs],
  ['Go to Task open', r => r.goToTask.openMs],
  ['Go to Task keystroke', r => r.goToTask.keystrokeMs],
  ['plain quick pick open (peer)', r => r.goToTask.plainOpenMs],
  ['plain quick pick keystroke (peer)', r => r.goToTask.plainKeystrokeMs],
  ['poll with nothing new', r => r.poll.unchangedMs],
  ['memory (RSS over the host without it)', r => r.memory.deltaMB],
  ['heap after collections (over the host without it)', r => r.memory.heapAfterGcDeltaMB],
];

/**
 * The first draw's growth against the plain rows' of the same windows, run by run (the i-th window of each world):
 * above 1, ours grows faster than the rows themselves cost.
 */
export function firstDrawGrowth(small, big) {
  const growthOf = w => w.repositoryView.firstDrawByWindowMs ?? [];
  const pairs = growthOf(small)
    .slice(0, growthOf(big).length)
    .map((a, i) => {
      const b = growthOf(big)[i];
      return { ours: b.firstDrawMs / a.firstDrawMs, plain: b.plainFirstDrawMs / a.plainFirstDrawMs };
    });
  const med = k => median(growthOf(k === 'small' ? small : big).map(x => x.firstDrawMs));
  const medPlain = k => median(growthOf(k === 'small' ? small : big).map(x => x.plainFirstDrawMs));
  const cpu = (w, k) => median(growthOf(w).map(x => x[k] ?? NaN));
  const cpuGrowth = k => round(cpu(big, k) / cpu(small, k), 2);
  return {
    ...(growthOf(big)[0]?.cpuMs !== undefined && growthOf(small)[0]?.cpuMs !== undefined
      ? { cpu: { ours: cpuGrowth('cpuMs'), plain: cpuGrowth('plainCpuMs') } }
      : {}),
    ours: round(med('big') / med('small'), 2),
    plain: round(medPlain('big') / medPlain('small'), 2),
    ratio: round(med('big') / med('small') / (medPlain('big') / medPlain('small')), 2),
    samples: pairs.map(p => round(p.ours / p.plain, 2)),
    runs: pairs.map(p => ({ ours: round(p.ours, 2), plain: round(p.plain, 2) })),
  };
}
