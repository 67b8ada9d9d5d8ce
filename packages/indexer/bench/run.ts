// Embedded-mode indexing benchmark over the shared datasets: passages/s (wall and CPU), peak
// RSS, entities and relations, time per stage. Peer in the same run: a text-only build
// (keyword + vectors, no graph), so the ratio shows what the graph side costs; and the opt-in
// typed extractor's full build beside the default (heuristic) one.
// Run: pnpm --filter @rag/indexer bench   (from /work/main)
import { resolve } from 'node:path';
import { cpus, loadavg } from 'node:os';
import { createIndexer, createTypedTripleExtractor, loadPath } from '../src/index.js';

const DATASETS = ['hotpotqa-train100', 'musique-train100'];
const ROOT = process.env.RAG_DATASETS ?? resolve(import.meta.dirname, '../../../../shared/datasets');

let peakRss = 0;
const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 20);

async function run(name: string, graph: boolean, typed = false) {
  const { docs, problems } = await loadPath(`${ROOT}/${name}/corpus.jsonl`);
  if (problems.length) throw new Error(`${name}: ${JSON.stringify(problems)}`);
  const idx = createIndexer(graph ? (typed ? { extractor: createTypedTripleExtractor() } : {}) : { extractor: false, gearHeads: 0, communities: false });
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  const report = await idx.ingest(docs);
  const wall = (performance.now() - t0) / 1000;
  const cpu = process.cpuUsage(cpu0);
  const cpuS = (cpu.user + cpu.system) / 1e6;
  const m = idx.manifest();
  return {
    dataset: name,
    mode: graph ? `full (graph + GEAR views + communities), ${typed ? 'typed@1 (default)' : 'heuristic@1'} extractor` : 'text-only peer (keyword + vectors)',
    passages: docs.length,
    wallS: +wall.toFixed(2),
    passagesPerSecWall: +(docs.length / wall).toFixed(1),
    passagesPerSecCpu: +(docs.length / cpuS).toFixed(1),
    chunks: m.chunks,
    sentences: m.sentences,
    entitiesExtracted: report.entities,
    relationsExtracted: report.relations,
    nodes: m.nodes,
    edges: m.edges,
    merges: report.merges,
    communities: idx.communities().length,
    stageMs: Object.fromEntries(Object.entries(report.stageMs).map(([k, v]) => [k, Math.round(v)])),
  };
}

const results = [];
for (const name of DATASETS) {
  // warm-up so module loading and JIT are not billed to the first dataset
  if (results.length === 0) await run(name, false);
  const peer = await run(name, false);
  const full = await run(name, true);
  const typed = await run(name, true, true);
  results.push(peer, full, typed);
  console.log(`${name}: full build ${full.passagesPerSecWall} passages/s wall (${full.passagesPerSecCpu}/s CPU); text-only peer ${peer.passagesPerSecWall}/s; full/peer time ratio ${(full.wallS / peer.wallS).toFixed(2)}x; typed extractor ${typed.passagesPerSecWall}/s wall (${typed.passagesPerSecCpu}/s CPU), typed/heuristic time ratio ${(typed.wallS / full.wallS).toFixed(2)}x`);
}
clearInterval(sampler);
console.log(
  JSON.stringify(
    { node: process.version, cpus: cpus().length, loadavg1m: +loadavg()[0]!.toFixed(2), peakRssMB: Math.round(peakRss / 1e6), results },
    null,
    2,
  ),
);
