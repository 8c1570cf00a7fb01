// Throughput of the sandbox on a repository's task listing (per_page=100) against a bare node:http server that returns a
// fixed JSON body of the same size: same client, same run, reported as a ratio. Also: task starts acknowledged
// only once on disk (a state file and its journal) against the same starts in memory (no state file).
// usage: npm run build && node bench/sandbox-throughput.mjs [--seconds N] [--concurrency N] [--rounds N]
// Each server runs in its own worker thread so the client does not share its event loop.
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { isMain, numberArg, saveResult } from './report.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const sandboxModule = pathToFileURL(path.join(root, 'out/src/sandbox/index.js')).href;
const LIST = '/agents/repos/acme/rocket/tasks?per_page=100';
const START = '/agents/repos/acme/rocket/tasks';

// Worker body: starts either the sandbox (a demo world with 150 more tasks; with a state file when asked) or the bare
// server with the given body. The git repositories are not what is measured: their making at start would only
// compete for the CPU in the first round.
const WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const http = require('node:http');
(async () => {
  if (workerData.kind === 'bare') {
    // A string body goes out in the same write as the headers (a Buffer would be sent after them, slower).
    const body = workerData.body;
    const length = Buffer.byteLength(body);
    const server = http.createServer((req, res) => {
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': length });
      res.end(body);
    });
    server.keepAliveTimeout = 30000;
    server.listen(0, '127.0.0.1', () => parentPort.postMessage({ url: 'http://127.0.0.1:' + server.address().port }));
    parentPort.on('message', m => { if (m === 'close') { server.close(); server.closeAllConnections(); parentPort.close(); } });
  } else {
    const { startSandbox, demoWorld } = await import(workerData.module);
    const world = demoWorld();
    for (let i = 0; i < 150; i++) {
      world.tasks.push({ repository: 5000, creator: 1001, state: ['completed', 'failed', 'in_progress'][i % 3],
        prompt: 'Benchmark task number ' + i + ': make the launch sequence a little faster', create_pull_request: i % 2 === 0,
        created_at: new Date(Date.UTC(2026, 2, 1, 0, i)).toISOString(), updated_at: new Date(Date.UTC(2026, 2, 2, 0, i)).toISOString() });
    }
    const sb = await startSandbox({ world, stepMs: 0, rateLimit: { limit: 1e12 }, git: false, statePath: workerData.statePath });
    parentPort.postMessage({ url: sb.url });
    parentPort.on('message', async m => { if (m === 'close') { await sb.close(); parentPort.close(); } });
  }
})();
`;

function startWorker(data) {
  const worker = new Worker(WORKER, { eval: true, workerData: data });
  return new Promise((resolve, reject) => {
    worker.once('message', m =>
      resolve({
        url: m.url,
        close: () =>
          new Promise(r => {
            worker.once('exit', r);
            worker.postMessage('close');
          }),
      }),
    );
    worker.once('error', reject);
  });
}

function get(agent, url, headers, body) {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { agent, headers, method: body === undefined ? 'GET' : 'POST' }, res => {
      let n = 0;
      res.on('data', c => (n += c.length));
      res.on('end', () => resolve({ status: res.statusCode, bytes: n, etag: res.headers.etag }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** Bounded time, bounded concurrency, keep-alive: how many complete responses per second. */
async function load(url, headers, seconds, concurrency, body) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
  const warm = Date.now() + 200;
  while (Date.now() < warm) await get(agent, typeof url === 'function' ? url() : url, headers, body);
  let done = 0;
  let bad = 0;
  const end = Date.now() + seconds * 1000;
  const t0 = process.hrtime.bigint();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (Date.now() < end) {
        const r = await get(agent, typeof url === 'function' ? url() : url, headers, body);
        if (r.status === 200 || r.status === 304 || r.status === 201) done++;
        else bad++;
      }
    }),
  );
  const secs = Number(process.hrtime.bigint() - t0) / 1e9;
  agent.destroy();
  return { rps: done / secs, requests: done, errors: bad };
}

export async function run({ seconds = 1.5, concurrency = 16, rounds = 7, write = true } = {}) {
  const sandbox = await startWorker({ kind: 'sandbox', module: sandboxModule });
  const auth = { authorization: 'Bearer sbx_fg_mona', 'x-vendor-api-version': '2026-03-10' };
  const sample = await get(new http.Agent(), sandbox.url + LIST, auth);
  const body = await new Promise((resolve, reject) =>
    http
      .get(sandbox.url + LIST, { headers: auth }, res => {
        const chunks = [];
        res.on('data', c => chunks.push(c));
        res.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
      })
      .on('error', reject),
  );
  const tasks = JSON.parse(body).tasks.length;
  const bare = await startWorker({ kind: 'bare', body });
  const stateDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-sandbox-state-'));
  const memory = await startWorker({ kind: 'sandbox', module: sandboxModule });
  const durable = await startWorker({
    kind: 'sandbox',
    module: sandboxModule,
    statePath: path.join(stateDir, 'state.json'),
  });
  const start = JSON.stringify({
    prompt: 'Benchmark start: make the countdown configurable',
    create_pull_request: true,
  });
  const startHeaders = { ...auth, 'content-type': 'application/json', 'content-length': Buffer.byteLength(start) };
  // An unknown query key is ignored by the service but makes every URL new, so each request renders, joins and hashes.
  let n = 0;
  const fresh = () => `${sandbox.url}${LIST}&nocache=${n++}`;
  const kinds = {
    bare: () => load(bare.url + LIST, auth, seconds, concurrency),
    sandbox: () => load(sandbox.url + LIST, auth, seconds, concurrency),
    conditional: () => load(sandbox.url + LIST, { ...auth, 'if-none-match': sample.etag }, seconds, concurrency),
    uncached: () => load(fresh, auth, seconds, concurrency),
  };
  const writes = {
    starts: () => load(memory.url + START, startHeaders, seconds, concurrency, start),
    durableStarts: () => load(durable.url + START, startHeaders, seconds, concurrency, start),
  };
  // Short slices, interleaved, many rounds: on a shared machine the load drifts, so each round's ratio compares
  // neighbours in time, and the median of the rounds is the figure. The starts come after all listing rounds (a
  // snapshot the durable sandbox is still writing must not share the CPU with them), in an order that alternates.
  const rows = [];
  for (let i = 0; i < rounds; i++) {
    const row = {};
    for (const [k, f] of Object.entries(kinds)) row[k] = await f();
    rows.push(row);
  }
  for (let i = 0; i < rounds; i++) {
    const order = i % 2 ? ['durableStarts', 'starts'] : ['starts', 'durableStarts'];
    for (const k of order) rows[i][k] = await writes[k]();
  }
  const median = xs => {
    const a = [...xs].sort((x, y) => x - y);
    return a.length % 2 ? a[(a.length - 1) / 2] : (a[a.length / 2 - 1] + a[a.length / 2]) / 2;
  };
  const med = k => median(rows.map(r => r[k].rps));
  const ratio = k => median(rows.map(r => r[k].rps / r.bare.rps));
  await sandbox.close();
  await bare.close();
  await memory.close();
  await durable.close();
  fs.rmSync(stateDir, { recursive: true, force: true });
  const result = {
    bench: 'sandbox-throughput',
    when: new Date().toISOString(),
    node: process.version,
    listing: { path: LIST, tasks, bytes: Buffer.byteLength(body) },
    seconds,
    concurrency,
    rounds,
    bare_rps: Math.round(med('bare')),
    sandbox_rps: Math.round(med('sandbox')),
    sandbox_304_rps: Math.round(med('conditional')),
    sandbox_uncached_rps: Math.round(med('uncached')),
    ratio: Number(ratio('sandbox').toFixed(3)),
    ratio_uncached: Number(ratio('uncached').toFixed(3)),
    ratio_304: Number(ratio('conditional').toFixed(3)),
    starts_rps: Math.round(med('starts')),
    durable_starts_rps: Math.round(med('durableStarts')),
    durable_starts_ratio: Number(median(rows.map(r => r.durableStarts.rps / r.starts.rps)).toFixed(3)),
    round_ratios: rows.map(r => Number((r.sandbox.rps / r.bare.rps).toFixed(3))),
    errors: rows.reduce((e, r) => e + Object.values(r).reduce((x, v) => x + v.errors, 0), 0),
  };
  if (write) saveResult('sandbox-throughput', result);
  return result;
}

function print(r) {
  const rows = [
    ['server', 'requests/s'],
    ['bare node:http, fixed body', String(r.bare_rps)],
    ['sandbox, task list per_page=100', String(r.sandbox_rps)],
    ['sandbox, same with If-None-Match (304)', String(r.sandbox_304_rps)],
    ['sandbox, every URL new (no response cache)', String(r.sandbox_uncached_rps)],
    ['sandbox, task starts, in memory', String(r.starts_rps)],
    ['sandbox, task starts, each on disk before its 201', String(r.durable_starts_rps)],
  ];
  const w = Math.max(...rows.map(x => x[0].length));
  process.stdout.write(
    `listing of ${r.listing.tasks} tasks, ${r.listing.bytes} bytes; ${r.concurrency} keep-alive connections; ${r.rounds} interleaved rounds of ${r.seconds}s each (medians)\n`,
  );
  for (const [a, b] of rows) process.stdout.write(`${a.padEnd(w)}  ${b.padStart(10)}\n`);
  process.stdout.write(
    `ratio sandbox / bare (median of rounds): ${r.ratio} (aim >= 0.5), rounds ${r.round_ratios.join(' ')}; without the response cache: ${r.ratio_uncached}${r.errors ? `; ${r.errors} failed requests` : ''}\n`,
  );
  process.stdout.write(`ratio of task starts on disk / in memory (median of rounds): ${r.durable_starts_ratio}\n`);
}

if (isMain(import.meta.url)) {
  print(
    await run({
      seconds: numberArg('--seconds', 1.5),
      concurrency: numberArg('--concurrency', 16),
      rounds: numberArg('--rounds', 7),
    }),
  );
}
