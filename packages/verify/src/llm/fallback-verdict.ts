// The embedded fallback of an LLM validator (model mode, issue #19): when the model gives no
// usable verdict for a check after repair and one re-ask — or its calls failed — that check is
// decided by its embedded counterpart (the lexical validator of the same check by default). The
// fallback is recorded the way every model decision records one (a `warning` event named
// `fallback`, decision `verify.<check>`, which rag-eval counts per decision), and the verdict's
// reason starts with "embedded fallback" so a reader sees where it came from. The verdict is the
// embedded validator's own: its fail or unknown stays fail or unknown, nothing becomes a pass.
import { createTrace, invalidInput, recordFallback } from '@rag/core';
import type { RunContext, ValidationCheck, Validator, Verdict } from '@rag/core';
import { createLexicalAdequacyValidator } from '../validators/lexical-adequacy.js';
import { createLexicalGroundingValidator } from '../validators/lexical-grounding.js';
import { createLexicalRelevanceValidator } from '../validators/lexical-relevance.js';
import { makeVerdict } from '../validators/verdict.js';

/** Trace name of the fallback decision of a check, e.g. "verify.grounding". */
export const fallbackDecision = (check: string): string => `verify.${check}`;

const LEXICAL: Readonly<Record<ValidationCheck, () => Validator>> = Object.freeze({
  relevance: () => createLexicalRelevanceValidator(),
  grounding: () => createLexicalGroundingValidator(),
  adequacy: () => createLexicalAdequacyValidator(),
});

/** The fallback of an LLM validator: the one given (same check), else the lexical validator of the check. */
export function fallbackValidatorFor(check: ValidationCheck, given: Validator | undefined, input = 'fallback'): Validator {
  if (given === undefined) return LEXICAL[check]();
  if (!given || typeof given.validate !== 'function') throw invalidInput(input, 'must be a Validator with a validate() method');
  if (given.check !== check) throw invalidInput(input, `must be a "${check}" validator, got "${String(given.check)}"`, { value: given.check });
  return given;
}

export interface FallbackVerdictInput {
  fallback: Validator;
  input: Parameters<Validator['validate']>[0];
  context: RunContext;
  /** Why the model's verdict was not used, e.g. "no usable model verdict after 2 call(s): …". */
  why: string;
}

const clip = (s: string, n: number) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);

/**
 * Decide the check with the embedded validator and record the fallback in the trace. The
 * verdict event itself is left to the caller (with `fallback: true` in its data), so the trace
 * holds one verdict per check: the embedded validator runs on a private trace (same budget and
 * signal), and whatever else it records — not its own verdict event — is copied over.
 */
export async function fallbackVerdict({ fallback, input, context, why }: FallbackVerdictInput): Promise<Verdict> {
  const check = String(fallback.check);
  recordFallback(context, fallbackDecision(check), why);
  const inner: RunContext = { ...context, trace: createTrace() };
  const verdict = await fallback.validate(input, inner);
  for (const { start: _start, end: _end, ...event } of inner.trace.events) if (event.kind !== 'verdict') context.trace.add(event);
  return makeVerdict(verdict.check, verdict.outcome, verdict.score, `embedded fallback (${clip(why, 240)}): ${verdict.reason}`, verdict.spans);
}
