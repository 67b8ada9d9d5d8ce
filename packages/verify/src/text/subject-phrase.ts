// "Who did the producer of Songs I Wrote with Amy write the song for?": after a question word and
// a do-support or modal auxiliary, the noun phrase before the bare main verb is the clause's
// subject, so the question word is not it. A relation word of that phrase ("producer") said next
// to an answer marks the answer as the entity the phrase describes, not the one asked; only the
// main verb's clause can. Forms of "be" and "have" are left out: "What is the pop band founded
// by …" is a copula and a reduced relative clause, not a subject and its verb.
import { taggedTerms } from '../internal/lazy-nlp.js';

const WH_AUX = /^\s*(?:(?:in|at|from|to|by|for|of|on|with|during)\s+)?(?:who|whom|what|which|when|where|why|how)(?:\s+[a-z]+)?\s+(?:did|does|do|will|would|can|could|should|might)\s+(?=(?:the|a|an|this|that|his|her|its|their)\s)/i;

/**
 * The subject noun phrase of a "wh- + did/does/do (or a modal) + subject + verb …" question, and
 * the rest from its main verb on; undefined for other shapes. The main verb is the first bare
 * (infinitive) verb after the subject's first word that is neither capitalised nor quoted: words
 * of names and titles ("Songs I Wrote with Amy") and past forms of a relative clause ("the man who
 * wrote X die") are not it.
 */
export function subjectPhrase(query: string): { subject: string; main: string } | undefined {
  const q = query.trim();
  const lastStop = Math.max(q.lastIndexOf('. ', q.length - 2), q.lastIndexOf('? ', q.length - 2));
  const sentence = q.slice(lastStop >= 0 ? lastStop + 2 : 0);
  const head = WH_AUX.exec(sentence);
  if (!head) return undefined;
  const terms = taggedTerms(sentence.slice(head[0].length));
  let inQuote = false;
  for (let i = 0; i < terms.length; i++) {
    const t = terms[i]!;
    const quotes = (t.text.match(/["“”]/g) ?? []).length;
    const quoted = inQuote || quotes > 0;
    if (quotes % 2 === 1) inQuote = !inQuote;
    if (i === 0 || quoted || /^\p{Lu}/u.test(t.text)) continue;
    if (!t.tags.includes('Infinitive') || t.tags.includes('Noun')) continue;
    return { subject: terms.slice(0, i).map((x) => x.text).join(' '), main: terms.slice(i).map((x) => x.text).join(' ') };
  }
  return undefined;
}
