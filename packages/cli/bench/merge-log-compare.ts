// Two stores built from the same passages by two checkouts (e.g. main before and after a change
// to the merge log): whether their graphs hold identical nodes and edges, and the size of each
// one's merge log as JSON and of its graph segment file, with the ratio.
//
//   node --conditions=@rag/source --import tsx packages/cli/bench/build-profile.ts --size 20000 --dir /tmp/mlog-new   (and the same in the other checkout, --dir /tmp/mlog-old)
//   node --max-old-space-size=8000 --conditions=@rag/source --import tsx packages/cli/bench/merge-log-compare.ts /tmp/mlog-old /tmp/mlog-new
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { openIndex } from '@rag/indexer';

const [first, second] = process.argv.slice(2);
if (!first || !second) throw new Error('usage: merge-log-compare.ts STORE_A STORE_B');
const graphBytes = (dir: string) => {
  const gen = readFileSync(join(dir, 'CURRENT'), 'utf8').trim();
  return (JSON.parse(readFileSync(join(dir, gen, 'manifest.json'), 'utf8')) as { files: { graph: { bytes: number } } }).files.graph.bytes;
};
const [a, b] = [(await openIndex(first)).graph.toJSON(), (await openIndex(second)).graph.toJSON()];
const same = JSON.stringify(a.nodes) === JSON.stringify(b.nodes) && JSON.stringify(a.edges) === JSON.stringify(b.edges);
const [la, lb] = [JSON.stringify(a.mergeLog).length, JSON.stringify(b.mergeLog).length];
const [ga, gb] = [graphBytes(first), graphBytes(second)];
const mb = (x: number) => (x / 1e6).toFixed(2);
console.log(`${a.nodes.length} / ${b.nodes.length} nodes, ${a.edges.length} / ${b.edges.length} edges, identical nodes and edges: ${same}`);
console.log(`merge log: ${a.mergeLog.length} / ${b.mergeLog.length} entries, ${mb(la)} → ${mb(lb)} MB of JSON (${(lb / la).toFixed(2)}×)`);
console.log(`graph segment: ${mb(ga)} → ${mb(gb)} MB (${(gb / ga).toFixed(2)}×)`);
