// Builds what the extension loads into dist/, the plain-Node builds beside it, and compiles sources and tests
// (unbundled) into out/ for mocha.
//
// The extension is ONE esbuild build with code splitting and ESM output (VS Code loads an extension whose `main` ends
// in .mjs as ESM, since 1.100, the version `engines` asks for):
//   dist/extension.mjs  the entry: it re-exports activate() from the one chunk of everything activation runs (the
//                       model, the views, the commands' stubs); everything else is reached with `await import('…')`
//   dist/chunks/*.mjs   that chunk, what the entry imports later (command handlers, chat tools, task pages, a task's
//                       changes, installations, the HTTP layer, the built-in sandbox, undici's fetch; each named after
//                       the module imported) and the modules two of them share: each module is in exactly one file
//                       (test/unit/bundle/oneCopy.test.ts reads dist/meta.json, esbuild's metafile of this build)
//   dist/testing.mjs    the test surface, a second entry of the same build, so it shares the extension's modules
//                       (the store, the models); the extension imports it in test mode only, by a computed path.
//                       `--no-tests` (npm run package) leaves it out; .vscodeignore leaves it out of the package too
// Modules only the test surface reaches stay inside dist/testing.mjs (a chunk holds what two entries share), so no
// chunk is the test surface's alone.
//
// Plain Node (unit tests, benches, scripts, `npm run sandbox`) keeps CommonJS builds of its own, which the extension
// does not load and the package does not ship; they are what a script can `require`:
//   dist/api.js        the HTTP layer (src/api); given no fetch it requires undici's stack from dist/nodeFetch.js
//   dist/nodeFetch.js  undici's fetch over an Agent of its own
//   dist/sandbox.js    the local service: a CLI when run, a library (startSandbox) when required
// Keeping them apart keeps both simple: the extension's graph has no CommonJS entry to share modules with, and a
// script needs no ESM loader to use the API.
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
  target: 'node20',
  sourcemap: 'linked',
  minify: true,
  keepNames: true,
  logLevel: 'warning',
  absWorkingDir: root,
};

// The extension's graph. `vscode` stays an import VS Code's loader answers; bundled CommonJS (undici) requires Node's
// builtins through the `require` the banner makes, as ESM has none.
// What activation loads is one chunk. esbuild puts each module in the chunk of the entries that reach it, and counts
// every `import()` as an entry: a module of the first tree that one lazy part also uses would be a chunk of its own,
// about 25 files loaded at activation where one would do (each costs a resolve and a read). So each `import()` of a
// src module is answered by a small module that also imports the entry's graph (`src/extension.ts`, already loaded
// when any `import()` runs): every module of that graph is then reached by the same entries, and shares one chunk.
const oneChunkAtActivation = {
  name: 'one-chunk-at-activation',
  setup(build) {
    const src = path.join(root, 'src') + path.sep;
    const anchor = path.join(src, 'extension.ts');
    build.onResolve({ filter: /^\./ }, async args => {
      if (args.kind !== 'dynamic-import' || !args.importer.startsWith(src)) return undefined;
      const r = await build.resolve(args.path, { kind: 'import-statement', resolveDir: args.resolveDir });
      return r.errors.length ? { errors: r.errors } : { path: r.path, namespace: 'lazy' };
    });
    build.onLoad({ filter: /.*/, namespace: 'lazy' }, args => ({
      contents: `import ${JSON.stringify(anchor)};\nexport * from ${JSON.stringify(args.path)};\n`,
      resolveDir: path.dirname(args.path),
      loader: 'js',
    }));
  },
};

// Node's own modules are required, as the CommonJS builds did, not imported: an ES module import of `node:fs` reads
// every name the module exports, and so runs its lazy getters (`fs.promises` loads streams and readline), about
// 10 ms at activation for nothing. Required, a name is read where the code uses it.
const builtinsRequired = {
  name: 'builtins-required',
  setup(build) {
    build.onResolve({ filter: /^node:/ }, args =>
      args.kind === 'require-call' ? { path: args.path, external: true } : { path: args.path, namespace: 'builtin' },
    );
    build.onLoad({ filter: /.*/, namespace: 'builtin' }, args => ({
      contents: `module.exports = require(${JSON.stringify(args.path)});`,
      loader: 'js',
    }));
  },
};

