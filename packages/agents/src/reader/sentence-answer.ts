// When no span is confident, the reader answers with the best supporting sentence instead of a
// phrase, and says so (ReadAnswer.form = 'sentence'): a person gets the evidence to read rather
// than either nothing or a phrase the reader has no reason to trust.
//
// The rule, in round values chosen by reasoning (not fitted to the dev questions):
// - a span is confident unless it is a name that the graph, tagger or indexer firmly type as
//   something other than the asked type (candidate-type.ts: a firm mismatch keeps 0.35 of its
//   score, at most 0.46 with the head-noun bonus; a soft mismatch or an untyped person keeps 0.7):
//   a fit below 0.5 means "no phrase of the asked type was found";
// - the sentence shown is the best-scored sentence of the pool, and only when it supports the
//   question at all: a score of at least 0.34 (the strict-grounding minimum of the generator,
//   about a third of the question's terms); below that the reader abstains as before. A heading
//   or fragment of fewer than four words is not shown as a sentence.
import type { Candidate, ReadAnswer, Sent } from './types.js';

/** A span whose type fit is below this was typed as something other than what was asked. */
export const MIN_CONFIDENT_FIT = 0.5;
/** A sentence scoring below this does not support the question enough to be shown as the answer. */
export const MIN_SUPPORT_SCORE = 0.34;
/** Fewer words than this is a heading or a fragment ("The \"Artistic License\""), not a sentence to answer with. */
export const MIN_SENTENCE_WORDS = 4;

/** True when the picked span is of the asked type (or untyped), not firmly typed as something else. */
export function confidentSpan(c: Pick<Candidate, 'fit'>): boolean {
  return c.fit >= MIN_CONFIDENT_FIT;
}

/** The best supporting sentence of the pool as a sentence answer, or undefined when none supports the question. */
export function sentenceAnswer(pool: readonly Sent[]): ReadAnswer | undefined {
  const best = pool.reduce<Sent | undefined>((a, s) => (wordCount(s.text) >= MIN_SENTENCE_WORDS && (a === undefined || s.score > a.score) ? s : a), undefined);
  if (!best || best.score < MIN_SUPPORT_SCORE) return undefined;
  const text = best.text.replace(/\s+/g, ' ').trim();
  return text ? { text, sent: best, form: 'sentence' } : undefined;
}

const wordCount = (text: string): number => text.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length;
