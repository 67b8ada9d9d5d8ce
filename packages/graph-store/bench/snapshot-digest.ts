// Prints the sha256 of a deterministic store's JSON snapshot (20k nodes, 100k edges with several
// spans, attributes, descriptions, non-ASCII names, then merges, an undo, chunk removal, entity
// and relation edits and a split). Run it on two commits to check that a change to the store
// left snapshots byte for byte as they were.
// Run: node --conditions=@rag/source --import tsx packages/graph-store/bench/snapshot-digest.ts
import { createHash } from 'node:crypto';
import { createGraphStore, mulberry32, relationId } from '../src/index.js';
const rng = mulberry32(5);
const s = createGraphStore({ now: () => new Date(0) });
const N = 20000;
for (let i = 0; i < N; i++) s.addEntity({ name: `Node ${i % 7 === 0 ? 'Ü' : ''}${i}`, type: ['Person', 'Place'][i % 2], aliases: i % 5 ? [] : [`A ${i}`], ...(i % 3 ? {} : { description: `d${i}` }), ...(i % 4 ? {} : { attributes: { k: i } }), provenance: [{ chunkId: `c${i >> 2}`, start: i, end: i + 3 }] });
const ids = [...s.nodes()].map((n) => n.id);
for (let k = 0; k < 100000; k++) {
  const a = ids[Math.floor(rng() * N)]!, b = ids[Math.floor(rng() * N)]!;
  s.addRelation({ source: a, target: b, relation: ['born in', 'Directed', 'x'][k % 3]!, confidence: Math.round(rng() * 100) / 100, provenance: [{ chunkId: `c${k % 999}`, start: k, end: k + 1 }, ...(k % 9 ? [] : [{ chunkId: 'z', start: 1, end: 2 }])], ...(k % 13 ? {} : { attributes: { n: k } }) });
}
for (let k = 0; k < 50; k++) { try { s.merge(ids[k * 3]!, ids[k * 3 + 1]!, { reason: 'r' }); } catch {} }
s.undoMerge();
s.removeChunks(['c5', 'c6', 'z']);
s.updateEntity(ids[1000]!, { name: 'Renamed' });
const e = [...s.edges()][10]!;
s.updateRelation(e.id, { relation: 'relabelled' });
s.split(ids[2000]!, { name: 'Split off', chunkIds: [`c${2000 >> 2}`] });
const json = JSON.stringify(s.toJSON());
console.log(json.length, createHash('sha256').update(json).digest('hex'), relationId('a', 'b', 'c'));
