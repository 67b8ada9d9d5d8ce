// Retrieval quality of the hashing embedder (dense, exact search) next to BM25 on the shared
// datasets, and its throughput. Peer for quality: BM25 in the same run.
import { createBm25Index } from '../src/embedded/bm25-index.js';
import { createHashingEmbedder, type HashingEmbedder } from '../src/embedded/hashing-embedder.js';
import { createMemoryVectorStore } from '../src/embedded/memory-vector-store.js';
import { DATASETS, loadDataset, recallAtK } from './datasets.js';

export function runEmbedderBench(): void {
  console.log('## Hashing embedder (dense, exact cosine) vs BM25, passage = title + text\n');
  console.log('| dataset | method | Recall@2 | Recall@5 | passages embedded/s |');
  console.log('|---|---|---|---|---|');
  for (const name of DATASETS) {
    const ds = loadDataset(name);
    const texts = ds.passages.map((p) => `${p.title} ${p.text}`);
    const bm25 = createBm25Index();
    bm25.addSync(ds.passages.map((p, i) => ({ id: p.id, text: texts[i]! })));
    const bmRanked = ds.questions.map((q) => bm25.searchSync(q.question, 5).map((h) => h.id));
    console.log(`| ${name} | BM25 | ${recallAtK(bmRanked, ds.questions, 2).toFixed(1)} | ${recallAtK(bmRanked, ds.questions, 5).toFixed(1)} | — |`);
    const variants: [string, HashingEmbedder][] = [
      ['hashing d=512 (not fitted)', createHashingEmbedder()],
      ['hashing d=512 fitted (IDF)', createHashingEmbedder().fit(texts)],
      ['hashing d=2048 fitted (IDF)', createHashingEmbedder({ dimensions: 2048 }).fit(texts)],
    ];
    for (const [label, e] of variants) {
      const t0 = performance.now();
      const vecs = e.embedSync(texts);
      const rate = (texts.length / (performance.now() - t0)) * 1000;
      const store = createMemoryVectorStore();
      store.upsertSync('p', ds.passages.map((p, i) => ({ id: p.id, vector: vecs[i]! })));
      const ranked = e.embedSync(ds.questions.map((q) => q.question)).map((v) => store.searchSync('p', v, 5).map((h) => h.id));
      console.log(`| ${name} | ${label} | ${recallAtK(ranked, ds.questions, 2).toFixed(1)} | ${recallAtK(ranked, ds.questions, 5).toFixed(1)} | ${rate.toFixed(0)} |`);
    }
  }
  console.log('');
}
