// Verdicts summed up in words (Answer.verification): `verified` only when every check passed,
// `failed` when one found the answer wrong, `unsure` when a check could not establish it (an
// "unknown" verdict) or the method did not run the checks at all.
import type { AnswerVerification, Verdict } from '@rag/core';

const NAMES: Record<string, string> = { relevance: 'relevance', grounding: 'grounding', adequacy: 'adequacy (type and asked relation)' };

export function verificationOf(verdicts: readonly Verdict[] | undefined): AnswerVerification {
  if (!verdicts || verdicts.length === 0) return { status: 'unsure', reason: 'this method does not check its answers' };
  const failed = verdicts.find((v) => v.outcome === 'fail');
  if (failed) return { status: 'failed', reason: `${NAMES[failed.check] ?? failed.check} check failed: ${failed.reason}` };
  const unknown = verdicts.find((v) => v.outcome === 'unknown');
  if (unknown) return { status: 'unsure', reason: `${NAMES[unknown.check] ?? unknown.check} not established: ${unknown.reason}` };
  // The adequacy verdict says what was established about the answer (type, stated relation).
  const adequacy = verdicts.find((v) => v.check === 'adequacy');
  const checks = `${verdicts.map((v) => NAMES[v.check] ?? v.check).join(', ')} checks passed`;
  return { status: 'verified', reason: adequacy ? `${checks}: ${adequacy.reason}` : checks };
}
