#!/usr/bin/env node
// Where a V8 heap snapshot's bytes live, grouped by the field that owns them.
//
//   node --max-old-space-size=12000 tooling/scripts/heap-owners.mjs FILE.heapsnapshot [TOP=50]
//
// Walks the snapshot breadth-first from the GC roots. A node takes the label of the first named
// owner on its shortest path: a property or closure-context variable of a class instance or a
// closure (`IdIndex.map`, `Multigraph.edgeValues`, `ctx.spaces` for a variable `spaces`), while
// plain records, arrays, maps, sets, typed arrays, their buffers and strings inherit their
// parent's label. Prints self size per label, largest first (weak edges are not followed).
// Take snapshots with `packages/cli/bench/build-profile.ts --heap-snapshot FILE`.
import { readFileSync } from 'node:fs';

const [file, topArg] = process.argv.slice(2);
if (!file) {
  console.error('usage: heap-owners.mjs FILE.heapsnapshot [TOP]');
  process.exit(2);
}
const snap = JSON.parse(readFileSync(file, 'utf8'));
const meta = snap.snapshot.meta;
const NF = meta.node_fields.length;
const EF = meta.edge_fields.length;
const nodeTypes = meta.node_types[0];
const edgeTypes = meta.edge_types[0];
const [iType, iName, iSize, iEdges] = ['type', 'name', 'self_size', 'edge_count'].map((f) => meta.node_fields.indexOf(f));
const [eType, eName, eTo] = ['type', 'name_or_index', 'to_node'].map((f) => meta.edge_fields.indexOf(f));
const { nodes, edges, strings } = snap;
const n = nodes.length / NF;

const firstEdge = new Int32Array(n + 1);
for (let i = 0, e = 0; i < n; i++) {
  firstEdge[i] = e;
  e += nodes[i * NF + iEdges] * EF;
}
firstEdge[n] = edges.length;

/** Containers and values that belong to whoever holds them. */
const INHERITS = new Set(['Object', 'Array', 'Map', 'Set', 'ArrayBuffer', 'Int8Array', 'Uint8Array', 'Int16Array', 'Uint16Array', 'Int32Array', 'Uint32Array', 'Float32Array', 'Float64Array']);
const PLAIN = new Set(['string', 'concatenated string', 'sliced string', 'array', 'native', 'number']);
const label = new Array(n);
const seen = new Uint8Array(n);
const queue = new Int32Array(n);
let head = 0;
let tail = 0;
queue[tail++] = 0;
seen[0] = 1;
label[0] = '(root)';
while (head < tail) {
  const i = queue[head++];
  const type = nodeTypes[nodes[i * NF + iType]];
  const name = strings[nodes[i * NF + iName]];
  const inherits = PLAIN.has(type) || (type === 'object' && INHERITS.has(name));
  for (let e = firstEdge[i]; e < firstEdge[i + 1]; e += EF) {
    const et = edgeTypes[edges[e + eType]];
    if (et === 'weak') continue;
    const to = edges[e + eTo] / NF;
    if (seen[to]) continue;
    seen[to] = 1;
    queue[tail++] = to;
    const edgeName = et === 'element' || et === 'hidden' ? '' : String(strings[edges[e + eName]]);
    const owner = type === 'object' && name === 'system / Context' ? 'ctx' : name.slice(0, 30);
    label[to] = (inherits || !edgeName) && label[i] !== '(root)' ? label[i] : `${owner}.${edgeName.slice(0, 30)}`;
  }
}

const bytes = new Map();
let total = 0;
for (let i = 0; i < n; i++) {
  const size = nodes[i * NF + iSize];
  total += size;
  const key = seen[i] ? label[i] : '(unreached)';
  const entry = bytes.get(key) ?? { size: 0, count: 0 };
  entry.size += size;
  entry.count += 1;
  bytes.set(key, entry);
}
console.log(`${file}: ${(total / 1e6).toFixed(1)} MB self size in ${n} heap objects`);
for (const [key, { size, count }] of [...bytes].sort((a, b) => b[1].size - a[1].size).slice(0, Number(topArg ?? 50)))
  console.log(`${(size / 1e6).toFixed(1).padStart(8)} MB ${String(count).padStart(9)}  ${key}`);
