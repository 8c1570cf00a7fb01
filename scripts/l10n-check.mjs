// Fails when the translations are out of step with the code and the manifest (run by `npm run lint`):
//   - l10n/bundle.l10n.json must be exactly what `npm run l10n` (vscode-l10n-dev export) makes from src/ now;
//   - every `%key%` in package.json must be in package.nls.json, and package.nls.json must hold no other key.
//   node scripts/l10n-check.mjs
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const problems = [];

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'l10n-'));
try {
  const cli = path.join(root, 'node_modules', '@vscode', 'l10n-dev', 'dist', 'cli.js');
  execFileSync(process.execPath, [cli, 'export', '--outDir', tmp, './src'], { cwd: root, stdio: 'pipe' });
  const fresh = JSON.parse(fs.readFileSync(path.join(tmp, 'bundle.l10n.json'), 'utf8'));
  const bundleFile = path.join(root, 'l10n', 'bundle.l10n.json');
  const committed = fs.existsSync(bundleFile) ? JSON.parse(fs.readFileSync(bundleFile, 'utf8')) : {};
  const missing = Object.keys(fresh).filter(k => !(k in committed));
  const stale = Object.keys(committed).filter(k => !(k in fresh));
  const changed = Object.keys(fresh).filter(
    k => k in committed && JSON.stringify(fresh[k]) !== JSON.stringify(committed[k]),
  );
  for (const k of missing) problems.push(`l10n/bundle.l10n.json lacks ${JSON.stringify(k)}`);
  for (const k of stale)
    problems.push(`l10n/bundle.l10n.json holds ${JSON.stringify(k)}, which the code no longer says`);
  for (const k of changed) problems.push(`l10n/bundle.l10n.json has another comment for ${JSON.stringify(k)}`);
} finally {
  fs.rmSync(tmp, { recursive: true, force: true });
}

const manifest = fs.readFileSync(path.join(root, 'package.json'), 'utf8');
const nls = JSON.parse(fs.readFileSync(path.join(root, 'package.nls.json'), 'utf8'));
const used = new Set([...manifest.matchAll(/"%([^"%]+)%"/g)].map(m => m[1]));
for (const k of used) if (!(k in nls)) problems.push(`package.json names %${k}%, which package.nls.json lacks`);
for (const k of Object.keys(nls))
  if (!used.has(k)) problems.push(`package.nls.json holds ${k}, which package.json does not use`);

if (problems.length) {
  console.error(problems.join('\n'));
  console.error(`[l10n] ${problems.length} problem(s): run \`npm run l10n\` and commit l10n/bundle.l10n.json`);
  process.exit(1);
}
console.log('[l10n] l10n/bundle.l10n.json and package.nls.json are in step with the code and the manifest');
