// Builds the shipped bundles into dist/ and compiles sources and tests (unbundled) into out/ for mocha.
//   dist/extension.js  the extension's entry: views and commands only; heavy parts are loaded on first use
//   dist/api.js        the HTTP layer (src/api, undici inside), required lazily by the extension
//   dist/commands.js   the commands that draw nothing at first (start flows, Go to Task, accounts, installations),
//                      required on the first call of one of them; state lives in dist/extension.js and is handed in
//   dist/sandbox.js    the local service: a CLI when run, a library (startSandbox) when required
//   dist/testing.js    the test surface, required by the extension in test mode only; not packaged
// usage: node scripts/build.mjs [--watch] [--no-tests]
import * as esbuild from 'esbuild';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const watch = process.argv.includes('--watch');
const withTests = !process.argv.includes('--no-tests');

const common = {
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  sourcemap: 'linked',
  minify: true,
  keepNames: true,
  logLevel: 'warning',
  absWorkingDir: root,
};

const bundles = [
  { entryPoints: ['src/extension.ts'], outfile: 'dist/extension.js', external: ['vscode'] },
  { entryPoints: ['src/commands/bundle.ts'], outfile: 'dist/commands.js', external: ['vscode'] },
  { entryPoints: ['src/api/index.ts'], outfile: 'dist/api.js' },
  { entryPoints: ['src/sandbox/main.ts'], outfile: 'dist/sandbox.js' },
  { entryPoints: ['src/testing/index.ts'], outfile: 'dist/testing.js', external: ['vscode'] },
].filter(b => fs.existsSync(path.join(root, b.entryPoints[0])));

function listTs(dir) {
  const abs = path.join(root, dir);
  if (!fs.existsSync(abs)) return [];
  return fs
    .readdirSync(abs, { recursive: true })
    .filter(f => f.endsWith('.ts') && !f.endsWith('.d.ts'))
    .map(f => path.join(dir, f));
}

// Unbundled, one JS file per TS file, so tests can import any module; `vscode` resolves only in the extension host.
const compiled = {
  entryPoints: [...listTs('src'), ...listTs('test'), ...listTs('bench')],
  outdir: 'out',
  outbase: '.',
  bundle: false,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  sourcemap: 'inline',
  logLevel: 'warning',
  absWorkingDir: root,
};

const t0 = Date.now();
if (watch) {
  const ctxs = await Promise.all([
    ...bundles.map(b => esbuild.context({ ...common, ...b })),
    ...(withTests ? [esbuild.context(compiled)] : []),
  ]);
  await Promise.all(ctxs.map(c => c.watch()));
  console.log('[build] watching');
} else {
  // out/ is not wiped: other builds and test runs may be reading it; CI starts from a fresh clone.
  if (process.argv.includes('--clean')) fs.rmSync(path.join(root, 'out'), { recursive: true, force: true });
  await Promise.all([
    ...bundles.map(b => esbuild.build({ ...common, ...b })),
    ...(withTests ? [esbuild.build(compiled)] : []),
  ]);
  console.log(
    `[build] ${bundles.map(b => b.outfile).join(', ')}${withTests ? ' and out/' : ''} in ${Date.now() - t0} ms`,
  );
}
