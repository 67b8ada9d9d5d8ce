// LLM SufficiencyJudge: a prompted classifier {verdict, reason, missing}. A reply that stays
// unusable after repair and retries counts as insufficient — retrieval continues (bounded by
// the caller's expansion limit) rather than answering on evidence nobody vouched for.
import { z } from 'zod';
import { createRunContext, invalidInput } from '@rag/core';
import type { ChatModel, SufficiencyJudge } from '@rag/core';
import { SUFFICIENCY_PROMPT } from '../prompts/sufficiency-prompt.js';
import { callForJson } from '../llm/json-call.js';

export const SufficiencyReplySchema = z.object({
  verdict: z.enum(['sufficient', 'insufficient']),
  reason: z.string().trim().min(1),
  missing: z.array(z.string()).default([]),
});

export interface LlmSufficiencyJudgeOptions {
  model: ChatModel;
  maxAttempts?: number;
}

export function createLlmSufficiencyJudge(options: LlmSufficiencyJudgeOptions): SufficiencyJudge {
  if (!options?.model || typeof options.model.chat !== 'function') throw invalidInput('model', 'must be a ChatModel');
  const maxAttempts = options.maxAttempts ?? 2;
  return {
    async judge({ query, evidence, stage }, given) {
      const context = given ?? createRunContext();
      if (typeof query !== 'string' || query.trim() === '') throw invalidInput('query', 'must be a non-empty string');
      const result = await callForJson({
        model: options.model,
        name: SUFFICIENCY_PROMPT.id,
        promptVersion: SUFFICIENCY_PROMPT.version,
        system: SUFFICIENCY_PROMPT.system,
        user: SUFFICIENCY_PROMPT.user({ query, evidence }),
        schema: SufficiencyReplySchema,
        inspect: (r) =>
          r.verdict === 'sufficient' && r.missing.length > 0
            ? '"sufficient" but "missing" lists facts'
            : r.verdict === 'insufficient' && r.missing.length === 0
              ? '"insufficient" must say what is missing'
              : undefined,
        context,
        maxAttempts,
      });
      const decision = result.value
        ? {
            sufficient: result.value.verdict === 'sufficient',
            score: result.value.verdict === 'sufficient' ? 1 : 0,
            reason: result.value.reason + (result.value.missing.length ? ` (missing: ${result.value.missing.join('; ')})` : ''),
          }
        : { sufficient: false, score: 0, reason: `unknown: no usable model verdict after ${result.calls} call(s): ${result.problems.join(' | ')}` };
      context.trace.decision('sufficiency', `stage ${stage}: ${decision.sufficient ? 'sufficient: stop' : 'insufficient: expand'}`, {
        calls: result.calls,
        prompt: `${SUFFICIENCY_PROMPT.id}@${SUFFICIENCY_PROMPT.version}`,
      });
      return decision;
    },
  };
}
