// LLM SufficiencyJudge: a prompted classifier {verdict, reason, missing}. A reply that stays
// unusable after repair and one re-ask falls back to the embedded judge (`fallback`, default
// the graph-aware createSufficiencyJudge), and the fallback is recorded in the trace.
import { z } from 'zod';
import { createRunContext, invalidInput, recordFallback } from '@rag/core';
import type { ChatModel, SufficiencyJudge } from '@rag/core';
import { SUFFICIENCY_PROMPT } from '../prompts/sufficiency-prompt.js';
import { callForJson } from '../llm/json-call.js';
import { createSufficiencyJudge } from './sufficiency-judge.js';

export const SufficiencyReplySchema = z.object({
  verdict: z.enum(['sufficient', 'insufficient']),
  reason: z.string().trim().min(1),
  missing: z.array(z.string()).default([]),
});

export interface LlmSufficiencyJudgeOptions {
  model: ChatModel;
  maxAttempts?: number;
  /** Decides when the model gives no usable verdict (default: createSufficiencyJudge()). */
  fallback?: SufficiencyJudge;
}

export function createLlmSufficiencyJudge(options: LlmSufficiencyJudgeOptions): SufficiencyJudge {
  if (!options?.model || typeof options.model.chat !== 'function') throw invalidInput('model', 'must be a ChatModel');
  const maxAttempts = options.maxAttempts ?? 2;
  const fallback = options.fallback ?? createSufficiencyJudge();
  return {
    async judge(input, given) {
      const { query, evidence, stage } = input;
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
      if (!result.value) {
        recordFallback(context, 'sufficiency', `no usable model verdict after ${result.calls} call(s): ${result.problems.join(' | ')}`);
        return fallback.judge(input, context);
      }
      const decision = {
        sufficient: result.value.verdict === 'sufficient',
        score: result.value.verdict === 'sufficient' ? 1 : 0,
        reason: result.value.reason + (result.value.missing.length ? ` (missing: ${result.value.missing.join('; ')})` : ''),
      };
      context.trace.decision('sufficiency', `stage ${stage}: ${decision.sufficient ? 'sufficient: stop' : 'insufficient: expand'}`, {
        calls: result.calls,
        prompt: `${SUFFICIENCY_PROMPT.id}@${SUFFICIENCY_PROMPT.version}`,
      });
      return decision;
    },
  };
}
