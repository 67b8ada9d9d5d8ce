// Naive RAG, the plain baseline of the A2RAG and A-RAG tables: retrieve the top-k chunks once,
// generate one answer from them. No gate, no verification loop, no rewrite: one retrieval and
// (with a model) one model call. Embedded mode answers with the extractive reader.
import { invalidInput, type AnswerGenerator, type ChatModel, type Retriever } from '@rag/core';
import type { RagIndex } from '@rag/indexer';
import { createDenseRetriever } from '@rag/retrievers';
import { refsOf } from '../internal/evidence.js';
import { labelAnswer } from '../internal/label-answer.js';
import { runAgent } from '../internal/run-agent.js';
import { createExtractiveAnswerGenerator } from '../strategies/extractive-answer-generator.js';
import { createLlmAnswerGenerator } from '../strategies/llm-answer-generator.js';
import type { Agent } from '../types.js';

export interface NaiveRagAgentOptions {
  index: RagIndex;
  model?: ChatModel;
  /** Default: embedding search over chunk vectors (the papers' Naive RAG). */
  retriever?: Retriever;
  generator?: AnswerGenerator;
  /** Chunks given to the generator (default 5). */
  k?: number;
  name?: string;
}

export function createNaiveRagAgent(options: NaiveRagAgentOptions): Agent {
  const index = options?.index;
  if (!index || typeof index.getChunk !== 'function') throw invalidInput('createNaiveRagAgent(options.index)', 'must be a RagIndex');
  const k = options.k ?? 5;
  if (!Number.isInteger(k) || k < 1 || k > 100) throw invalidInput('createNaiveRagAgent(options.k)', 'must be an integer in 1..100', { value: k });
  const retriever = options.retriever ?? createDenseRetriever({ index });
  const generator = options.generator ?? (options.model ? createLlmAnswerGenerator({ model: options.model, index }) : createExtractiveAnswerGenerator({ index }));
  const name = options.name ?? 'naive-rag';
  return {
    name,
    answer: (question, answerOptions) =>
      runAgent(name, question, answerOptions, async (q, context, partial) => {
        const evidence = await retriever.retrieve(q, { k, context });
        partial.evidence = refsOf(evidence.chunks);
        const top = { ...evidence, chunks: evidence.chunks.slice(0, k) };
        const g = await context.trace.stage('generate', () => generator.generate({ query: q, evidence: top }, context));
        const text = g.abstain ? '' : g.text;
        const label = await labelAnswer({ query: q, text, citations: g.citations, evidence: top, ...(g.form ? { form: g.form } : {}) }, context);
        return { status: text ? 'answered' : 'abstained', text, citations: g.citations, ...label, evidence: refsOf(evidence.chunks), stage: 'retrieved', retries: 0 };
      }),
  };
}
