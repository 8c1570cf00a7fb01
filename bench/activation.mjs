// Bench: activation in a real VS Code (code-server), against the sandbox's demo world. Time from the call to
// activate() to the first Repository Tasks tree holding the demo tasks (repository detected from the git remote,
// token read from SecretStorage, lists fetched, nodes built), median of several fresh windows. The peer, measured in
// the same run and windows taking turns: a minimal extension whose activate() registers one tree view that does one
// GET of the same list and shows one plain item per task — the floor any such extension pays; and the same minimal
// extension reading its token from SecretStorage, as an extension that keeps its token where it belongs must.
// usage: npm run build && node bench/activation.mjs [--runs N] [--view-first]
//   --view-first: each view is opened first, as in a window restored with it open (bench/host-probe.cjs)
import os from 'node:os';
import path from 'node:path';
import { startHost, writePeerExtension, median, round, sandboxLib, EXTENSION_ID } from './vscode-host.mjs';
import { isMain, numberArg, saveResult } from './report.mjs';

export async function run({ runs = 5, viewFirst = false } = {}) {
  const host = await startHost({ world: sandboxLib().demoWorld(), kind: 'bench-act' });
  let ok = false;
  try {
    const peerDir = writePeerExtension(path.join(host.runDir, 'peer-tree'), 'tree');
    const secretsPeerDir = writePeerExtension(path.join(host.runDir, 'peer-tree-secrets'), 'tree-secrets');
    const peers = {
      peer: { extensionPath: peerDir, params: { id: 'bench.bench-tree-peer', viewFirst } },
      secretsPeer: { extensionPath: secretsPeerDir, params: { id: 'bench.bench-tree-secrets-peer', viewFirst } },
    };
    // A first window stores the token, as a user would have done once; later windows find it in SecretStorage.
    await host.session('setup');
    await host.session('activation', peers.secretsPeer);
    const samples = { ours: [], peer: [], secretsPeer: [] };
    const skipped = [];
    // Each round's ratios, ours against each peer of the same round: the noise bench/run.mjs reads figures against.
    const rounds = { peer: [], secretsPeer: [] };
    for (let i = 0; i < runs; i++) {
      const order = ['ours', 'peer', 'secretsPeer'];
      for (let k = 0; k < i % order.length; k++) order.push(order.shift());
      const round = {};
      for (const who of order) {
        const r =
          who === 'ours'
            ? await host.session('activation', { params: { id: EXTENSION_ID, viewFirst } })
            : await host.session('activation', peers[who]);
        // Activated by VS Code before the probe could time it: the figure would miss the activation itself.
        if (r.wasActive) skipped.push(who);
        else {
          samples[who].push(r);
          round[who] = r.firstTreeMs;
        }
        console.log(
          `[activation] ${who} run ${i + 1}: first tree after ${r.firstTreeMs} ms (activate() returned after ${r.activateMs} ms)${r.fromLast ? ', the last rows seen' : ''}${r.wasActive ? ' — already active, not counted' : ''}`,
        );
      }
      for (const peer of ['peer', 'secretsPeer'])
        if (round.ours && round[peer]) rounds[peer].push(Number((round.ours / round[peer]).toFixed(3)));
    }
    if (Object.values(samples).some(xs => !xs.length))
      throw new Error('no window where the probe timed activation itself');
    const sum = xs => ({
      firstTreeMs: median(xs.map(x => x.firstTreeMs)),
      activateMs: median(xs.map(x => x.activateMs)),
      runs: xs.length,
      samplesMs: xs.map(x => x.firstTreeMs),
    });
    const result = {
      bench: 'activation',
      date: new Date().toISOString(),
      cpus: os.cpus().length,
      world: 'demo (10 tasks in acme/rocket)',
      viewFirst,
      ours: sum(samples.ours),
      peer: {
        what: "minimal tree extension: one GET of a repository's tasks, one TreeItem per task; token from the environment",
        ...sum(samples.peer),
      },
      secretsPeer: {
        what: 'the same, with its token read from SecretStorage as ours must',
        ...sum(samples.secretsPeer),
      },
      skippedAlreadyActive: skipped,
      roundRatios: rounds,
    };
    result.ratio = {
      firstTree: round(result.ours.firstTreeMs / result.peer.firstTreeMs, 2),
      firstTreeVsSecretsPeer: round(result.ours.firstTreeMs / result.secretsPeer.firstTreeMs, 2),
    };
    saveResult('activation', result);
    console.log(
      `[activation] median first tree: ours ${result.ours.firstTreeMs} ms, peer ${result.peer.firstTreeMs} ms, ratio ${result.ratio.firstTree}; peer reading its token from SecretStorage ${result.secretsPeer.firstTreeMs} ms, ratio ${result.ratio.firstTreeVsSecretsPeer}`,
    );
    ok = true;
    return result;
  } finally {
    await host.close(ok);
  }
}

if (isMain(import.meta.url)) {
  const n = numberArg('--runs');
  await run({ ...(n === undefined ? {} : { runs: n }), viewFirst: process.argv.includes('--view-first') });
  process.exit(0);
}
