// The honest label of an answer from a method without the A2RAG loop (A-RAG, IRCoT, TADA-RAG):
// the same Triple-Check A2RAG runs (embedded by default: zero model calls) over the answer, its
// citations and the evidence the method read, summed up as verified / unsure / failed with a
// reason. An abstention gets the reason it could not answer, as a sentence.
import type { Answer, Citation, Evidence, RunContext } from '@rag/core';
import { abstentionReason, createTripleCheck, verificationOf, type TripleCheck } from '@rag/verify';

const EMBEDDED = createTripleCheck();

export interface LabelInput {
  query: string;
  text: string;
  citations: Citation[];
  evidence: Evidence;
  /** Default: the embedded lexical Triple-Check. */
  check?: TripleCheck;
}

export async function labelAnswer(input: LabelInput, context: RunContext): Promise<Pick<Answer, 'verdicts' | 'verification'>> {
  if (!input.text.trim()) return { verification: abstained(input.query, input.evidence) };
  const result = await (input.check ?? EMBEDDED).check(input.query, { text: input.text, citations: input.citations }, input.evidence, context);
  return { verdicts: result.verdicts, verification: verificationOf(result.verdicts) };
}

/** An abstention's label: nothing was claimed, so nothing is verified; the reason says what is missing. */
export function abstained(query: string, evidence: Pick<Evidence, 'chunks'>): NonNullable<Answer['verification']> {
  return { status: 'unsure', reason: abstentionReason(query, evidence.chunks) };
}
