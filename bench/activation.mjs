// Bench: activation in a real VS Code (code-server), against the sandbox's demo world. Time from the call to
// activate() to the first Repository Tasks tree holding the demo tasks, median of several windows, in two cases:
// - fresh: a workspace whose storage holds nothing of ours (repository detected from the git remote, token read from
//   SecretStorage, lists fetched, nodes built);
// - stored: the same workspace opened again (a reload), whose storage holds the last lists it saw: the rows drawn
//   before any list is read. The probe checks that no list of tasks had been received when they were drawn.
// The peers, measured in the same run and windows taking turns: a minimal extension whose activate() registers one
// tree view that does one GET of the same list and shows one plain item per task (the floor any such extension pays);
// the same reading its token from SecretStorage, as an extension that keeps its token where it belongs must; and the
// fair peer: that code under exactly our contributions, generated from our package.json (writeFairPeer), so that the
// window's cost of what we contribute is in both. Every window but the stored ones opens a workspace of its own, so
// none starts from a layout another window left (which view was open).
// usage: npm run build && node bench/activation.mjs [--runs N] [--view-first]
//   --view-first: each view is opened first, as in a window restored with it open (bench/host-probe.cjs)
import os from 'node:os';
import path from 'node:path';
import {
  startHost,
  writePeerExtension,
  writeFairPeer,
  median,
  round,
  sandboxLib,
  EXTENSION_ID,
} from './vscode-host.mjs';
import { isMain, numberArg, saveResult } from './report.mjs';

export async function run({ runs = 5, viewFirst = false } = {}) {
  const host = await startHost({ world: sandboxLib().demoWorld(), kind: 'bench-act' });
  let ok = false;
  try {
    const peerDir = writePeerExtension(path.join(host.runDir, 'peer-tree'), 'tree');
    const secretsPeerDir = writePeerExtension(path.join(host.runDir, 'peer-tree-secrets'), 'tree-secrets');
    const fairPeerDir = writeFairPeer(path.join(host.runDir, 'peer-fair'));
    const peers = {
      peer: { extensionPath: peerDir, params: { id: 'bench.bench-tree-peer', viewFirst } },
      secretsPeer: { extensionPath: secretsPeerDir, params: { id: 'bench.bench-tree-secrets-peer', viewFirst } },
      fairPeer: {
        extensionPath: fairPeerDir,
        params: { id: 'bench.bench-fair-peer', view: 'agentTasks.repoTasks', viewFirst },
      },
    };
    // A first window stores the token, as a user would have done once; later windows find it in SecretStorage.
    await host.session('setup');
    await host.session('activation', peers.secretsPeer);
    await host.session('activation', peers.fairPeer);
    // The workspace reopened by the stored windows: a first window of ours reads its lists and keeps them there.
    const kept = host.otherFolder('rocket-kept');
    await host.session('activation', { folder: kept, params: { id: EXTENSION_ID, viewFirst, keepSeconds: 2 } });
    const samples = { ours: [], stored: [], peer: [], secretsPeer: [], fairPeer: [] };
    const skipped = [];
    // Each round's ratios of windows of the same round: the noise bench/run.mjs reads figures against.
    const rounds = { peer: [], secretsPeer: [], fairPeer: [], fairPeerVsOneView: [], storedVsSecretsPeer: [] };
    let fresh = 0;
    for (let i = 0; i < runs; i++) {
      const order = ['ours', 'stored', 'peer', 'secretsPeer', 'fairPeer'];
      for (let k = 0; k < i % order.length; k++) order.push(order.shift());
      const round = {};
      for (const who of order) {
        const folder = who === 'stored' ? kept : host.otherFolder(`rocket-${++fresh}`);
        const r =
          who === 'ours' || who === 'stored'
            ? await host.session('activation', {
                folder,
                params: { id: EXTENSION_ID, viewFirst, ...(who === 'stored' ? { keepSeconds: 2 } : {}) },
              })
            : await host.session('activation', { ...peers[who], folder });
        // A stored window whose rows were not the stored ones, or a fresh one whose were: not the case it times.
        const wrongCase = r.fromLast !== undefined && r.fromLast !== (who === 'stored');
        // Activated by VS Code before the probe could time it: the figure would miss the activation itself.
        if (r.wasActive) skipped.push(who);
        else if (wrongCase) skipped.push(`${who} (rows ${r.fromLast ? 'from storage' : 'read afresh'})`);
        else {
          samples[who].push(r);
          round[who] = r.firstTreeMs;
        }
        console.log(
          `[activation] ${who} run ${i + 1}: first tree after ${r.firstTreeMs} ms (activate() returned after ${r.activateMs} ms)${r.fromLast ? ', the last rows seen' : ''}${r.kept === false ? '' : r.kept ? ', lists kept' : ''}${r.firstAsked ? ` (first asked at ${r.firstAsked.ms} ms, handed ${r.firstAsked.tasks} tasks)` : ''}${r.wasActive ? ' — already active, not counted' : wrongCase ? ' — not the case timed, not counted' : ''}`,
        );
      }
      const ratio = (a, b) => {
        if (round[a] && round[b]) return Number((round[a] / round[b]).toFixed(3));
      };
      const add = (k, x) => x !== undefined && rounds[k].push(x);
      for (const peer of ['peer', 'secretsPeer', 'fairPeer']) add(peer, ratio('ours', peer));
      add('fairPeerVsOneView', ratio('fairPeer', 'secretsPeer'));
      add('storedVsSecretsPeer', ratio('stored', 'secretsPeer'));
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
      stored: {
        what: 'ours in a workspace reopened: its rows drawn from the last lists it saw, before any list was read',
        ...sum(samples.stored),
      },
      fairPeer: {
        what: 'the SecretStorage peer under exactly our contributions (generated from our package.json)',
        ...sum(samples.fairPeer),
      },
      skippedAlreadyActive: skipped,
      roundRatios: rounds,
    };
    result.ratio = {
      firstTree: round(result.ours.firstTreeMs / result.peer.firstTreeMs, 2),
      firstTreeVsSecretsPeer: round(result.ours.firstTreeMs / result.secretsPeer.firstTreeMs, 2),
      firstTreeVsFairPeer: round(result.ours.firstTreeMs / result.fairPeer.firstTreeMs, 2),
      fairPeerVsOneView: round(result.fairPeer.firstTreeMs / result.secretsPeer.firstTreeMs, 2),
      storedVsSecretsPeer: round(result.stored.firstTreeMs / result.secretsPeer.firstTreeMs, 2),
    };
    saveResult('activation', result);
    console.log(
      `[activation] median first tree: ours ${result.ours.firstTreeMs} ms, peer ${result.peer.firstTreeMs} ms, ratio ${result.ratio.firstTree}; peer reading its token from SecretStorage ${result.secretsPeer.firstTreeMs} ms, ratio ${result.ratio.firstTreeVsSecretsPeer}`,
    );
    console.log(
      `[activation] fair peer (our contributions) ${result.fairPeer.firstTreeMs} ms: ours fresh ${result.ratio.firstTreeVsFairPeer}× it, it ${result.ratio.fairPeerVsOneView}× the one-view peer; ours from the stored lists ${result.stored.firstTreeMs} ms, ${result.ratio.storedVsSecretsPeer}× the SecretStorage peer`,
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
