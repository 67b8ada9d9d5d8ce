// BM25 vs MiniSearch on the shared datasets: Recall@2/@5 and queries per second, same
// tokenisation for both (our word tokenizer, lower-cased, NLTK English stop words removed),
// passage = title + " " + text. MiniSearch runs twice: with its defaults (BM25+, k 1.2, b 0.7,
// d 0.5) and with parameters equal to ours (k 1.2, b 0.75, d 0 = plain BM25); no prefix or
// fuzzy matching, OR-combined terms.
import MiniSearch from 'minisearch';
import { createBm25Index } from '../src/embedded/bm25-index.js';
import { ENGLISH_STOP_WORDS } from '../src/text/stop-words.js';
import { tokenize } from '../src/text/tokenize.js';
import { DATASETS, loadDataset, recallAtK } from './datasets.js';

interface Engine {
  name: string;
  search(q: string): string[];
}

function qps(engine: Engine, queries: string[], minMs = 1500): number {
  for (const q of queries) engine.search(q); // warm-up
  let n = 0;
  const t0 = performance.now();
  let elapsed = 0;
  while (elapsed < minMs) {
    for (const q of queries) engine.search(q);
    n += queries.length;
    elapsed = performance.now() - t0;
  }
  return (n / elapsed) * 1000;
}

export function runBm25Bench(): void {
  console.log('## BM25 (@rag/core) vs MiniSearch 7.2.0\n');
  console.log('| dataset | engine | Recall@2 | Recall@5 | queries/s | QPS ratio (ours / this) |');
  console.log('|---|---|---|---|---|---|');
  for (const name of DATASETS) {
    const ds = loadDataset(name);
    const docs = ds.passages.map((p) => ({ id: p.id, text: `${p.title} ${p.text}` }));
    const queries = ds.questions.map((q) => q.question);

    const bm25 = createBm25Index();
    bm25.addSync(docs);
    const ours: Engine = { name: '@rag/core createBm25Index', search: (q) => bm25.searchSync(q, 10).map((h) => h.id) };

    const mini = (label: string, bm25Params: { k: number; b: number; d: number }): Engine => {
      const ms = new MiniSearch<{ id: string; text: string }>({
        fields: ['text'],
        tokenize: (text) => tokenize(text),
        processTerm: (term) => (ENGLISH_STOP_WORDS.has(term) ? null : term.toLowerCase()),
        searchOptions: { bm25: bm25Params, prefix: false, fuzzy: false, combineWith: 'OR' },
      });
      ms.addAll(docs);
      return { name: label, search: (q) => ms.search(q).slice(0, 10).map((r) => String(r.id)) };
    };
    const engines = [
      ours,
      mini('MiniSearch defaults (BM25+ k1.2 b0.7 d0.5)', { k: 1.2, b: 0.7, d: 0.5 }),
      mini('MiniSearch as BM25 (k1.2 b0.75 d0)', { k: 1.2, b: 0.75, d: 0 }),
    ];
    const ourQps = qps(ours, queries);
    for (const e of engines) {
      const ranked = queries.map((q) => e.search(q));
      const r2 = recallAtK(ranked, ds.questions, 2);
      const r5 = recallAtK(ranked, ds.questions, 5);
      const rate = e === ours ? ourQps : qps(e, queries);
      const ratio = e === ours ? '—' : `${(ourQps / rate).toFixed(1)}×`;
      console.log(`| ${name} | ${e.name} | ${r2.toFixed(1)} | ${r5.toFixed(1)} | ${rate.toFixed(0)} | ${ratio} |`);
    }
  }
  console.log('');
}
