// Bench: what the HTTP layer costs in memory, in plain Node 24 (the extension host's), each case in a fresh process
// against a loopback server in another process, measured after full garbage collections (what stays). Ours is
// dist/api.js (undici's Agent and request inside); the peer is node:http doing the same GETs. Also: the same with V8
// kept to its baseline WebAssembly compiler (--liftoff-only), which shows what optimising undici's HTTP parser
// (llhttp, WebAssembly) costs; and ours after Node's own fetch has made the same requests, which shows that the
// compiled parser is shared (V8 compiles identical WebAssembly bytes once per process). "host-like" cases load first
// the built-in modules the VS Code extension host has already loaded (http, https, tls, crypto, http2, net), so that
// only the HTTP layer's own cost remains.
// usage: npm run build && node bench/http-memory.mjs [--runs N]
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { isMain, median, numberArg, saveResult } from './report.mjs';
import { NODE24 } from '../scripts/vscode/lib.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const round = x => Math.round(x * 10) / 10;

// Runs in the measured process: argv = [case, port, hostLike]; prints the RSS and heap growth of the case.
const CHILD = `
const v8 = require('node:v8'); const vm = require('node:vm');
v8.setFlagsFromString('--expose-gc'); const gc = vm.runInNewContext('gc');
const [what, port, hostLike] = process.argv.slice(1);
const url = 'http://127.0.0.1:' + port + '/agents/tasks';
const settle = async () => { for (let i = 0; i < 3; i++) { gc(); await new Promise(r => setTimeout(r, 150)); } };
const mem = () => { const m = process.memoryUsage(); return { rss: m.rss, heap: m.heapUsed }; };
const httpGet = () => new Promise((ok, no) => require('node:http').get(url, r => { let b = ''; r.on('data', d => (b += d)); r.on('end', () => ok(JSON.parse(b))); }).on('error', no));
const client = () => new (require(${JSON.stringify(path.join(root, 'dist', 'api.js'))}).ApiClient)({ baseUrl: 'http://127.0.0.1:' + port, token: () => 'x' });
const times = async (n, f) => { for (let i = 0; i < n; i++) await f(); };
const cases = {
  'node:http, 1 GET': () => httpGet(),
  'node:http, 10 GETs': () => times(10, httpGet),
  'api.js loaded': async () => client(),
  'api.js, 1 GET': async () => { const c = client(); await c.listTasks(); },
  'api.js, 10 GETs': async () => { const c = client(); await times(10, () => c.listTasks()); },
  "api.js, 10 GETs after Node's fetch made 10": async () => { const c = client(); await times(10, () => c.listTasks()); },
  "Node's fetch, 10 GETs": () => times(10, async () => (await fetch(url)).json()),
};
(async () => {
  if (hostLike === '1') for (const m of ['http', 'https', 'tls', 'crypto', 'http2', 'net']) require('node:' + m);
  if (what.includes("after Node's fetch")) await times(10, async () => (await fetch(url)).json());
  await settle();
  const a = mem();
  await cases[what]();
  await settle();
  const b = mem();
  process.stdout.write(JSON.stringify({ rssMB: (b.rss - a.rss) / 2 ** 20, heapMB: (b.heap - a.heap) / 2 ** 20 }));
})();
`;

const SERVER = `
const body = JSON.stringify({ tasks: Array.from({ length: 100 }, (_, i) => ({ id: 't' + i, name: 'Task ' + i + ': tidy module ' + (i % 37), state: 'completed', created_at: '2026-03-01T00:00:00Z', updated_at: '2026-03-01T00:00:00Z', artifacts: [] })) });
const s = require('node:http').createServer((q, r) => { r.setHeader('content-type', 'application/json'); r.setHeader('etag', '"x"'); r.end(body); });
s.listen(0, '127.0.0.1', () => process.stdout.write(s.address().port + '\\n'));
`;

function measure(what, port, { hostLike, flags = [] }) {
  const out = execFileSync(NODE24, [...flags, '-e', CHILD, what, String(port), hostLike ? '1' : '0'], {
    encoding: 'utf8',
  });
  return JSON.parse(out);
}

export async function run({ runs = 3 } = {}) {
  if (!fs.existsSync(NODE24)) throw new Error(`${NODE24} is missing: run npm run setup:vscode`);
  const server = spawn(NODE24, ['-e', SERVER], { stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await new Promise(resolve => server.stdout.once('data', d => resolve(Number(String(d).trim()))));
  try {
    const plan = [
      ['node:http, 1 GET', { hostLike: false }],
      ['api.js, 1 GET', { hostLike: false }],
      ['node:http, 1 GET', { hostLike: true }],
      ['node:http, 10 GETs', { hostLike: true }],
      ['api.js loaded', { hostLike: true }],
      ['api.js, 1 GET', { hostLike: true }],
      ['api.js, 10 GETs', { hostLike: true }],
      ['api.js, 10 GETs', { hostLike: true, flags: ['--liftoff-only'] }],
      ["Node's fetch, 10 GETs", { hostLike: true }],
      ["api.js, 10 GETs after Node's fetch made 10", { hostLike: true }],
    ];
    const rows = [];
    for (const [what, opts] of plan) {
      const xs = Array.from({ length: runs }, () => measure(what, port, opts));
      rows.push({
        case: `${what}${opts.hostLike ? ' (host-like)' : ' (fresh Node)'}${opts.flags?.length ? ` ${opts.flags.join(' ')}` : ''}`,
        rssMB: round(median(xs.map(x => x.rssMB))),
        heapMB: round(median(xs.map(x => x.heapMB))),
      });
    }
    console.table(rows);
    const result = {
      bench: 'http-memory',
      date: new Date().toISOString(),
      node: NODE24.includes('node24') ? "Node 24 (the extension host's)" : NODE24,
      cpus: os.cpus().length,
      runs,
      rows,
    };
    saveResult('http-memory', result);
    return result;
  } finally {
    server.kill();
  }
}

if (isMain(import.meta.url)) {
  const n = numberArg('--runs');
  await run(n === undefined ? {} : { runs: n });
  process.exit(0);
}
