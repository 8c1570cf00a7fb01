// Runs inside the extension host (required by bench/host-probe.cjs): what one request costs through VS Code's network
// stack (the host's `fetch`, which VS Code wraps to choose a proxy and add the system's certificates for every
// request), against undici alone (dist/nodeFetch.js: a keep-alive Agent's `request`, what plain Node uses), in the
// same host, to the same loopback sandbox, rounds taking turns. Wall time and the host's CPU time per request.
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');

function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.floor(s.length / 2)] : NaN;
}

async function batch(call, url, init, n) {
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  for (let i = 0; i < n; i++) {
    const res = await call(url, { ...init, signal: new AbortController().signal });
    await res.text();
    if (res.status !== 200) throw new Error(`status ${res.status}`);
  }
  const cpu = process.cpuUsage(cpu0);
  return { wallMs: (performance.now() - t0) / n, cpuMs: (cpu.user + cpu.system) / 1000 / n };
}

exports.fetchCost = async function fetchCost({ sandboxUrl, token, rounds = 9, perRound = 50 }) {
  const { createNodeFetch } = require(path.join(ROOT, 'dist', 'nodeFetch.js'));
  const own = createNodeFetch();
  const vscodeFetch = (url, init) => globalThis.fetch(url, init);
  const url = `${sandboxUrl}/agents/tasks?per_page=1`;
  const init = {
    method: 'GET',
    headers: { authorization: `Bearer ${token}`, accept: 'application/vnd.vendor+json' },
    redirect: 'manual',
  };
  try {
    await batch(vscodeFetch, url, init, 20);
    await batch(own.fetch, url, init, 20);
    const vs = [];
    const un = [];
    for (let r = 0; r < rounds; r++) {
      const pair = r % 2 ? [own.fetch, vscodeFetch] : [vscodeFetch, own.fetch];
      const a = await batch(pair[0], url, init, perRound);
      const b = await batch(pair[1], url, init, perRound);
      (pair[0] === vscodeFetch ? vs : un).push(a);
      (pair[0] === vscodeFetch ? un : vs).push(b);
    }
    const m = (xs, k) => median(xs.map(x => x[k]));
    return {
      rounds,
      perRound,
      vscode: { wallMs: m(vs, 'wallMs'), cpuMs: m(vs, 'cpuMs') },
      undici: { wallMs: m(un, 'wallMs'), cpuMs: m(un, 'cpuMs') },
      patched: typeof globalThis.__vscodeOriginalFetch === 'function',
    };
  } finally {
    await own.close();
  }
};
