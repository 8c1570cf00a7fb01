// `npm run bench`: runs every bench/*.bench.mjs-style module that exports run(), one after the other (never in
// parallel: they would measure each other), and writes the combined report to bench/results/summary.json.
// Figures are ratios against a peer measured in the same run; nothing here asserts a time.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const here = path.dirname(new URL(import.meta.url).pathname);
const only = process.argv.slice(2);
const files = fs
  .readdirSync(here)
  .filter(f => f.endsWith('.mjs') && f !== 'run.mjs')
  .filter(f => only.length === 0 || only.some(o => f.includes(o)))
  .sort();

const results = {};
for (const f of files) {
  const mod = await import(pathToFileURL(path.join(here, f)).href);
  if (typeof mod.run !== 'function') continue;
  console.log(`\n=== ${f} ===`);
  const t0 = Date.now();
  try {
    results[f.replace(/\.mjs$/, '')] = await mod.run();
  } catch (e) {
    console.error(`[bench] ${f} failed: ${e?.stack || e}`);
    results[f.replace(/\.mjs$/, '')] = { error: String(e?.message || e) };
    process.exitCode = 1;
  }
  console.log(`[bench] ${f} took ${((Date.now() - t0) / 1000).toFixed(1)} s`);
}
fs.mkdirSync(path.join(here, 'results'), { recursive: true });
const out = path.join(here, 'results', 'summary.json');
fs.writeFileSync(
  out,
  JSON.stringify({ date: new Date().toISOString(), node: process.version, results }, null, 2) + '\n',
);
console.log(`\n[bench] report: ${path.relative(process.cwd(), out)}`);
