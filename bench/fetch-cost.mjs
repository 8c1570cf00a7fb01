// Bench: what one request costs through VS Code's network stack (the extension host's fetch, which the extension
// uses for every request) against undici alone (a keep-alive Agent's request, the plain-Node stack), measured in the
// same extension host against the same loopback sandbox (bench/host-fetch.cjs). Loopback is sent directly by VS Code
// too, so this is the stack's own cost: its proxy choice, its certificates, fetch's streams.
// usage: npm run build && node bench/fetch-cost.mjs [--rounds N]
import os from 'node:os';
import { startHost, round } from './vscode-host.mjs';
import { isMain, numberArg, saveResult } from './report.mjs';

export async function run({ rounds = 9 } = {}) {
  const host = await startHost({ kind: 'bench-fetch' });
  let ok = false;
  try {
    const r = await host.session('fetchcost', { params: { rounds } });
    if (r.error) throw new Error(r.error);
    const result = {
      bench: 'fetch-cost',
      date: new Date().toISOString(),
      cpus: os.cpus().length,
      rounds: r.rounds,
      requestsPerRound: r.perRound,
      vscodeFetchPatched: r.patched,
      vscode: { wallMs: round(r.vscode.wallMs, 3), cpuMs: round(r.vscode.cpuMs, 3) },
      undici: { wallMs: round(r.undici.wallMs, 3), cpuMs: round(r.undici.cpuMs, 3) },
      ratio: { wall: round(r.vscode.wallMs / r.undici.wallMs, 2), cpu: round(r.vscode.cpuMs / r.undici.cpuMs, 2) },
      extraPerRequest: {
        wallMs: round(r.vscode.wallMs - r.undici.wallMs, 3),
        cpuMs: round(r.vscode.cpuMs - r.undici.cpuMs, 3),
      },
    };
    saveResult('fetch-cost', result);
    console.log(
      `[fetch-cost] one GET: VS Code's fetch ${result.vscode.wallMs} ms (CPU ${result.vscode.cpuMs} ms), undici alone ${result.undici.wallMs} ms (CPU ${result.undici.cpuMs} ms); ratio ${result.ratio.wall} (CPU ${result.ratio.cpu}); patched: ${r.patched}`,
    );
    ok = true;
    return result;
  } finally {
    await host.close(ok);
  }
}

if (isMain(import.meta.url)) {
  const n = numberArg('--rounds');
  await run(n === undefined ? {} : { rounds: n });
  process.exit(0);
}
