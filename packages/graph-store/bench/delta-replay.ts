// Cost of replaying a graph delta at open: decode (+ schema validation) and applyGraphDeltas
// onto a stored graph's columns, for synthetic deltas that change 1 %, 5 % and 25 % of its nodes
// and edges (existing records with a changed description / confidence). First run of each size
// in a fresh process (what a cold open pays).
//
//   node --conditions=@rag/source --import tsx packages/graph-store/bench/delta-replay.ts <index dir>/seg/graph-….bin
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { decodeGraphColumns, edgeAt, nodeAt } from '../src/graph-codec.js';
import { applyGraphDeltas, decodeGraphDelta, encodeGraphDelta } from '../src/graph-delta.js';

const file = process.argv[2];
if (!file) throw new Error('usage: delta-replay.ts <graph segment file>');
const cols = decodeGraphColumns(readFileSync(file), file);
const m = cols.sources.length;
const n = cols.nodeIds.length;
console.log(`delta replay on ${n} nodes, ${m} edges; load ${loadavg().map((x) => x.toFixed(1)).join(' ')}`);
for (const frac of [0.01, 0.05, 0.25]) {
  const ke = Math.floor(m * frac);
  const kn = Math.floor(n * frac);
  const edges = Array.from({ length: ke }, (_, i) => ({ ...edgeAt(cols, Math.floor((i * m) / ke)), confidence: 0.5 }));
  const nodes = Array.from({ length: kn }, (_, i) => ({ ...nodeAt(cols, Math.floor((i * n) / kn)), description: 'changed' }));
  const bytes = encodeGraphDelta({ nodes, edges, removedNodes: [], removedEdges: [], mergeLog: { from: cols.mergeLogLength, entries: [] }, editLog: { from: cols.editLogLength, entries: [] } });
  let t = performance.now();
  const delta = decodeGraphDelta(bytes, 'delta');
  const decodeMs = performance.now() - t;
  t = performance.now();
  const out = applyGraphDeltas(cols, [delta], 'replay');
  const applyMs = performance.now() - t;
  const probe = Math.floor(((kn >> 1) * n) / kn); // one of the changed nodes (ids keep their order)
  if (out.sources.length !== m || out.nodeIds.length !== n || out.descriptions.at(probe) !== 'changed') throw new Error('replay lost records');
  console.log(`${frac * 100} % (${ke + kn} records, ${(bytes.length / 1e6).toFixed(2)} MB): decode ${decodeMs.toFixed(0)} ms, apply ${applyMs.toFixed(0)} ms`);
}
