// Triple-Check with the cheap validators first (A2RAG eq. 5 allows "an NLI model or a prompted
// LLM-based binary classifier" per validator): when the embedded lexical validators pass all
// three checks, that pass is accepted with no model call; any other outcome (a fail, or a check
// they cannot establish) is put to the model's one combined call, whose verdicts decide. The
// saving is real only where the lexical pass is trusted: its precision is that of the embedded
// "verified" label (docs/agents.md), lower than a model's. Opt-in, never the default.
import { invalidInput } from '@rag/core';
import type { TripleCheck } from '../types.js';

export interface CascadeTripleCheckOptions {
  /** The cheap check (default in callers: the embedded lexical Triple-Check). */
  cheap: TripleCheck;
  /** The model check (one combined call). */
  model: TripleCheck;
}

export function createCascadeTripleCheck(options: CascadeTripleCheckOptions): TripleCheck {
  if (typeof options?.cheap?.check !== 'function') throw invalidInput('createCascadeTripleCheck(options.cheap)', 'must be a TripleCheck');
  if (typeof options?.model?.check !== 'function') throw invalidInput('createCascadeTripleCheck(options.model)', 'must be a TripleCheck');
  return {
    async check(query, answer, evidence, context) {
      const cheap = await options.cheap.check(query, answer, evidence, context);
      if (cheap.pass) {
        context?.trace.decision('triple-check-cascade', 'the lexical validators pass all three checks: accepted without a model call');
        return cheap;
      }
      context?.trace.decision('triple-check-cascade', `the lexical validators do not pass (${cheap.failure ?? 'unknown'}): the model decides`);
      return options.model.check(query, answer, evidence, context);
    },
  };
}
