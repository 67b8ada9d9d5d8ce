// Yes/no questions over technical documentation. Docs state a limit in words: "does not",
// "cannot", "is not supported", "only …", "no longer". The question's best supporting sentence
// answers: a negation or restriction cue in it says no (unless the question carries the same
// negation, "Does X not …?"), its absence with most of the question's key terms present says yes.
import { contentTerms } from '../internal/spans.js';
import { QUESTION_WORDS, type ReadAnswer, type Sent } from './types.js';

const NEGATION = /\b(?:not|cannot|can't|can ?not|doesn't|don't|won't|isn't|aren't|wasn't|never|no longer|unsupported|only|neither|nor|without support)\b|\bn't\b/i;
/** Share of the question's key terms the sentence must hold to say yes (round value). */
const MIN_COVER = 0.5;
/** Sentences (best first) read for a cue: the answer is usually stated next to the question's terms. */
const READ = 2;

// An auxiliary opens a yes/no question, after at most one leading clause ("In Vitest 5, is …",
// "If I pass `--x`, does …").
const YES_NO = /^(?:[^,?]{1,100},\s*)?(?:is|are|was|were|do|does|did|can|could|will|would|should|has|have|may|must)\b/i;
const WH = /\b(?:what|which|who|whom|whose|where|when|why|how)\b/i;

/** Is this a yes/no question, also when a leading clause comes before its auxiliary? */
export function asksYesNo(query: string): boolean {
  const m = YES_NO.exec(query.trim());
  return m !== null && !WH.test(query.trim().slice(0, m[0].length));
}

export function answerDocsYesNo(query: string, sents: readonly Sent[]): ReadAnswer | undefined {
  const key = [...new Set(contentTerms(query))].filter((t) => !QUESTION_WORDS.has(t));
  const read = sents.slice(0, READ);
  if (read.length === 0 || key.length === 0) return undefined;
  const askedNegated = NEGATION.test(query.replace(/\bonly\b/gi, ''));
  const negated = read.find((s) => NEGATION.test(s.text.replace(/`[^`]*`/g, '')));
  if (negated) return { text: askedNegated ? 'yes' : 'no', sent: negated };
  const best = read[0]!;
  const cover = key.filter((t) => best.terms.has(t)).length / key.length;
  return { text: cover >= MIN_COVER ? (askedNegated ? 'no' : 'yes') : askedNegated ? 'yes' : 'no', sent: best };
}
