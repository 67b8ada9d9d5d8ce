// Public types of @rag/verify.
import type { Answer, Evidence, FailureType, RunContext, Validator, Verdict } from '@rag/core';

/** An answer as validators take it: plain text or an Answer-like object with citations. */
export type AnswerInput = string | Pick<Answer, 'text' | 'citations'>;

export interface TripleCheckResult {
  /** TripleCheck(q, a, E) = V_rel ∧ V_grd ∧ V_ans (A2RAG eq. 5). "unknown" is never a pass. */
  pass: boolean;
  /** The first check, in the order rel, grd, ans, whose outcome is not "pass". */
  failure: FailureType | undefined;
  /** One verdict per check that ran, in the order relevance, grounding, adequacy. */
  verdicts: Verdict[];
  /** Model calls spent (0 for the embedded validators). */
  calls: number;
}

export interface TripleCheck {
  check(query: string, answer: AnswerInput | undefined, evidence: Evidence, context?: RunContext): Promise<TripleCheckResult>;
}

export interface TripleCheckValidators {
  relevance: Validator;
  grounding: Validator;
  adequacy: Validator;
}

export type { FailureType };
