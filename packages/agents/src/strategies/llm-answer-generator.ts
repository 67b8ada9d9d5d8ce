// LLM AnswerGenerator: schema-validated JSON from the model (answer, quoted citations, abstain),
// with quotes mapped back to document offsets. Evidence reaches the model only as quoted data.
import { decide, invalidInput, type AnswerGenerator, type ChatModel, type Citation, type GeneratedAnswer } from '@rag/core';
import type { RagIndex } from '@rag/indexer';
import { z } from 'zod';
import { buildAnswerMessages } from '../prompts/answer-prompt.js';
import { createExtractiveAnswerGenerator } from './extractive-answer-generator.js';
import { citeAnswer, locateQuote } from './locate-quote.js';
import { canStream, streamingAnswerModel } from './streamed-answer.js';

export interface LlmAnswerGeneratorOptions {
  model: ChatModel;
  index?: Pick<RagIndex, 'getChunk'>;
  /** Evidence chunks put in the prompt (default 8). */
  maxChunks?: number;
  temperature?: number;
  /** Answers when the model's reply fails validation twice or the model errors (default: extractive). */
  fallback?: AnswerGenerator;
  /**
   * Ask the model, when it abstains, for a search query for the missing evidence (`GeneratedAnswer.followUp`):
   * A2RAG's rewrite after an insufficiency failure in the same call (default false).
   */
  followUp?: boolean;
}

export const AnswerReplySchema = z.object({
  answer: z.string().max(2000),
  citations: z.array(z.object({ chunkId: z.string(), quote: z.string().max(4000).default('') })).max(20).default([]),
  abstain: z.boolean().default(false),
});
export type AnswerReply = z.infer<typeof AnswerReplySchema>;
/** The reply when a follow-up query is asked for on abstention. */
export const AnswerWithFollowUpReplySchema = AnswerReplySchema.extend({ followUp: z.string().max(500).default('') });

export function createLlmAnswerGenerator(options: LlmAnswerGeneratorOptions): AnswerGenerator {
  if (!options?.model || typeof options.model.chat !== 'function') throw invalidInput('model', 'must be a ChatModel');
  const maxChunks = options.maxChunks ?? 8;
  const followUp = options.followUp ?? false;
  if (typeof followUp !== 'boolean') throw invalidInput('createLlmAnswerGenerator(options.followUp)', 'must be a boolean', { value: options.followUp });
  return {
    async generate(input, context) {
      if (typeof input.query !== 'string' || !input.query.trim()) throw invalidInput('query', 'must be a non-empty string');
      const fallback = options.fallback ?? createExtractiveAnswerGenerator(options.index ? { index: options.index } : {});
      // The caller wants the answer as it is written and the model can stream: stream it.
      const model = context?.onToken && canStream(options.model) ? streamingAnswerModel(options.model, context, context.onToken) : options.model;
      const { value } = await decide({
        decision: 'answer',
        model,
        schema: followUp ? AnswerWithFollowUpReplySchema : AnswerReplySchema,
        messages: buildAnswerMessages(input, maxChunks, followUp),
        ...(context ? { context } : {}),
        temperature: options.temperature ?? 0,
        map: (object): GeneratedAnswer => {
          if (object.abstain || !object.answer.trim()) {
            const next = followUp && 'followUp' in object && typeof object.followUp === 'string' ? object.followUp.replace(/\s+/g, ' ').trim() : '';
            return { text: '', citations: [], abstain: true, ...(next ? { followUp: next } : {}) };
          }
          const citations: Citation[] = [];
          for (const c of object.citations) {
            const located = locateQuote(input.evidence, c.chunkId, c.quote, options.index);
            if (located) citations.push(located);
          }
          return { text: object.answer.trim(), citations: citations.length ? citations : citeAnswer(input.evidence, object.answer, options.index) };
        },
        fallback: () => fallback.generate(input, context),
      });
      return value;
    },
  };
}
