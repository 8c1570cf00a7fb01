// Bench: activation in a real VS Code (code-server), against the sandbox's demo world. Time from the call to
// activate() to the first Repository Tasks tree holding the demo tasks (repository detected from the git remote,
// token read from SecretStorage, lists fetched, nodes built), median of several fresh windows. The peer, measured in
// the same run and windows taking turns: a minimal extension whose activate() registers one tree view that does one
// GET of the same list and shows one plain item per task — the floor any such extension pays.
// usage: npm run build && node bench/activation.mjs [--runs N]
import os from 'node:os';
import path from 'node:path';
import { startHost, writePeerExtension, median, round, sandboxLib, EXTENSION_ID } from './vscode-host.mjs';
import { isMain, numberArg, saveResult } from './report.mjs';

export async function run({ runs = 5 } = {}) {
  const host = await startHost({ world: sandboxLib().demoWorld(), kind: 'bench-act' });
  let ok = false;
  try {
    const peerDir = writePeerExtension(path.join(host.runDir, 'peer-tree'), 'tree');
    // A first window stores the token, as a user would have done once; later windows find it in SecretStorage.
    await host.session('setup');
    const samples = { ours: [], peer: [] };
    const skipped = [];
    for (let i = 0; i < runs; i++) {
      for (const who of i % 2 ? ['peer', 'ours'] : ['ours', 'peer']) {
        const r =
          who === 'ours'
            ? await host.session('activation', { params: { id: EXTENSION_ID } })
            : await host.session('activation', { extensionPath: peerDir, params: { id: 'bench.bench-tree-peer' } });
        // Activated by VS Code before the probe could time it: the figure would miss the activation itself.
        if (r.wasActive) skipped.push(who);
        else samples[who].push(r);
        console.log(
          `[activation] ${who} run ${i + 1}: first tree after ${r.firstTreeMs} ms (activate() returned after ${r.activateMs} ms)${r.wasActive ? ' — already active, not counted' : ''}`,
        );
      }
    }
    if (!samples.ours.length || !samples.peer.length)
      throw new Error('no window where the probe timed activation itself');
    const sum = xs => ({
      firstTreeMs: median(xs.map(x => x.firstTreeMs)),
      activateMs: median(xs.map(x => x.activateMs)),
      runs: xs.length,
    });
    const result = {
      bench: 'activation',
      date: new Date().toISOString(),
      cpus: os.cpus().length,
      world: 'demo (10 tasks in acme/rocket)',
      ours: sum(samples.ours),
      peer: { what: 'minimal tree extension: one GET of A1, one TreeItem per task', ...sum(samples.peer) },
      skippedAlreadyActive: skipped,
    };
    result.ratio = { firstTree: round(result.ours.firstTreeMs / result.peer.firstTreeMs, 2) };
    saveResult('activation', result);
    console.log(
      `[activation] median first tree: ours ${result.ours.firstTreeMs} ms, peer ${result.peer.firstTreeMs} ms, ratio ${result.ratio.firstTree}`,
    );
    ok = true;
    return result;
  } finally {
    await host.close(ok);
  }
}

if (isMain(import.meta.url)) {
  const n = numberArg('--runs');
  await run(n === undefined ? {} : { runs: n });
  process.exit(0);
}
