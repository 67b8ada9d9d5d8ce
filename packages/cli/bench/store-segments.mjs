// The live segments of a store, summed from its current manifest (bases and deltas per component):
//   node packages/cli/bench/store-segments.mjs DIR
import { readFileSync } from 'node:fs';
const dir = process.argv[2];
const gen = readFileSync(`${dir}/CURRENT`, 'utf8').trim();
const m = JSON.parse(readFileSync(`${dir}/${gen}/manifest.json`, 'utf8'));
const f = m.files;
const groups = { state: [f.state, ...f.stateDeltas], graph: [f.graph, ...f.graphDeltas], keyword: [...(f.keyword ? [f.keyword] : []), ...f.keywordDeltas], ...Object.fromEntries(Object.entries(f.vectors).map(([k, v]) => [k, [v, ...v.deltas]])) };
let total = 0, deltas = 0;
const parts = [];
for (const [k, refs] of Object.entries(groups)) { const b = refs.reduce((n, r) => n + r.bytes, 0); total += b; deltas += refs.length - 1; parts.push(`${k.replace(/^idx\//, '')} ${(b / 1e6).toFixed(0)} MB (${refs.length - 1} deltas)`); }
console.log(`${gen}: ${m.docs} docs, ${m.chunks} chunks, ${m.nodes} nodes, ${m.edges} edges; live segments ${(total / 1e6).toFixed(1)} MB = ${(total / m.docs / 1e3).toFixed(2)} KB/passage, ${deltas} delta segments; ${parts.join(', ')}`);
