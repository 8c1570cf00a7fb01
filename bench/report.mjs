// What every benchmark does the same way: write its result under bench/results/, and run on its own when it is the
// script node was started with (bench/run.mjs only imports them and calls run()).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const results = path.join(path.dirname(fileURLToPath(import.meta.url)), 'results');

/** Writes `bench/results/<name>.json` and returns its path. */
export function saveResult(name, result) {
  fs.mkdirSync(results, { recursive: true });
  const file = path.join(results, `${name}.json`);
  fs.writeFileSync(file, JSON.stringify(result, null, 2) + '\n');
  return file;
}

/** Whether the module at `metaUrl` is the script node was started with. */
export function isMain(metaUrl) {
  return !!process.argv[1] && fileURLToPath(metaUrl) === path.resolve(process.argv[1]);
}

/** The number after `--name` on the command line, or `fallback`. */
export function numberArg(name, fallback) {
  const i = process.argv.indexOf(name);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
}

/** The median of a list of numbers. */
export function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}
