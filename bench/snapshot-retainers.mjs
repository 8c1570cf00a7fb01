// Who holds what in a heap snapshot (bench/profile.mjs snapshots writes them): objects summed by kind, and for one
// kind the chains of first retainers its objects hang from, counted. How the tree nodes VS Code kept for earlier rows,
// and the disposable stores it never lets go, were found (docs/performance.md). Not part of `npm run bench`.
// usage: node --max-old-space-size=8000 bench/snapshot-retainers.mjs <file.heapsnapshot> ["object Set"] [depth]
//   without a kind: the 40 largest kinds by self size; plain objects are named by their first properties
import fs from 'node:fs';

const [file, kind, depthArg] = process.argv.slice(2);
if (!file) throw new Error('usage: node bench/snapshot-retainers.mjs <file.heapsnapshot> [kind] [depth]');
const snap = JSON.parse(fs.readFileSync(file, 'utf8'));
const meta = snap.snapshot.meta;
const NF = meta.node_fields.length;
const EF = meta.edge_fields.length;
const [nodeTypes] = meta.node_types;
const [edgeTypes] = meta.edge_types;
const f = name => meta.node_fields.indexOf(name);
const [iType, iName, iSize, iEdges] = ['type', 'name', 'self_size', 'edge_count'].map(f);
const [eType, eName, eTo] = ['type', 'name_or_index', 'to_node'].map(n => meta.edge_fields.indexOf(n));
const { nodes, edges, strings } = snap;
const count = nodes.length / NF;
const firstEdge = new Uint32Array(count + 1);
for (let i = 0, e = 0; i < count; i++) {
  firstEdge[i] = e;
  e += nodes[i * NF + iEdges] * EF;
}
firstEdge[count] = edges.length;
const type = i => nodeTypes[nodes[i * NF + iType]];
const name = i => strings[nodes[i * NF + iName]];
const edgeName = e => {
  const t = edgeTypes[edges[e + eType]];
  // Elements, and a table's slots (internal edges named by their index), counted as one.
  return t === 'element' || t === 'hidden' || /^\d+$/.test(strings[edges[e + eName]]) ? '#' : strings[edges[e + eName]];
};
const properties = i => {
  const out = [];
  for (let e = firstEdge[i]; e < firstEdge[i + 1]; e += EF)
    if (edgeTypes[edges[e + eType]] === 'property') out.push(strings[edges[e + eName]]);
  return out;
};
const kindOf = i =>
  type(i) === 'object' && name(i) === 'Object'
    ? `Object{${properties(i).slice(0, 8).join(',')}}`
    : `${type(i)} ${name(i)}`;

if (!kind) {
  const sizes = new Map();
  for (let i = 0; i < count; i++) {
    const k = kindOf(i);
    const [size, n] = sizes.get(k) ?? [0, 0];
    sizes.set(k, [size + nodes[i * NF + iSize], n + 1]);
  }
  for (const [k, [size, n]] of [...sizes].sort((a, b) => b[1][0] - a[1][0]).slice(0, 40))
    console.log(`${(size / 2 ** 20).toFixed(2).padStart(7)} MB ${String(n).padStart(8)}  ${k.slice(0, 100)}`);
} else {
  // The first strong retainer of each object, then of that one, `depth` times.
  const retainer = new Int32Array(count).fill(-1);
  const via = new Array(count);
  for (let i = 0; i < count; i++)
    for (let e = firstEdge[i]; e < firstEdge[i + 1]; e += EF) {
      if (edgeTypes[edges[e + eType]] === 'weak') continue;
      const to = edges[e + eTo] / NF;
      if (retainer[to] === -1) {
        retainer[to] = i;
        via[to] = edgeName(e);
      }
    }
  const depth = Number(depthArg ?? 4);
  const chains = new Map();
  for (let i = 0; i < count; i++) {
    if (kindOf(i) !== kind) continue;
    const chain = [];
    for (let cur = i, d = 0; d < depth && retainer[cur] !== -1; d++, cur = retainer[cur])
      chain.push(`${via[cur]} of ${type(retainer[cur])} ${name(retainer[cur]).slice(0, 30)}`);
    const key = chain.join(' ← ');
    chains.set(key, (chains.get(key) ?? 0) + 1);
  }
  for (const [chain, n] of [...chains].sort((a, b) => b[1] - a[1]).slice(0, 15))
    console.log(`${String(n).padStart(8)}  ${chain}`);
}
