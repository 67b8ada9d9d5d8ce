// The academic agent's label. Its own checks (S_suf, eq. 4; S_cons, eq. 5) judge the subgraph:
// that the traversal covered the question, and that the answer's claims match facts the graph
// holds. Neither reads a passage, so neither can establish that the answer is what the question
// asks: on the dev sets their "pass" labelled 63–65 % of answers verified with 8–24 % of them
// right. The answer therefore gets the same embedded Triple-Check every other agent's answer
// gets, over the passages its facts came from; the paper's verdicts are kept beside it, and a
// failed S_cons keeps the answer from being verified.
import type { Answer, Citation, RankedChunk, RunContext, Verdict } from '@rag/core';
import type { RagIndex } from '@rag/indexer';
import { labelAnswer } from '../internal/label-answer.js';

export interface AcademicLabelInput {
  query: string;
  text: string;
  citations: Citation[];
  /** The chunks the answer's facts and the traversal came from, best first. */
  evidence: readonly { chunkId: string; docId: string; score: number }[];
  /** The index holding the chunks' texts; without it nothing can be read, so the label is unsure. */
  index: Pick<RagIndex, 'getChunk'> | undefined;
  /** The paper's verdicts (sufficiency, consistency). */
  verdicts: Verdict[];
  /** S_cons accepted the answer. */
  consistent: boolean;
}

export const NO_TEXT_REASON = 'the graph was given without its index, so no passage could be read to check the answer';
export const INCONSISTENT_REASON = 'the answer does not match the facts of the traversed subgraph (S_cons below γ)';

export async function labelAcademicAnswer(input: AcademicLabelInput, context: RunContext): Promise<Pick<Answer, 'verdicts' | 'verification'>> {
  const chunks: RankedChunk[] = [];
  for (const e of input.evidence) {
    const text = input.index?.getChunk(e.chunkId)?.text;
    if (text !== undefined) chunks.push({ ...e, text });
  }
  if (chunks.length === 0) return { verdicts: input.verdicts, verification: { status: 'unsure', reason: NO_TEXT_REASON } };
  const label = await labelAnswer({ query: input.query, text: input.text, citations: input.citations, evidence: { query: input.query, chunks, trace: [] } }, context);
  const verdicts = [...input.verdicts, ...(label.verdicts ?? [])];
  const verification = label.verification!;
  if (!input.consistent && verification.status === 'verified') return { verdicts, verification: { status: 'unsure', reason: INCONSISTENT_REASON } };
  return { verdicts, verification };
}
