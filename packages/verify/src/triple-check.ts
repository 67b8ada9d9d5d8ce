// A2RAG Triple-Check (Section III-B 2–3, eqs. 2–5): TripleCheck(q, a, E) = V_rel(q, E) ∧
// V_grd(a, E) ∧ V_ans(q, a); the failure type is the first violated check in the order
// rel, grd, ans, which the controller's failure-aware rewrite (eq. 6) is conditioned on.
import type { Evidence, FailureType, RunContext, Validator, Verdict } from '@rag/core';
import { createRunContext, invalidInput } from '@rag/core';
import type { AnswerInput, TripleCheck, TripleCheckResult, TripleCheckValidators } from './types.js';
import { answerText, assertEvidence, assertQuery } from './validators/verdict.js';
import { createLexicalRelevanceValidator } from './validators/lexical-relevance.js';
import { createLexicalGroundingValidator } from './validators/lexical-grounding.js';
import { createLexicalAdequacyValidator } from './validators/lexical-adequacy.js';

export interface TripleCheckOptions extends Partial<TripleCheckValidators> {
  /** Stop at the first check that does not pass (saves model calls; default false). */
  stopAtFirstFailure?: boolean;
}

const ORDER: { key: keyof TripleCheckValidators; failure: FailureType }[] = [
  { key: 'relevance', failure: 'rel' },
  { key: 'grounding', failure: 'grd' },
  { key: 'adequacy', failure: 'ans' },
];

/** Summarise three verdicts (in rel, grd, ans order) as a Triple-Check result. */
export function combineVerdicts(verdicts: Verdict[], calls = 0): TripleCheckResult {
  let failure: FailureType | undefined;
  for (const [i, v] of verdicts.entries()) {
    if (v.outcome !== 'pass') {
      failure = ORDER[i]?.failure;
      break;
    }
  }
  return { pass: failure === undefined && verdicts.length === 3, failure, verdicts, calls };
}

function llmCalls(context: RunContext): number {
  return context.meter.snapshot().llmCalls;
}

/** Triple-Check over any three validators; the embedded lexical ones are the defaults. */
export function createTripleCheck(options: TripleCheckOptions = {}): TripleCheck {
  const validators: TripleCheckValidators = {
    relevance: options.relevance ?? createLexicalRelevanceValidator(),
    grounding: options.grounding ?? createLexicalGroundingValidator(),
    adequacy: options.adequacy ?? createLexicalAdequacyValidator(),
  };
  for (const { key } of ORDER) {
    const v: unknown = validators[key];
    if (!v || typeof (v as Validator).validate !== 'function') throw invalidInput(key, 'must be a Validator with a validate() method');
  }
  return {
    async check(query: string, answer: AnswerInput | undefined, evidence: Evidence, given?: RunContext) {
      // A private context when none is given, so model calls are still counted.
      const context = given ?? createRunContext();
      assertQuery(query);
      assertEvidence(evidence);
      const text = answerText(answer);
      const before = llmCalls(context);
      const run = async () => {
        const verdicts: Verdict[] = [];
        for (const { key } of ORDER) {
          const v = await validators[key].validate({ query, answer: typeof answer === 'string' ? { text, citations: [] } : answer, evidence }, context);
          verdicts.push(v);
          if (options.stopAtFirstFailure && v.outcome !== 'pass') break;
        }
        return verdicts;
      };
      const verdicts = await context.trace.stage('triple-check', run);
      const result = combineVerdicts(verdicts, llmCalls(context) - before);
      context.trace.decision('triple-check', result.pass ? 'pass' : `fail: ${result.failure}`, {
        outcomes: verdicts.map((v) => `${v.check}:${v.outcome}`),
        calls: result.calls,
      });
      return result;
    },
  };
}
