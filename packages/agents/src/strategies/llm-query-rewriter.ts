// LLM QueryRewriter (A2RAG eq. 6, "implemented via prompting the language model").
import { decide, invalidInput, type ChatModel, type QueryRewriter } from '@rag/core';

type RewrittenQuery = Awaited<ReturnType<QueryRewriter['rewrite']>>;
import { z } from 'zod';
import { buildRewriteMessages, type RewriteEvidenceView } from '../prompts/rewrite-prompt.js';
import { createTemplateQueryRewriter } from './template-query-rewriter.js';

export interface LlmQueryRewriterOptions {
  model: ChatModel;
  temperature?: number;
  /** Rewrites when the model's reply fails validation twice or the model errors (default: template). */
  fallback?: QueryRewriter;
  /** What the prompt shows of the evidence (default "lead": each top passage's opening sentence). */
  evidenceView?: RewriteEvidenceView;
}

export const RewriteReplySchema = z.object({ query: z.string().trim().min(1).max(2000), instructions: z.string().max(2000).default('') });

export function createLlmQueryRewriter(options: LlmQueryRewriterOptions): QueryRewriter {
  if (!options?.model || typeof options.model.chat !== 'function') throw invalidInput('model', 'must be a ChatModel');
  return {
    async rewrite(input, context) {
      if (typeof input.query !== 'string' || !input.query.trim()) throw invalidInput('query', 'must be a non-empty string');
      const fallback = options.fallback ?? createTemplateQueryRewriter();
      const { value } = await decide({
        decision: 'rewrite',
        model: options.model,
        schema: RewriteReplySchema,
        messages: buildRewriteMessages(input, options.evidenceView ?? 'lead'),
        ...(context ? { context } : {}),
        temperature: options.temperature ?? 0,
        map: (object): RewrittenQuery => {
          const note = `${input.failure}: model rewrite`;
          context?.trace.decision('rewrite', note, { failure: input.failure, query: object.query });
          return { query: object.query, ...(object.instructions ? { instructions: object.instructions } : {}), note };
        },
        fallback: () => fallback.rewrite(input, context),
      });
      return value;
    },
  };
}
