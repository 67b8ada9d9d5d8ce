// Per-commit cost of writing a graph delta: encodeGraphDelta (record JSON texts encoded in one
// UTF-8 pass, graph-delta.ts encodeJsonTexts) against the previous encoding (one TextEncoder
// call per text, as core's encodeStrings did before it encoded joined too), in the same run on the same changes, checking that both
// give the same bytes. Also the time to collect the changes (pendingChanges). The changes are a
// fresh store's N entities and 5·N relations (1 in 50 names non-ASCII), tracked from the start.
// Run: node --expose-gc --conditions=@rag/source --import tsx packages/graph-store/bench/delta-encode.ts   (env N, default 100000)
import { loadavg } from 'node:os';
import { bytesOf, encodeBinaryFile, jsonSection } from '@rag/core';
import { createGraphStore, encodeGraphDelta, GRAPH_DELTA_MAGIC, GRAPH_DELTA_VERSION, mulberry32 } from '../src/index.js';
import type { GraphChanges } from '../src/index.js';

const N = Number(process.env.N ?? 100_000);
const RUNS = 3;
const load = () => loadavg().map((x) => x.toFixed(1)).join(' ');
const gc = (globalThis as { gc?: () => void }).gc;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1]!;
const cpuNow = () => {
  const c = process.cpuUsage();
  return (c.user + c.system) / 1000;
};
const rng = mulberry32(1);
const s = createGraphStore();
s.markPersisted();
const entities = Array.from({ length: N }, (_, i) => ({ name: `Some Entity Name ${i}${i % 50 ? '' : ' Zoë'}`, type: i % 3 ? 'Person' : 'Place', provenance: [{ chunkId: `doc-${i >> 3}#c${i % 8}`, start: i % 100, end: (i % 100) + 9 }] }));
const ids = s.addBatch({ entities }).entityIds;
const relations = Array.from({ length: 5 * N }, (_, k) => ({ source: ids[Math.floor(rng() * N)]!, target: ids[Math.floor(rng() * N)]!, relation: `rel ${k % 20}`, confidence: 0.7, provenance: [{ chunkId: `doc-${k >> 4}#c1`, start: 1, end: 20 }] }));
s.addBatch({ relations });

// the previous string table: one TextEncoder call (and one buffer) per string
function encodeStrings(strings: readonly string[]): [Uint8Array, Uint8Array] {
  const parts = strings.map((x) => new TextEncoder().encode(x));
  const ends = new Uint32Array(parts.length);
  let total = 0;
  parts.forEach((p, i) => (ends[i] = total += p.byteLength));
  const blob = new Uint8Array(total);
  let at = 0;
  for (const p of parts) blob.set(p, (at += p.byteLength) - p.byteLength);
  return [blob, bytesOf(ends)];
}

// the previous encodeGraphDelta, as it was: one JSON text per record, one TextEncoder call per text
function previousEncode(c: GraphChanges): Uint8Array {
  const json = (xs: readonly unknown[]) => xs.map((x) => JSON.stringify(x));
  const header = { nodes: c.nodes.length, edges: c.edges.length, removedNodes: c.removedNodes.length, removedEdges: c.removedEdges.length, mergeFrom: c.mergeLog.from, editFrom: c.editLog.from, ...(c.schema ? { schema: c.schema } : {}) };
  return encodeBinaryFile(
    GRAPH_DELTA_MAGIC,
    GRAPH_DELTA_VERSION,
    [jsonSection(header), ...encodeStrings(c.removedNodes), ...encodeStrings(c.removedEdges), ...encodeStrings(json(c.nodes)), ...encodeStrings(json(c.edges)), ...encodeStrings(json(c.mergeLog.entries)), ...encodeStrings(json(c.editLog.entries))],
    { deflate: true },
  );
}

console.log(`${s.nodeCount} nodes, ${s.edgeCount} edges changed since markPersisted; load average ${load()}`);
const collect: number[] = [];
const now = { wall: [] as number[], cpu: [] as number[] };
const before = { wall: [] as number[], cpu: [] as number[] };
let size = 0;
for (let r = 0; r < RUNS; r++) {
  gc?.();
  let t = performance.now();
  const changes = s.pendingChanges();
  collect.push(performance.now() - t);
  gc?.();
  t = performance.now();
  let c0 = cpuNow();
  const a = encodeGraphDelta(changes);
  now.wall.push(performance.now() - t);
  now.cpu.push(cpuNow() - c0);
  gc?.();
  t = performance.now();
  c0 = cpuNow();
  const b = previousEncode(changes);
  before.wall.push(performance.now() - t);
  before.cpu.push(cpuNow() - c0);
  if (!Buffer.from(a).equals(Buffer.from(b))) throw new Error('bench: the two encodings differ');
  size = a.byteLength;
}
console.log(`pendingChanges: median ${median(collect).toFixed(0)} ms; delta ${(size / 1e6).toFixed(1)} MB, the same bytes both ways`);
console.log(`encodeGraphDelta: median ${median(now.wall).toFixed(0)} ms wall, ${median(now.cpu).toFixed(0)} ms CPU; previous encoding ${median(before.wall).toFixed(0)} ms wall, ${median(before.cpu).toFixed(0)} ms CPU; ${RUNS} runs each`);
console.log(`RATIO previous / now: ${(median(before.wall) / median(now.wall)).toFixed(2)}x wall, ${(median(before.cpu) / median(now.cpu)).toFixed(2)}x CPU; load average ${load()}`);
