// Reader-internal and agreement signals of an answer (Kamath, Jia & Liang 2020 use the reader's
// own scores and how stable its answer is; the issue asks for "agreement between readers or
// evidence passages"). The embedded reader is re-run on parts of the evidence the answer was read
// from — all of it, each of its top passages alone, the first two passages — and on the keyword
// (BM25) ranking for the question, and each reading is compared with the answer.
// No model: a reading is the same extractive reader the agent answers with (reader/read-evidence.ts),
// a few milliseconds each.
import { tokenize, type Evidence, type RankedChunk } from '@rag/core';
import { readEvidence, type ReaderIndex } from '../reader/read-evidence.js';
import type { ReaderPath, ScoredAlternative } from '../reader/types.js';
import { containsTokens } from './answer-features.js';

/** What the re-readings say about an answer. */
export interface ReaderSignals {
  /** The step that answered when the whole evidence is re-read (undefined: it abstained). */
  path?: ReaderPath;
  /** The re-read of the whole evidence gives the same answer. */
  agrees: boolean;
  /** (s1 − s2) / s1 of the reader's own scores: the answer's against the best candidate that is not a form of it; 0 when the answer is not among the candidates. */
  margin: number;
  /** The reader's own score of the answer (0 when it is not among the candidates). */
  score: number;
  /** The answer's share of its candidates' summed scores (a probability-like normalisation; 0 when absent). */
  share: number;
  /** The answer candidate's type or shape fit (reader's `fit`; 0 when absent). */
  fit: number;
  /** Top passages read one at a time, and how many of them alone give the same answer. */
  passagesRead: number;
  passageVotes: number;
  /** Distinct documents among the passages that alone give the same answer. */
  docVotes: number;
  /** The first two passages alone give the same answer. */
  topTwoAgrees: boolean;
  /** The reader on the keyword (BM25) ranking for the question — evidence retrieved independently of the agent's — gives the same answer. */
  keywordAgrees: boolean;
}

/** What the re-readings need of an index: the reader's view plus keyword search. */
export interface AgreementIndex extends ReaderIndex {
  keyword: { search(query: string, k: number): Promise<{ id: string; score: number }[]> };
}

/** Passages read one at a time (round value: the evidence a multi-hop answer rests on is usually within them). */
export const PASSAGES_READ = 5;
/** The agent's reader settings (strategies/extractive-answer-generator.ts defaults). */
const READER = { maxChunks: 8, maxSentences: 6, bridgeBonus: 0.25 };

/** Same answer, as the report judges it: whole-token containment either way (yes/no exactly). */
export function sameAnswer(a: string, b: string): boolean {
  const x = tokenize(a);
  const y = tokenize(b);
  if (x.length === 0 || y.length === 0) return false;
  return containsTokens(x, y) || containsTokens(y, x);
}

/**
 * The answer's own score, its margin over the best alternative that is not a form of it, its
 * share of the distinct candidates' summed scores, and its type fit.
 */
export function marginOf(answer: string, alternatives: readonly ScoredAlternative[]): { score: number; margin: number; share: number; fit: number } {
  const own = alternatives.find((c) => sameAnswer(c.text, answer));
  if (!own || !(own.score > 0)) return { score: 0, margin: 0, share: 0, fit: 0 };
  const rivals = alternatives.filter((c) => !sameAnswer(c.text, answer));
  const s2 = rivals[0] ? Math.max(0, rivals[0].score) : 0;
  const total = own.score + rivals.reduce((sum, c) => sum + Math.max(0, c.score), 0);
  return { score: own.score, margin: Math.max(0, Math.min(1, (own.score - s2) / own.score)), share: own.score / total, fit: own.fit ?? 1 };
}

export async function readerSignals(question: string, answer: string, chunks: readonly RankedChunk[], index: AgreementIndex): Promise<ReaderSignals> {
  const evidenceOf = (list: readonly RankedChunk[]): Evidence => ({ query: question, chunks: [...list], trace: [] });
  const read = async (list: readonly RankedChunk[], idx: ReaderIndex = index) =>
    list.length === 0 ? undefined : (await readEvidence(question, evidenceOf(list), undefined, { ...READER, index: idx })).answer;
  const agreesWith = (r: Awaited<ReturnType<typeof read>>) => r !== undefined && r.form !== 'sentence' && sameAnswer(r.text, answer);

  const whole = await read(chunks);
  const { score, margin, share, fit } = marginOf(answer, whole?.alternatives ?? []);
  // One passage at a time, with nothing fetched from the index: only what that passage states.
  const alone: ReaderIndex = { getChunk: (id) => index.getChunk(id), ...(index.getDoc ? { getDoc: (id: string) => index.getDoc!(id) } : {}) };
  const top = chunks.slice(0, PASSAGES_READ);
  const votes: RankedChunk[] = [];
  for (const c of top) if (agreesWith(await read([c], alone))) votes.push(c);
  const keywordRanking = (await index.keyword.search(question, READER.maxChunks)).flatMap((h) => {
    const c = index.getChunk(h.id);
    return c ? [{ chunkId: c.id, docId: c.docId, score: h.score, text: c.text }] : [];
  });
  return {
    ...(whole?.path ? { path: whole.path } : {}),
    agrees: agreesWith(whole),
    margin,
    score,
    share,
    fit,
    passagesRead: top.length,
    passageVotes: votes.length,
    docVotes: new Set(votes.map((c) => c.docId)).size,
    topTwoAgrees: agreesWith(await read(chunks.slice(0, 2))),
    keywordAgrees: agreesWith(await read(keywordRanking)),
  };
}
