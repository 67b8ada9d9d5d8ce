// The evidence sentence that states a yes/no question's proposition, and whether its polarity
// agrees with the answer. The sentence is the one holding the largest share of the question's
// terms, at least half of them; below that no sentence states the question and nothing is said.
import type { RankedChunk } from '@rag/core';
import { splitSentences } from '../text/sentences.js';
import { normTokens } from '../text/normalize.js';
import { polarityAnswer, statedPolarity } from './stated-polarity.js';

/** Share of the question's terms a sentence must hold to state its proposition (round value). */
const MIN_COVER = 0.5;

export interface YesNoPolarity {
  /** The answer agrees with the polarity the sentence states. */
  agrees: boolean;
  /** The sentence's clause that holds the question's terms. */
  clause: string;
  /** That clause states a negation or restriction. */
  negated: boolean;
  span?: { chunkId: string; start: number; end: number };
}

/**
 * undefined when no sentence states the question. An answer contradicting an un-negated sentence
 * is not reported as disagreeing: a "no" to "Are A and B both X?" rests on B's sentences, which
 * need not repeat A's; only a negation stated at the question's terms says the opposite of "yes".
 */
export function yesNoPolarity(query: string, answer: string, chunks: readonly RankedChunk[], terms: readonly string[]): YesNoPolarity | undefined {
  const said = normTokens(answer)[0];
  if (said !== 'yes' && said !== 'no') return undefined;
  let best: { cover: number; clause: string; negated: boolean; chunkId: string; start: number; end: number; text: string } | undefined;
  for (const c of chunks) {
    for (const r of splitSentences(c.text)) {
      const text = c.text.slice(r.start, r.end);
      const stated = statedPolarity(text, terms);
      if (!best || stated.cover > best.cover) best = { ...stated, chunkId: c.chunkId, start: r.start, end: r.end, text };
    }
  }
  if (!best || best.cover < MIN_COVER) return undefined;
  const expected = polarityAnswer(best, query);
  const agrees = expected === said || !best.negated;
  return { agrees, clause: best.clause, negated: best.negated, span: { chunkId: best.chunkId, start: best.start, end: best.end } };
}
