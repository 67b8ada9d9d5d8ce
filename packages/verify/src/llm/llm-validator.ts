// LLM V_rel / V_grd / V_ans (A2RAG eqs. 2–4): a prompted binary classifier with a
// schema-validated reply {verdict, reason, spans}. A reply still unusable after repair and one
// re-ask (or a failing model call) hands the check to its embedded fallback — the lexical
// validator of the same check by default — with the fallback recorded in the trace; a spent
// budget is not a fallback and leaves the check "unknown". Never a pass the model did not give
// and the embedded validator did not find.
import { createRunContext, invalidInput } from '@rag/core';
import type { ChatModel, ValidationCheck, Validator } from '@rag/core';
import { RELEVANCE_PROMPT } from '../prompts/relevance-prompt.js';
import { GROUNDING_PROMPT } from '../prompts/grounding-prompt.js';
import { ADEQUACY_PROMPT } from '../prompts/adequacy-prompt.js';
import type { VerdictPrompt } from '../prompts/verdict-prompt.js';
import { answerText, assertEvidence, assertQuery, makeVerdict, recordVerdict } from '../validators/verdict.js';
import { fallbackValidatorFor, fallbackVerdict } from './fallback-verdict.js';
import { callForJson } from './json-call.js';
import { LlmVerdictSchema, toVerdict } from './verdict-schema.js';

export interface LlmValidatorOptions {
  model: ChatModel;
  check: ValidationCheck;
  /** Replace the built-in prompt for this check (keep the reply format). */
  prompt?: VerdictPrompt;
  /** Model calls per verdict, including repairs (default 2: one re-ask). */
  maxAttempts?: number;
  /** Decides the check when the model gives no usable verdict (default: the lexical validator of the same check). */
  fallback?: Validator;
}

export const DEFAULT_PROMPTS: Readonly<Record<ValidationCheck, VerdictPrompt>> = Object.freeze({
  relevance: RELEVANCE_PROMPT,
  grounding: GROUNDING_PROMPT,
  adequacy: ADEQUACY_PROMPT,
});

export function createLlmValidator(options: LlmValidatorOptions): Validator {
  if (!options?.model || typeof options.model.chat !== 'function') throw invalidInput('model', 'must be a ChatModel');
  if (!(options.check in DEFAULT_PROMPTS)) throw invalidInput('check', 'must be "relevance", "grounding" or "adequacy"', { value: options.check });
  const maxAttempts = options.maxAttempts ?? 2;
  if (!Number.isInteger(maxAttempts) || maxAttempts < 1) throw invalidInput('maxAttempts', 'must be a positive integer', { value: maxAttempts });
  const check = options.check;
  const fallback = fallbackValidatorFor(check, options.fallback);
  const prompt = options.prompt ?? DEFAULT_PROMPTS[check];
  const tag = `${prompt.id}@${prompt.version}`;
  return {
    check,
    async validate({ query, answer, evidence }, given) {
      const context = given ?? createRunContext();
      assertQuery(query);
      assertEvidence(evidence);
      const text = answerText(answer).trim();
      if (check !== 'relevance' && text.length === 0)
        return recordVerdict(makeVerdict(check, 'fail', 0, 'the answer is empty'), context);
      const result = await callForJson({
        model: options.model,
        name: prompt.id,
        promptVersion: prompt.version,
        system: prompt.system,
        user: prompt.user({ query, answer: text, evidence }),
        schema: LlmVerdictSchema,
        inspect: (reply) => toVerdict(check, reply, evidence).problem,
        context,
        maxAttempts,
      });
      if (result.value) return recordVerdict(toVerdict(check, result.value, evidence).verdict, context, { calls: result.calls, prompt: tag });
      const why = `no usable model verdict after ${result.calls} call(s): ${result.problems.join(' | ')}`;
      // The budget ran out: the run is out of model calls, which is not a fallback (issue #19).
      if (result.budgetExhausted) return recordVerdict(makeVerdict(check, 'unknown', 0, why), context, { calls: result.calls, prompt: tag });
      const verdict = await fallbackVerdict({ fallback, input: { query, ...(answer ? { answer } : {}), evidence }, context, why });
      return recordVerdict(verdict, context, { calls: result.calls, prompt: tag, fallback: true });
    },
  };
}
