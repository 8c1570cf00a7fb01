// `npm run bench`: runs every bench/*.mjs that exports run(), one after the other (never in parallel: they would
// measure each other), writes the combined report to bench/results/summary.json, and prints this run's figures beside
// the last committed ones (bench/baseline.json as HEAD holds it), saying which moved by more than the noise either
// run measured, and which miss their goal. Figures are ratios against a peer measured in the same run (or memory over
// the same host without the extension); nothing here asserts a time, and `npm test` runs none of it.
// usage: npm run build && node bench/run.mjs [--quick] [--save-baseline] [name…]
//   --quick           the benches behind the goals, with fewer rounds (bench:quick)
//   --save-baseline   writes this run's figures to bench/baseline.json, to be committed as the new reference (with
//                     names, only those benches' figures are replaced)
//   name…             only the benches whose file name holds one of these
//   --from-results    runs nothing: the figures of each bench's last result (bench/results/<name>.json), each bench
//                     run on its own before (node bench/<name>.mjs), against the baseline
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { compare, figuresOf } from './figures.mjs';

const here = path.dirname(new URL(import.meta.url).pathname);
const root = path.resolve(here, '..');
const args = process.argv.slice(2);
const quick = args.includes('--quick');
const save = args.includes('--save-baseline');
const fromResults = args.includes('--from-results');
const only = args.filter(a => !a.startsWith('--'));

// The quick subset: the benches behind the goals, each with fewer rounds (a few minutes instead of most of an hour).
const QUICK = {
  bundle: { runs: 7 },
  'api-paginate': { rounds: 5, loadRuns: 7 },
  activation: { runs: 3 },
  tree: { rounds: 7 },
  memory: { runs: 3 },
  gototask: { rounds: 5 },
  scale: { runs: 1 },
};

const files = fs
  .readdirSync(here)
  .filter(f => f.endsWith('.mjs') && f !== 'run.mjs')
  .filter(f => !quick || Object.hasOwn(QUICK, f.replace(/\.mjs$/, '')))
  .filter(f => only.length === 0 || only.some(o => f.includes(o)))
  .sort();

const load = () => os.loadavg().map(x => Number(x.toFixed(2)));
const git = (...a) => {
  try {
    return execFileSync('git', a, { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return undefined;
  }
};

const started = { date: new Date().toISOString(), loadavg: load() };
console.log(`[bench] load average ${started.loadavg.join(', ')} on ${os.cpus().length} cores`);
const results = {};
for (const f of files) {
  const mod = await import(pathToFileURL(path.join(here, f)).href);
  if (typeof mod.run !== 'function') continue;
  const name = f.replace(/\.mjs$/, '');
  if (fromResults) {
    const file = path.join(here, 'results', `${name}.json`);
    if (fs.existsSync(file)) results[name] = JSON.parse(fs.readFileSync(file, 'utf8'));
    continue;
  }
  console.log(`\n=== ${f} ===`);
  const t0 = Date.now();
  try {
    results[name] = await mod.run(quick ? QUICK[name] : undefined);
  } catch (e) {
    console.error(`[bench] ${f} failed: ${e?.stack || e}`);
    results[name] = { error: String(e?.message || e) };
    process.exitCode = 1;
  }
  console.log(`[bench] ${f} took ${((Date.now() - t0) / 1000).toFixed(1)} s (load average ${load().join(', ')})`);
}

const figures = figuresOf(results);
// The last committed figures: what HEAD holds, not what this checkout may have changed since.
const committed = git('show', 'HEAD:bench/baseline.json');
const baseline = committed ? JSON.parse(committed) : undefined;
const comparison = compare(figures, baseline?.figures);
fs.mkdirSync(path.join(here, 'results'), { recursive: true });
const out = path.join(here, 'results', 'summary.json');
const machine = { cpus: os.cpus().length, node: process.version, loadavg: { start: started.loadavg, end: load() } };
fs.writeFileSync(
  out,
  JSON.stringify(
    { date: started.date, quick, machine, figures, baseline: baseline?.date, comparison, results },
    null,
    2,
  ) + '\n',
);

const fmt = (x, unit) => (x === undefined ? '—' : `${x}${unit === '×' ? '' : ` ${unit}`}`);
console.log(
  `\n[bench] figures beside the last committed ones (bench/baseline.json of ${baseline?.date ?? 'no commit yet'}` +
    `${baseline?.commit ? `, ${baseline.commit.slice(0, 7)}` : ''}, load average then ${baseline?.machine?.loadavg?.start?.join(', ') ?? '—'}; now ${machine.loadavg.start.join(', ')} → ${machine.loadavg.end.join(', ')}):`,
);
console.table(
  comparison.map(c => ({
    figure: c.id,
    committed: fmt(c.base, c.unit),
    now: fmt(c.now, c.unit),
    'its spread': c.spread ?? '—',
    noise: c.noise === undefined ? '—' : `±${c.noise}`,
    moved: c.moved,
    goal: c.goal === undefined ? '' : `≤ ${c.goal} ${c.meetsGoal ? 'met' : 'MISSED'}`,
  })),
);
const worse = comparison.filter(c => c.moved === 'WORSE');
const missed = comparison.filter(c => c.meetsGoal === false);
if (worse.length) console.log(`[bench] moved beyond the noise, for the worse: ${worse.map(c => c.id).join(', ')}`);
if (missed.length) console.log(`[bench] missing their goal: ${missed.map(c => c.id).join(', ')}`);
if (save) {
  const file = path.join(here, 'baseline.json');
  const commit = git('rev-parse', 'HEAD');
  // Some benches only: their figures replace theirs in the reference, the others' are kept.
  const kept = only.length && fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')).figures : {};
  const all = { ...kept, ...figures };
  fs.writeFileSync(file, JSON.stringify({ date: started.date, commit, quick, machine, figures: all }, null, 2) + '\n');
  console.log(`[bench] ${path.relative(process.cwd(), file)} written: commit it to make these the reference`);
}
console.log(`\n[bench] report: ${path.relative(process.cwd(), out)}`);
