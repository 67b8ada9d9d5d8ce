// The honest label of an answer from a method without the A2RAG loop (A-RAG, IRCoT, TADA-RAG):
// the same Triple-Check A2RAG runs (embedded by default: zero model calls) over the answer, its
// citations and the evidence the method read, summed up as verified / unsure / failed with a
// reason. An abstention gets the reason it could not answer, as a sentence. A sentence answer
// (no phrase of the asked type was found; the best supporting sentence is shown) is labelled
// unsure whatever the checks say: the checks can confirm the sentence is in the evidence, not
// that it answers the question.
import type { Answer, AnswerForm, Citation, Evidence, RunContext } from '@rag/core';
import { abstentionReason, createTripleCheck, verificationOf, type TripleCheck } from '@rag/verify';

const EMBEDDED = createTripleCheck();

export interface LabelInput {
  query: string;
  text: string;
  citations: Citation[];
  evidence: Evidence;
  /** Default: the embedded lexical Triple-Check. */
  check?: TripleCheck;
  /** The generator's answer form; `sentence` is labelled unsure (sentenceVerification). */
  form?: AnswerForm;
}

/** The reason a sentence answer gives, in words a person can read. */
export const SENTENCE_ANSWER_REASON = 'no phrase of the asked type was found; the best supporting sentence is shown';

/**
 * The label of a sentence answer: always unsure. The checks are kept as verdicts, but they judge
 * a phrase: a whole sentence fails the answer-type check by construction and passes grounding by
 * construction, so neither "verified" nor "failed" would say anything true about it.
 */
export function sentenceVerification(): NonNullable<Answer['verification']> {
  return { status: 'unsure', reason: SENTENCE_ANSWER_REASON };
}

export async function labelAnswer(input: LabelInput, context: RunContext): Promise<Pick<Answer, 'verdicts' | 'verification' | 'form'>> {
  if (!input.text.trim()) return { verification: abstained(input.query, input.evidence) };
  const result = await (input.check ?? EMBEDDED).check(input.query, { text: input.text, citations: input.citations }, input.evidence, context);
  if (input.form === 'sentence') return { verdicts: result.verdicts, verification: sentenceVerification(), form: 'sentence' };
  return { verdicts: result.verdicts, verification: verificationOf(result.verdicts) };
}

/** An abstention's label: nothing was claimed, so nothing is verified; the reason says what is missing. */
export function abstained(query: string, evidence: Pick<Evidence, 'chunks'>): NonNullable<Answer['verification']> {
  return { status: 'unsure', reason: abstentionReason(query, evidence.chunks) };
}
