// Embedded AnswerGenerator: picks the answer span out of the evidence, never writes new text.
// The reader is split by concept under ../reader/: question analysis (question.ts), sentence
// scoring with the bridge bonus (sentence-scoring.ts), typed candidate spans (candidates.ts),
// choice comparison (comparison.ts), yes/no (yes-no.ts), composed by read-answer.ts. This file
// validates the options and input, and cites the sentence the answer came from as offsets into
// the source document. When no span is confident the answer is the best supporting sentence,
// marked `form: 'sentence'` (reader/sentence-answer.ts states the rule).
import { invalidInput, type AnswerGenerator, type Citation, type GeneratedAnswer } from '@rag/core';
import type { RagIndex } from '@rag/indexer';
import type { NameTypeGraph } from '../reader/candidate-type.js';
import { readEvidence } from '../reader/read-evidence.js';
import { isReferenceCorpus } from '../reader/reference-text.js';
import type { Sent } from '../reader/types.js';
import { parseInstructions } from './instructions.js';

export { choiceOptions } from '../reader/comparison.js';

export interface ExtractiveAnswerGeneratorOptions {
  /** Resolves chunk offsets so citations point into the source document (else chunk-relative). */
  index?: Pick<RagIndex, 'getChunk'> & Partial<Pick<RagIndex, 'getDoc' | 'keyword'>> & { graph?: NameTypeGraph };
  /**
   * Read the corpus as reference text (docs, manuals, legal: a capitalised name is answered only
   * when a name is asked; reader/reference-text.ts). Default: measured from the index, when it is
   * a whole RagIndex, as anchoring below 0.5; false otherwise.
   */
  referenceText?: boolean;
  /** Evidence chunks read, best first (default 8). */
  maxChunks?: number;
  /** Sentences candidates are drawn from (default 6). */
  maxSentences?: number;
  /**
   * Score bonus for a question-matching sentence, in a chunk not about the question's own
   * entities, that names a bridge entity (a name stated next to those entities elsewhere): the
   * second hop of a bridge question (default 0.25; 0 turns it off). Measured with `pnpm rag-eval`
   * (a2rag-agent, see docs/benchmarks/agents.md): EM on HotpotQA / MuSiQue-train100 was 19 / 4
   * at 0, 20 / 5 at 0.1, 21 / 6 at 0.25 and 24 / 4 at 0.5; 0.25 is the round value that helped both.
   */
  bridgeBonus?: number;
}

export function createExtractiveAnswerGenerator(options: ExtractiveAnswerGeneratorOptions = {}): AnswerGenerator {
  const maxChunks = options.maxChunks ?? 8;
  const maxSentences = options.maxSentences ?? 6;
  const bridgeBonus = options.bridgeBonus ?? 0.25;
  if (!Number.isFinite(bridgeBonus) || bridgeBonus < 0 || bridgeBonus > 1) throw invalidInput('bridgeBonus', 'must be a number in [0, 1]', { value: bridgeBonus });
  if (!Number.isInteger(maxChunks) || maxChunks < 1) throw invalidInput('maxChunks', 'must be a positive integer', { value: maxChunks });
  if (!Number.isInteger(maxSentences) || maxSentences < 1) throw invalidInput('maxSentences', 'must be a positive integer', { value: maxSentences });

  const citationOf = (s: Sent): Citation => {
    const base = options.index?.getChunk(s.chunk.chunkId)?.start ?? 0;
    return { chunkId: s.chunk.chunkId, docId: s.chunk.docId, start: base + s.start, end: base + s.end, quote: s.text };
  };

  return {
    async generate({ query, evidence, analysis, instructions }, context) {
      if (typeof query !== 'string' || !query.trim()) throw invalidInput('query', 'must be a non-empty string');
      if (!evidence || !Array.isArray(evidence.chunks)) throw invalidInput('evidence', 'must be Evidence with a "chunks" array');
      const rules = parseInstructions(instructions);
      const referenceText = options.referenceText ?? isReferenceCorpus(options.index);
      const reading = await readEvidence(query, evidence, analysis, { ...(options.index ? { index: options.index } : {}), maxChunks, maxSentences, bridgeBonus, strict: rules.strict, exclude: rules.exclude, referenceText });
      const extra = reading.bridgeChunks;
      if (extra.length > 0) context?.trace.decision('bridge-passages', `read ${extra.length} passage(s) of bridge entities from the index`, { chunks: extra });
      const { question, answer: result } = reading;
      if (result?.via) context?.trace.decision('next-hop', `"${result.via.slice(0, 60)}" is stated without the asked relation: answered from its next hop`, { bridge: result.via });
      const form = question.form;
      const said = !result
        ? `no ${form} span in evidence: abstain`
        : result.form === 'sentence'
          ? `no confident ${form} span: best supporting sentence "${result.text.slice(0, 60)}"`
          : `span "${result.text.slice(0, 60)}" (${form})`;
      context?.trace.decision('extractive-answer', said, { form, answerForm: result?.form ?? 'none', ...(result ? { text: result.text, ...(result.path ? { path: result.path } : {}) } : {}), sentences: reading.poolSize, strict: rules.strict });
      if (!result) return { text: '', citations: [], abstain: true } satisfies GeneratedAnswer;
      // A sentence answer (no phrase of the asked type was found) says so through `form`; the
      // agents label it unsure, never verified (internal/label-answer.ts).
      return { text: result.text, citations: [citationOf(result.sent)], ...(result.form === 'sentence' ? { form: 'sentence' as const } : {}) };
    },
  };
}

