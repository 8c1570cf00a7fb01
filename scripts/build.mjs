// Builds the shipped bundles into dist/ and compiles sources and tests (unbundled) into out/ for mocha.
//   dist/extension.js  the extension's entry: views and commands only; heavy parts are loaded on first use
//   dist/api.js        the HTTP layer (src/api), required lazily by the extension; it goes through VS Code's fetch
//   dist/nodeFetch.js  undici's fetch over an Agent of its own: the HTTP stack of plain Node (tests, benches,
//                      scripts), and of the extension only where VS Code's cannot serve (see src/service/hostFetch.ts)
//   dist/commands.js   the commands that draw nothing at first (start flows, Go to Task, accounts, installations),
//                      required on the first call of one of them; state lives in dist/extension.js and is handed in
//   dist/chat.js       the language-model tools, required when the chat first prepares or calls one
//   dist/taskPage.js   the task page, required when the first page opens
//   dist/changes.js    a task's changes through git, required when something first looks at them
//   dist/installations.js  the installations model and view, required when the view first draws or a command asks
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

// One namespace of VS Code's API per bundle. esbuild turns each module's `import * as vscode from 'vscode'` into a
// copy of the API object (a getter for each of its ~330 names, made when the module loads, ~66 KB of heap each):
// dist/extension.js made 24 of them, with the commands and the test surface 59 (3.9 MB). Here every module of a
// bundle imports one module that re-exports `vscode` once; `vscode.window` reads through that one copy, as before.
const vscodeOnce = {
  name: 'vscode-once',
  setup(build) {
    build.onResolve({ filter: /^vscode$/ }, args =>
      args.namespace === 'vscode-once'
        ? { path: 'vscode', external: true }
        : { path: 'vscode', namespace: 'vscode-once' },
    );
    build.onLoad({ filter: /.*/, namespace: 'vscode-once' }, () => ({
      contents: "export * from 'vscode';",
      loader: 'js',
    }));
  },
};

// The bundles that run in the extension host say the plain-Node modules' words through VS Code's l10n (src/l10nHost.ts).
const host = { plugins: [vscodeOnce], alias: { '@vscode/l10n': './src/l10nHost.ts' } };

// dist/api.js requires undici's stack from the bundle beside it, on first use, and only when it is given no fetch.
const besideApi = {
  name: 'beside-api',
  setup(build) {
    build.onResolve({ filter: /^\.\/nodeFetch$/ }, () => ({ path: './nodeFetch.js', external: true }));
  },
};

const bundles = [
  { entryPoints: ['src/extension.ts'], outfile: 'dist/extension.js', ...host },
  { entryPoints: ['src/commands/bundle.ts'], outfile: 'dist/commands.js', ...host },
  { entryPoints: ['src/chat/bundle.ts'], outfile: 'dist/chat.js', ...host },
  { entryPoints: ['src/taskPage/bundle.ts'], outfile: 'dist/taskPage.js', ...host },
  { entryPoints: ['src/changes/bundle.ts'], outfile: 'dist/changes.js', ...host },
  { entryPoints: ['src/installations/installationsBundle.ts'], outfile: 'dist/installations.js', ...host },
  { entryPoints: ['src/api/index.ts'], outfile: 'dist/api.js', plugins: [besideApi] },
  { entryPoints: ['src/api/nodeFetch.ts'], outfile: 'dist/nodeFetch.js' },
  { entryPoints: ['src/sandbox/main.ts'], outfile: 'dist/sandbox.js' },
  { entryPoints: ['src/testing/index.ts'], outfile: 'dist/testing.js', ...host },
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
