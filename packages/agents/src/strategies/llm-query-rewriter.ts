// LLM QueryRewriter (A2RAG eq. 6, "implemented via prompting the language model").
import { generateObject, invalidInput, type ChatModel, type QueryRewriter } from '@rag/core';
import { z } from 'zod';
import { buildRewriteMessages } from '../prompts/rewrite-prompt.js';

export interface LlmQueryRewriterOptions {
  model: ChatModel;
  temperature?: number;
}

export const RewriteReplySchema = z.object({ query: z.string().trim().min(1).max(2000), instructions: z.string().max(2000).default('') });

export function createLlmQueryRewriter(options: LlmQueryRewriterOptions): QueryRewriter {
  if (!options?.model || typeof options.model.chat !== 'function') throw invalidInput('model', 'must be a ChatModel');
  return {
    async rewrite(input, context) {
      if (typeof input.query !== 'string' || !input.query.trim()) throw invalidInput('query', 'must be a non-empty string');
      const { object } = await generateObject({
        model: options.model,
        schema: RewriteReplySchema,
        messages: buildRewriteMessages(input),
        ...(context ? { context } : {}),
        name: 'rewrite',
        temperature: options.temperature ?? 0,
      });
      const note = `${input.failure}: model rewrite`;
      context?.trace.decision('rewrite', note, { failure: input.failure, query: object.query });
      return { query: object.query, ...(object.instructions ? { instructions: object.instructions } : {}), note };
    },
  };
}
