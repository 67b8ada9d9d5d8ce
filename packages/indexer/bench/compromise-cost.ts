// Why the heuristic extractor reads compromise's lexicon instead of running its tagger:
// per-passage cost of the full tagger (named peer) vs our whole heuristic extractor, on the
// first 300 passages of hotpotqa-train100. Run from the repository root:
//   node --conditions=@rag/source --import tsx packages/indexer/bench/compromise-cost.ts
import { resolve } from 'node:path';
import { loadavg } from 'node:os';
import nlp from 'compromise';
import { sentenceSpans } from '@rag/core';
import { chunkDocument, createHeuristicTripleExtractor, loadPath } from '../src/index.js';

const ROOT = process.env.RAG_DATASETS ?? resolve(import.meta.dirname, '../../../../shared/datasets');
const { docs } = await loadPath(resolve(ROOT, 'hotpotqa-train100/corpus.jsonl'));
const sample = docs.slice(0, 300);

function tagger(text: string): number {
  const d = nlp(text);
  return d.people().length + d.places().length + d.organizations().length + d.nouns().length;
}

const extractor = createHeuristicTripleExtractor();
const chunks = sample.map((d) => ({ title: d.title, chunk: chunkDocument({ id: d.id, text: d.text, metadata: d.metadata ?? {} }, { segment: sentenceSpans })[0]! }));

// warm-up both, then time
for (const d of sample.slice(0, 30)) tagger(d.text);
for (const c of chunks.slice(0, 30)) await extractor.extract({ chunk: c.chunk, ...(c.title ? { docTitle: c.title } : {}) });

let t0 = performance.now();
for (const d of sample) tagger(d.text);
const taggerMs = (performance.now() - t0) / sample.length;
t0 = performance.now();
for (const c of chunks) await extractor.extract({ chunk: c.chunk, ...(c.title ? { docTitle: c.title } : {}) });
const oursMs = (performance.now() - t0) / chunks.length;

console.log(`load average ${loadavg().map((x) => x.toFixed(1)).join(' ')}; ${sample.length} passages`);
console.log(`compromise tagger (people/places/organizations/nouns): ${taggerMs.toFixed(2)} ms/passage`);
console.log(`heuristic extractor (lexicon + patterns + co-occurrence): ${oursMs.toFixed(2)} ms/passage`);
console.log(`ratio tagger / ours: ${(taggerMs / oursMs).toFixed(1)}×`);
