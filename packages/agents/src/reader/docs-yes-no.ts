// Yes/no questions over technical documentation. Docs state a limit in words: "does not",
// "cannot", "is not supported", "only …", "no longer". Among the best supporting sentences the
// one that holds most of the question's terms answers, read in the clause that holds them
// (@rag/verify statedPolarity): a negation or restriction there says no, unless the question's
// main clause is negated too ("Does X not …?", "… without a window?"); a condition's negation
// ("if it wasn't set before") is another clause and does not count. A sentence that holds too
// few of the question's terms says nothing: the answer is then "no" (nothing states it).
import { askedTerms, polarityAnswer, questionNegated, statedPolarity } from '@rag/verify';
import { QUESTION_WORDS, type ReadAnswer, type Sent } from './types.js';
import { squash } from './docs-identifier.js';

/** Share of the question's terms the sentence must hold to state the answer (round value). */
const MIN_COVER = 0.5;
/** Sentences (best first) read: the answer is usually stated next to the question's terms. */
const READ = 6;

// An auxiliary opens a yes/no question, after at most one leading clause ("In Vitest 5, is …",
// "If I pass `--x`, does …").
const YES_NO = /^(?:[^,?]{1,100},\s*)?(?:is|are|was|were|do|does|did|can|could|will|would|should|has|have|may|must)\b/i;
const WH = /\b(?:what|which|who|whom|whose|where|when|why|how)\b/i;

/** Is this a yes/no question, also when a leading clause comes before its auxiliary? */
export function asksYesNo(query: string): boolean {
  const m = YES_NO.exec(query.trim());
  return m !== null && !WH.test(query.trim().slice(0, m[0].length));
}

/** The question's code identifiers, squashed (`vi.mock` → vimock): what the question is about. */
const codeSpans = (text: string) => [...text.matchAll(/`([^`]+)`/g)].map((m) => squash(m[1]!));

export function answerDocsYesNo(query: string, sents: readonly Sent[]): ReadAnswer | undefined {
  const terms = askedTerms(query, QUESTION_WORDS);
  const read = sents.slice(0, READ);
  if (read.length === 0 || terms.length === 0) return undefined;
  const subject = codeSpans(query).filter((c) => c.length > 0);
  const scored = read.map((s) => {
    const stated = statedPolarity(s.text, terms);
    const squashed = squash(s.text);
    // A sentence naming every identifier the question asks about is about the asked subject.
    const namesSubject = subject.length > 0 && subject.every((c) => squashed.includes(c));
    return { s, stated, namesSubject };
  });
  // The sentence stating the asked relation: most of the question's terms, the asked subject preferred.
  const best = scored.reduce((a, b) => (b.stated.cover + (b.namesSubject ? 0.25 : 0) > a.stated.cover + (a.namesSubject ? 0.25 : 0) ? b : a));
  const states = best.stated.cover >= MIN_COVER || (best.namesSubject && best.stated.cover * terms.length >= subject.length + 1);
  if (states) return { text: polarityAnswer(best.stated, query), sent: best.s };
  return { text: questionNegated(query) ? 'yes' : 'no', sent: best.s };
}
