// Looks for token values in everything a run of the real VS Code wrote: the log channel's files, the settings, the
// extension's global and workspace state (state.vscdb, read as bytes: no sqlite needed), and every other file under
// the run folder. A token may live only where VS Code keeps secrets (see SECRET_STORES).
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

// Files where tokens legitimately are, and which are therefore not searched (they are counted and named in the report,
// and must be readable by their owner only). VS Code for the web keeps SecretStorage (and globalState/workspaceState)
// in the browser's own temporary profile, outside the run folder; the suite writes the extension's whole state to
// `extension-state.json` in the run folder at its end, so that is searched instead.
export const SECRET_STORES = [
  {
    pattern: /(^|\/)globalStorage\/agent-tasks\.agent-tasks\/sandbox-state\.json(\.journal\.\d+)?$/,
    why: "the built-in sandbox's own world and its journal (the local service must know its demo tokens to check them)",
  },
  {
    pattern: /(^|\/)rocket\/\.git\/config$/,
    why: "the demo workspace's own git configuration (mona's token, so that git pushes to the sandbox without asking)",
  },
];

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
 * Scans `runDir` for `values`. Returns `{ leaks: [{file, token}], scanned, skipped: [{file, why}], bytes }`; a token is named by its
 * first characters only, so the report does not spread it further.
 */
export function scanRunDir(runDir, values = demoTokenValues(), { secretStores = SECRET_STORES } = {}) {
  const patterns = values.filter(v => v && v.length >= 6).map(v => ({ v, forms: needles(v) }));
  const leaks = [];
  const skipped = [];
  let scanned = 0;
  let bytes = 0;
  for (const file of files(runDir)) {
    const rel = path.relative(runDir, file).split(path.sep).join('/');
    const store = secretStores.find(s => s.pattern.test(rel));
    if (store) {
      skipped.push({ file: rel, why: store.why });
      // A store of secrets open to other users is a leak too.
      try {
        if (fs.statSync(file).mode & 0o077) leaks.push({ file: rel, token: 'a secret store readable by others' });
      } catch {
        /* removed meanwhile */
      }
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
      if (forms.some(f => buf.includes(f))) leaks.push({ file: rel, token: `${v.slice(0, 4)}…` });
    }
  }
  return { leaks, scanned, skipped, bytes };
}

/** The report lines for a scan. */
export function describeScan(r) {
  const head = `[scan-tokens] ${r.scanned} files (${(r.bytes / 1e6).toFixed(1)} MB) searched: `;
  const skipped = r.skipped.map(s => `[scan-tokens]   not searched: ${s.file}, ${s.why}`);
  if (!r.leaks.length) return [head + 'no token value found', ...skipped];
  return [
    head + `${r.leaks.length} token value(s) found`,
    ...r.leaks.map(l => `[scan-tokens]   ${l.token} in ${l.file}`),
    ...skipped,
  ];
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
