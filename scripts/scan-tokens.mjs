// Looks for token values in everything a run of the real VS Code wrote: the log channel's files, the settings, the
// extension's global and workspace state (state.vscdb, read as bytes: no sqlite needed), and every other file under
// the run folder. A token may live only where VS Code keeps secrets; the one place skipped is named below, with why.
//   node scripts/scan-tokens.mjs <run folder> [--token VALUE ...]      exit code 1 when a token is found
// Also imported by scripts/vscode/run-tests.mjs, which scans each integration run's folder before removing it.
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The sandbox's demo token values: every token the integration suite sets is one of these. */
export function demoTokenValues() {
  const { DEMO_TOKENS } = createRequire(import.meta.url)(path.join(ROOT, 'dist', 'sandbox.js'));
  return Object.values(DEMO_TOKENS);
}

// Where secrets legitimately are, relative to the run folder. VS Code in the browser keeps SecretStorage in the
// browser's own storage, which is the browser profile; the scanner reports how many files it skipped there.
export const SECRET_STORES = [{ dir: 'browser-home', why: 'the browser profile: VS Code for the web keeps SecretStorage there' }];

/** Each form a value may take on disk: UTF-8 (JSON, logs, sqlite text), UTF-16 (browser and sqlite stores), and URL-encoded. */
function needles(value) {
  const forms = new Set([value, encodeURIComponent(value)]);
  return [...forms].flatMap(f => [Buffer.from(f, 'utf8'), Buffer.from(f, 'utf16le')]);
}

function* files(dir) {
  let entries;
  try {
    entries = fs.readdirSync(dir, { withFileTypes: true });
  } catch {
    return; // removed while walking (a socket folder, a cache being pruned)
  }
  for (const e of entries) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) yield* files(p);
    else if (e.isFile()) yield p;
  }
}

/**
 * Scans `runDir` for `values`. Returns `{ leaks: [{file, token}], scanned, skipped, bytes }`; a token is named by its
 * first characters only, so the report does not spread it further.
 */
export function scanRunDir(runDir, values = demoTokenValues(), { secretStores = SECRET_STORES } = {}) {
  const skip = secretStores.map(s => path.join(runDir, s.dir) + path.sep);
  const patterns = values.filter(v => v && v.length >= 6).map(v => ({ v, forms: needles(v) }));
  const leaks = [];
  let scanned = 0;
  let skipped = 0;
  let bytes = 0;
  for (const file of files(runDir)) {
    if (skip.some(s => file.startsWith(s))) {
      skipped++;
      continue;
    }
    let buf;
    try {
      buf = fs.readFileSync(file);
    } catch {
      continue; // a socket or a file removed meanwhile
    }
    scanned++;
    bytes += buf.length;
    for (const { v, forms } of patterns) {
      if (forms.some(f => buf.includes(f))) leaks.push({ file: path.relative(runDir, file), token: `${v.slice(0, 4)}…` });
    }
  }
  return { leaks, scanned, skipped, bytes };
}

/** The report lines for a scan. */
export function describeScan(r) {
  const head = `[scan-tokens] ${r.scanned} files (${(r.bytes / 1e6).toFixed(1)} MB) scanned, ${r.skipped} in the secret store skipped: `;
  if (!r.leaks.length) return [head + 'no token value found'];
  return [head + `${r.leaks.length} token value(s) found`, ...r.leaks.map(l => `[scan-tokens]   ${l.token} in ${l.file}`)];
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const dir = args.find(a => !a.startsWith('--') && args[args.indexOf(a) - 1] !== '--token');
  if (!dir || !fs.existsSync(dir)) {
    console.error('usage: node scripts/scan-tokens.mjs <run folder> [--token VALUE ...]');
    process.exit(2);
  }
  const extra = args.flatMap((a, i) => (a === '--token' ? [args[i + 1]] : []));
  const r = scanRunDir(path.resolve(dir), [...demoTokenValues(), ...extra]);
  for (const line of describeScan(r)) console.log(line);
  process.exit(r.leaks.length ? 1 : 0);
}