// The seam between the hosts (src/env/host.ts): `#env` is the Node host's side in every build but the browser's.
const envFor = side => ({
  name: `env-${side}`,
  setup(build) {
    build.onResolve({ filter: /^#env$/ }, () => ({ path: path.join(root, 'src/env', side, 'index.ts') }));
  },
});

const extensionGraph = {
  ...common,
  entryPoints: {
    extension: 'src/extension.ts',
    ...(withTests && fs.existsSync(path.join(root, 'src/testing/index.ts')) ? { testing: 'src/testing/index.ts' } : {}),
  },
  outdir: 'dist',
  format: 'esm',
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  outExtension: { '.js': '.mjs' },
  external: ['vscode'],
  banner: { js: "import{createRequire as __cr}from'node:module';const require=__cr(import.meta.url);" },
  // The modules that run in the extension host say the plain-Node modules' words through VS Code's l10n.
  alias: { '@vscode/l10n': './src/l10nHost.ts' },
  plugins: [envFor('node'), oneChunkAtActivation, builtinsRequired],
  metafile: true,
};

// The browser's build (package.json `browser`): the web worker extension host loads one CommonJS file and can
// `require` nothing but `vscode`, so everything is in dist/web/extension.js, `import()` included. `#env` is the
// browser's side. What only the Node host can run is left out: the parts the seam never loads there (undici's
// stack, the local sandbox's server, a task's changes through the user's git) and Node's own modules, which become a
// module that throws when used, so a path the seam should have closed fails in words, not with a missing `require`.
const NODE_ONLY = [
  'src/model/sandboxSets.ts',
  'src/api/nodeFetch.ts',
  'src/api/certificate.ts',
  'src/errors/networkHost.ts',
  'src/sandbox/index.ts',
  'src/changes/changes.ts',
  'src/changes/changesNode.ts',
  'src/changes/changesOnDemand.ts',
  'src/changes/changesReady.ts',
  'src/changes/registerCommands.ts',
  'src/changes/handoff/handoffCommand.ts',
  'src/changes/handoff/handoffGit.ts',
  'src/changes/land/journal.ts',
  'src/tasks/gitBranches.ts',
  'src/commands/checkoutCommand.ts',
  'src/commands/sandboxCommands.ts',
].map(f => path.join(root, f));
const nodeOnlyLeftOut = {
  name: 'node-only-left-out',
  setup(build) {
    const absent = path.join(root, 'src/env/browser/absent.ts');
    build.onResolve({ filter: /^node:/ }, () => ({ path: absent }));
    build.onResolve({ filter: /^\./ }, async args => {
      if (args.pluginData === 'resolving' || args.importer === absent) return undefined;
      const r = await build.resolve(args.path, {
        kind: args.kind,
        resolveDir: args.resolveDir,
        pluginData: 'resolving',
      });
      return !r.errors.length && NODE_ONLY.includes(r.path) ? { path: absent } : undefined;
    });
  },
};
// One file has no chunk to load later, and esbuild wraps every module an `import()` reaches in a function of its own
// (its body run on the first import): some 140 wrappers, and their calls. In the browser's build each `import('./x')`
// of src becomes the module imported at load, `Promise.resolve(ns)` of a static `import * as ns`, so the graph is one
// scope; what the Node build keeps for later runs at activation here, in the one file already read.
// Each `vscode.l10n.t(` there is the `t` of src/l10nHost.ts (the same call), one short name instead of some 640
// member chains in the one file.
const l10nHost = path.join(root, 'src/l10nHost.ts');
const importsAtLoad = {
  name: 'imports-at-load',
  setup(build) {
    build.onLoad({ filter: /[\\/]src[\\/].*\.ts$/ }, async args => {
      const text = await fs.promises.readFile(args.path, 'utf8');
      const lazy = [];
      let contents = text.replace(/(?<!typeof )\bimport\((['"])(\.{1,2}\/[^'"]+)\1\)/g, (_, q, spec) => {
        lazy.push(spec);
        return `Promise.resolve(__atLoad${lazy.length - 1})`;
      });
      const said = args.path !== l10nHost && /\bvscode\.l10n\.t\(/.test(contents);
      if (said) contents = contents.replace(/\bvscode\.l10n\.t\(/g, '__l10nT(');
      if (!lazy.length && !said) return undefined;
      const head = lazy.map((spec, i) => `import * as __atLoad${i} from ${JSON.stringify(spec)};`).join('');
      const t = said ? `import { t as __l10nT } from ${JSON.stringify(l10nHost)};` : '';
      return { contents: t + head + contents, loader: 'ts' };
    });
  },
};
// Every module's `import * as vscode from 'vscode'` would be a `__toESM(require('vscode'))` of its own (some 60): in
// the browser's build they all import one module that re-exports it, so the file requires `vscode` once.
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
const browserGraph = {
  ...common,
  platform: 'browser',
  target: 'es2022',
  format: 'cjs',
  entryPoints: { extension: 'src/extension.ts' },
  outfile: 'dist/web/extension.js',
  external: ['vscode'],
  alias: { '@vscode/l10n': './src/l10nHost.ts' },
  keepNames: false,
  charset: 'utf8',
  legalComments: 'none',
  plugins: [envFor('browser'), nodeOnlyLeftOut, importsAtLoad, vscodeOnce],
  // A constructor's parameter properties are assigned there, not also declared as fields (`model;state;` in every
  // class): TypeScript's checks (TS2729, TS2610) hold the code to what both orders of initialisation give alike.
  tsconfigRaw: { compilerOptions: { useDefineForClassFields: false } },
  metafile: true,
};

// dist/api.js requires undici's stack from the build beside it, on first use, and only when it is given no fetch.
const besideApi = {
  name: 'beside-api',
  setup(build) {
    build.onResolve({ filter: /^\.\/nodeFetch$/ }, () => ({ path: './nodeFetch.js', external: true }));
  },
};

// `import()` becomes `require` in CommonJS output: Node's `import()` of a path without its extension would fail.
const cjs = { ...common, format: 'cjs', supported: { 'dynamic-import': false } };
const plainNode = [
  { entryPoints: ['src/api/index.ts'], outfile: 'dist/api.js', plugins: [besideApi] },
  { entryPoints: ['src/api/nodeFetch.ts'], outfile: 'dist/nodeFetch.js' },
  { entryPoints: ['src/sandbox/main.ts'], outfile: 'dist/sandbox.js' },
].map(b => ({ ...cjs, ...b }));

function listTs(dir) {
  const abs = path.join(root, dir);
  if (!fs.existsSync(abs)) return [];
  return fs
    .readdirSync(abs, { recursive: true })
    .filter(f => f.endsWith('.ts') && !f.endsWith('.d.ts'))
    .map(f => path.join(dir, f));
}

// Unbundled, one JS file per TS file, so tests can import any module; `vscode` resolves only in the extension host.
const unbundled = {
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
// The product's `import('./x')` becomes `require('./x')` here (Node's `import()` wants the file's extension); the
// tests' and benches' own `import()` of .mjs files stays as it is.
const compiled = [
  { ...unbundled, entryPoints: listTs('src'), supported: { 'dynamic-import': false } },
  { ...unbundled, entryPoints: [...listTs('test'), ...listTs('bench')] },
];

/** esbuild's metafile of the extension's build, for the check that no module is in two files (not packaged). */
function writeMeta(result) {
  fs.writeFileSync(path.join(root, 'dist/meta.json'), JSON.stringify(result.metafile));
}

const t0 = Date.now();
if (watch) {
  const ctxs = await Promise.all([
    esbuild.context({
      ...extensionGraph,
      plugins: [{ name: 'meta', setup: b => b.onEnd(r => r.metafile && writeMeta(r)) }],
    }),
    ...plainNode.map(b => esbuild.context(b)),
    esbuild.context(browserGraph),
    ...(withTests ? compiled.map(c => esbuild.context(c)) : []),
  ]);
  await Promise.all(ctxs.map(c => c.watch()));
  console.log('[build] watching');
} else {
  // out/ is not wiped: other builds and test runs may be reading it; CI starts from a fresh clone. The extension's
  // files are: chunks are named by their content, so old ones would pile up, and a test surface left from a build
  // with tests must not sit beside one without.
  if (process.argv.includes('--clean')) fs.rmSync(path.join(root, 'out'), { recursive: true, force: true });
  fs.rmSync(path.join(root, 'dist/chunks'), { recursive: true, force: true });
  for (const f of fs.existsSync(path.join(root, 'dist')) ? fs.readdirSync(path.join(root, 'dist')) : [])
    if (/\.mjs(\.map)?$/.test(f)) fs.rmSync(path.join(root, 'dist', f));
  const [graph, web] = await Promise.all([
    esbuild.build(extensionGraph),
    esbuild.build(browserGraph),
    ...plainNode.map(b => esbuild.build(b)),
    ...(withTests ? compiled.map(c => esbuild.build(c)) : []),
  ]);
  writeMeta(graph);
  fs.writeFileSync(path.join(root, 'dist/web/meta.json'), JSON.stringify(web.metafile));
  const files = Object.keys(graph.metafile.outputs).filter(f => f.endsWith('.mjs'));
  console.log(
    `[build] dist/extension.mjs and ${files.length - 1} more files of the extension, dist/web/extension.js, ${plainNode.map(b => b.outfile).join(', ')}${withTests ? ' and out/' : ''} in ${Date.now() - t0} ms`,
  );
}
