// LLM Triple-Check in two modes: "per-check" (three prompted classifiers, three calls or
// fewer with stopAtFirstFailure) or "combined" (one prompt judging all three, one call). In
// both, a check the model gives no usable verdict for after one re-ask is decided by its
// embedded fallback (the lexical validator by default), recorded as a fallback in the trace.
import { createRunContext, invalidInput } from '@rag/core';
import type { ChatModel, Evidence, RunContext, Validator, Verdict } from '@rag/core';
import { TRIPLE_CHECK_PROMPT } from '../prompts/triple-check-prompt.js';
import type { VerdictPrompt } from '../prompts/verdict-prompt.js';
import { combineVerdicts, createTripleCheck } from '../triple-check.js';
import type { AnswerInput, TripleCheck, TripleCheckValidators } from '../types.js';
import { answerText, assertEvidence, assertQuery, makeVerdict, recordVerdict } from '../validators/verdict.js';
import { fallbackValidatorFor, fallbackVerdict } from './fallback-verdict.js';
import { callForJson } from './json-call.js';
import { createLlmValidator } from './llm-validator.js';
import { LlmTripleVerdictSchema, toVerdict, type LlmTripleVerdict } from './verdict-schema.js';

export interface LlmTripleCheckOptions {
  model: ChatModel;
  /** "per-check": one call per validator; "combined": one call for all three (default "per-check"). */
  mode?: 'per-check' | 'combined';
  /** Prompt of the combined mode (per-check mode uses the built-in per-check prompts). */
  prompt?: VerdictPrompt;
  /** Calls per verdict (per-check) or per combined verdict, including repairs (default 2). */
  maxAttempts?: number;
  /** Per-check mode only: skip the remaining checks after the first one that does not pass. */
  stopAtFirstFailure?: boolean;
  /** Per check, the validator deciding when the model gives no usable verdict (default: the lexical validators). */
  fallback?: Partial<TripleCheckValidators>;
}

const CHECKS = ['relevance', 'grounding', 'adequacy'] as const;

export function createLlmTripleCheck(options: LlmTripleCheckOptions): TripleCheck {
  if (!options?.model || typeof options.model.chat !== 'function') throw invalidInput('model', 'must be a ChatModel');
  const mode = options.mode ?? 'per-check';
  if (mode !== 'per-check' && mode !== 'combined') throw invalidInput('mode', 'must be "per-check" or "combined"', { value: mode });
  const maxAttempts = options.maxAttempts ?? 2;
  if (!Number.isInteger(maxAttempts) || maxAttempts < 1) throw invalidInput('maxAttempts', 'must be a positive integer', { value: maxAttempts });
  const fallbacks = Object.fromEntries(CHECKS.map((c) => [c, fallbackValidatorFor(c, options.fallback?.[c], `fallback.${c}`)])) as Record<(typeof CHECKS)[number], Validator>;
  if (mode === 'per-check') {
    const v = (check: (typeof CHECKS)[number]) => createLlmValidator({ model: options.model, check, maxAttempts, fallback: fallbacks[check] });
    return createTripleCheck({
      relevance: v('relevance'),
      grounding: v('grounding'),
      adequacy: v('adequacy'),
      ...(options.stopAtFirstFailure ? { stopAtFirstFailure: true } : {}),
    });
  }
  const prompt = options.prompt ?? TRIPLE_CHECK_PROMPT;
  return {
    async check(query: string, answer: AnswerInput | undefined, evidence: Evidence, given?: RunContext) {
      const context = given ?? createRunContext();
      assertQuery(query);
      assertEvidence(evidence);
      const text = answerText(answer).trim();
      const inspectAll = (reply: LlmTripleVerdict) =>
        CHECKS.map((c) => toVerdict(c, reply[c], evidence).problem).filter((p): p is string => p !== undefined).join('; ') || undefined;
      const result = await context.trace.stage('triple-check', () =>
        callForJson({
          model: options.model,
          name: prompt.id,
          promptVersion: prompt.version,
          system: prompt.system,
          user: prompt.user({ query, answer: text, evidence }),
          schema: LlmTripleVerdictSchema,
          inspect: inspectAll,
          context,
          maxAttempts,
        }),
      );
      const reply = result.value ?? result.lastValid;
      const input = { query, ...(typeof answer === 'string' ? { answer: { text, citations: [] } } : answer ? { answer } : {}), evidence };
      const verdicts: Verdict[] = [];
      const fellBack = new Set<Verdict>();
      for (const c of CHECKS) {
        // An empty answer cannot be grounded or adequate, whatever the model said.
        if (c !== 'relevance' && text.length === 0) {
          verdicts.push(makeVerdict(c, 'fail', 0, 'the answer is empty'));
          continue;
        }
        const checked = reply ? toVerdict(c, reply[c], evidence) : undefined;
        if (checked && !checked.problem) {
          verdicts.push(checked.verdict);
          continue;
        }
        // No reply, or a sub-verdict that still contradicts itself after the re-ask: not believed.
        const why = checked
          ? `inconsistent model verdict after ${result.calls} call(s): ${checked.problem}`
          : `no usable model verdict after ${result.calls} call(s): ${result.problems.join(' | ')}`;
        // A spent budget is not a fallback: the check stays unknown.
        if (result.budgetExhausted) {
          verdicts.push(makeVerdict(c, 'unknown', 0, why));
          continue;
        }
        const verdict = await fallbackVerdict({ fallback: fallbacks[c], input, context, why });
        fellBack.add(verdict);
        verdicts.push(verdict);
      }
      for (const v of verdicts)
        recordVerdict(v, context, { mode: 'combined', prompt: `${prompt.id}@${prompt.version}`, calls: result.calls, ...(fellBack.has(v) ? { fallback: true } : {}) });
      const out = combineVerdicts(verdicts, result.calls);
      context.trace.decision('triple-check', out.pass ? 'pass' : `fail: ${out.failure}`, {
        mode: 'combined',
        outcomes: verdicts.map((v) => `${v.check}:${v.outcome}`),
        calls: result.calls,
        ...(fellBack.size > 0 ? { fallbacks: verdicts.filter((v) => fellBack.has(v)).map((v) => v.check) } : {}),
      });
      return out;
    },
  };
}
