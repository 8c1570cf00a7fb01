// What of our contributions the window pays for before it asks our view: the fair peer (bench/activation.mjs; the
// SecretStorage peer's code under exactly our contributions) against the same peer with one kind of contribution
// left out at a time (menus, welcome content, commands, …) and against the one-view peer, windows taking turns,
// each in a workspace of its own. Prints each peer's median first tree and its ratio to the fair peer's: a kind whose
// absence brings the fair peer down to the one-view peer is what the window reads first. Not part of `npm run bench`
// (it exports no run()).
// usage: npm run build && node bench/contributions.mjs [--runs N] [--only menus,viewsWelcome]
import path from 'node:path';
import { startHost, writePeerExtension, writeFairPeer, median, sandboxLib } from './vscode-host.mjs';
import { numberArg } from './report.mjs';

const runs = numberArg('--runs', 3);
const o = process.argv.indexOf('--only');
const host = await startHost({ world: sandboxLib().demoWorld(), kind: 'bench-contrib' });
let ok = false;
try {
  const kinds = o > 0 ? process.argv[o + 1].split(',') : undefined;
  const one = writePeerExtension(path.join(host.runDir, 'peer-one'), 'tree-secrets');
  const peers = {
    oneView: { extensionPath: one, params: { id: 'bench.bench-tree-secrets-peer' } },
    fair: {
      extensionPath: writeFairPeer(path.join(host.runDir, 'peer-fair')),
      params: { id: 'bench.bench-fair-peer', view: 'agentTasks.repoTasks' },
    },
  };
  const fs = await import('node:fs');
  const all = JSON.parse(fs.readFileSync(path.join(host.runDir, 'peer-fair', 'package.json'), 'utf8')).contributes;
  for (const kind of kinds ?? Object.keys(all).filter(k => k !== 'views' && k !== 'viewsContainers')) {
    const name = `bench-fair-peer-${kind.toLowerCase()}`;
    peers[`without ${kind}`] = {
      extensionPath: writeFairPeer(path.join(host.runDir, name), { without: [kind], name }),
      params: { id: `bench.${name}`, view: 'agentTasks.repoTasks' },
    };
  }
  await host.session('setup');
  // Each peer's first window stores its token in its SecretStorage.
  let n = 0;
  for (const p of Object.values(peers))
    await host.session('activation', { ...p, folder: host.otherFolder(`w-${++n}`) });
  const samples = Object.fromEntries(Object.keys(peers).map(k => [k, []]));
  for (let i = 0; i < runs; i++) {
    const order = Object.keys(peers);
    for (let k = 0; k < i % order.length; k++) order.push(order.shift());
    for (const who of order) {
      const r = await host.session('activation', { ...peers[who], folder: host.otherFolder(`w-${++n}`) });
      if (!r.wasActive) samples[who].push(r.firstTreeMs);
      console.log(`[contributions] ${who} run ${i + 1}: first tree after ${r.firstTreeMs} ms`);
    }
  }
  const fair = median(samples.fair);
  console.table(
    Object.entries(samples).map(([who, xs]) => ({
      peer: who,
      medianMs: median(xs),
      vsFair: Number((median(xs) / fair).toFixed(2)),
      samplesMs: xs.join(' '),
    })),
  );
  ok = true;
} finally {
  await host.close(ok);
}
process.exit(0);
