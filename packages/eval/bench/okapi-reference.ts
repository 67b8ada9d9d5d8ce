// Harness calibration: an independent, deliberately plain Okapi BM25 over whole passages
// (title + text), written here from the shared datasets' README recipe (k1 1.2, b 0.75,
// lower-cased word tokens, NLTK English stop words, Lucene idf) and sharing no code with
// @rag/core or @rag/retrievers. Its rankings go through the harness's own Recall@K code, so
// comparing its numbers with `rag-eval --methods bm25` tells a harness problem (both off)
// from a retriever problem (only bm25 off).
//
//   node --conditions=@rag/source --import tsx packages/eval/bench/okapi-reference.ts ../shared/datasets/hotpotqa-train100
import { loadDataset } from '../src/datasets/load-dataset.js';
import { rankDocuments, recallAtK } from '../src/metrics/recall-at-k.js';

// NLTK English stop words (179), as named by the datasets' README.
const STOP = new Set(
  `i me my myself we our ours ourselves you you're you've you'll you'd your yours yourself yourselves he him his himself she she's her hers herself it it's its itself they them their theirs themselves what which who whom this that that'll these those am is are was were be been being have has had having do does did doing a an the and but if or because as until while of at by for with about against between into through during before after above below to from up down in out on off over under again further then once here there when where why how all any both each few more most other some such no nor not only own same so than too very s t can will just don don't should should've now d ll m o re ve y ain aren aren't couldn couldn't didn didn't doesn doesn't hadn hadn't hasn hasn't haven haven't isn isn't ma mightn mightn't mustn mustn't needn needn't shan shan't shouldn shouldn't wasn wasn't weren weren't won won't wouldn wouldn't`.split(
    /\s+/,
  ),
);
const tokens = (s: string) => (s.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).filter((t) => !STOP.has(t));

const dir = process.argv[2];
if (!dir) throw new Error('usage: okapi-reference.ts <dataset dir>');
const ds = await loadDataset(dir);
const docs = ds.corpus.map((d) => {
  const toks = tokens(`${d.title ?? ''} ${d.text}`);
  const tf = new Map<string, number>();
  for (const t of toks) tf.set(t, (tf.get(t) ?? 0) + 1);
  return { id: d.id, len: toks.length, tf };
});
const N = docs.length;
const avgdl = docs.reduce((s, d) => s + d.len, 0) / N;
const df = new Map<string, number>();
for (const d of docs) for (const t of d.tf.keys()) df.set(t, (df.get(t) ?? 0) + 1);
const idf = (t: string) => Math.log(1 + (N - (df.get(t) ?? 0) + 0.5) / ((df.get(t) ?? 0) + 0.5));

const ks = [2, 5];
const sums = ks.map(() => 0);
for (const q of ds.questions) {
  const qt = tokens(q.question);
  const ranked = docs
    .map((d, i) => {
      let s = 0;
      for (const t of qt) {
        const f = d.tf.get(t) ?? 0;
        if (f > 0) s += (idf(t) * f * 2.2) / (f + 1.2 * (0.25 + (0.75 * d.len) / avgdl));
      }
      return { docId: d.id, s, i };
    })
    .sort((a, b) => b.s - a.s || a.i - b.i);
  const ids = rankDocuments(ranked);
  ks.forEach((k, j) => (sums[j]! += recallAtK(ids, q.supportingIds, k) ?? 0));
}
console.log(`${ds.name}: reference Okapi BM25 ${ks.map((k, j) => `Recall@${k} ${((sums[j]! / ds.questions.length) * 100).toFixed(1)}`).join(' / ')}`);
