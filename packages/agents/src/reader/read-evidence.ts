// The extractive reader over an evidence ranking: score the sentences of the top chunks (with the
// bridge bonus), add a missing bridge's own passages from the index, draw the candidate pool and
// read the answer (read-answer.ts). The embedded answer generator
// (strategies/extractive-answer-generator.ts) is this plus validation, citations and the trace;
// the calibrator (calibration/reader-agreement.ts) re-reads parts of the evidence with it.
import type { Evidence, QueryAnalysis } from '@rag/core';
import { bridgePassages, ownPassages, type PageIndex } from './bridge-fetch.js';
import type { NameTypeGraph } from './candidate-type.js';
import type { QuestionAnalysis } from './question.js';
import { readAnswer } from './read-answer.js';
import { scoreSentences } from './sentence-scoring.js';
import type { ReadAnswer, Sent } from './types.js';

/** What the reader uses of an index: chunks, titles, keyword search and graph node types. */
export interface ReaderIndex extends PageIndex {
  graph?: NameTypeGraph;
}

export interface ReadEvidenceOptions {
  index?: ReaderIndex;
  /** Evidence chunks read, best first. */
  maxChunks: number;
  /** Sentences candidates are drawn from. */
  maxSentences: number;
  /** Score bonus of a second-hop sentence naming a bridge (sentence-scoring.ts); 0 turns bridges off. */
  bridgeBonus: number;
  /** Strict grounding: only the best few sentences that match a third of the question. */
  strict?: boolean;
  /** Answers ruled out (rewrite instructions). */
  exclude?: string[];
  /** The corpus is reference text, not an encyclopaedia (reference-text.ts). */
  referenceText?: boolean;
}

export interface EvidenceReading {
  question: QuestionAnalysis;
  answer?: ReadAnswer;
  /** Chunks of bridge passages fetched from the index (for the trace). */
  bridgeChunks: string[];
  /** Sentences of the pool candidates were drawn from. */
  poolSize: number;
}

const STRICT_MIN_OVERLAP = 0.34;

export async function readEvidence(query: string, evidence: Evidence, analysis: QueryAnalysis | undefined, options: ReadEvidenceOptions): Promise<EvidenceReading> {
  const { maxChunks, maxSentences, bridgeBonus, index } = options;
  let sents: Sent[] = scoreSentences(query, evidence, maxChunks, bridgeBonus);
  // A bridge named in the evidence without a passage of its own: its passages from the index.
  const extra = index?.graph && bridgeBonus > 0 ? bridgePassages(query, sents, index) : [];
  if (extra.length > 0) sents = scoreSentences(query, { ...evidence, chunks: [...evidence.chunks.slice(0, maxChunks), ...extra] }, maxChunks + extra.length, bridgeBonus);
  const pool = options.strict ? sents.filter((s) => s.score >= STRICT_MIN_OVERLAP).slice(0, 3) : sents.slice(0, maxSentences);
  const { question, answer } = await readAnswer({
    query,
    ...(analysis?.answerType ? { analyzerType: analysis.answerType } : {}),
    sents,
    pool,
    ...(options.strict ? {} : { widerPool: sents.slice(0, 2 * maxSentences) }),
    exclude: options.exclude ?? [],
    ...(options.referenceText ? { referenceText: true } : {}),
    ...(index?.graph ? { graph: index.graph } : {}),
    // The next hop of a composed question reads a bridge's own page (next-hop.ts).
    ...(index ? { passagesOf: (name: string) => ownPassages(name, index) } : {}),
    ...(index?.getDoc ? { titleOf: (docId: string) => index.getDoc!(docId)?.title } : {}),
  });
  return { question, ...(answer ? { answer } : {}), bridgeChunks: extra.map((c) => c.chunkId), poolSize: pool.length };
}
