// The polarity a sentence states about a yes/no question. Negation is read in one clause only:
// the clause of the sentence that holds most of the question's terms ("Snapshot matchers are
// not supported because they always succeed": the first clause). A clause is cut at ; and :,
// a dash, and a subordinator (but, although, if, unless, when, while, because, except), so a
// condition's negation ("if it wasn't set before") does not turn the main claim around. Cues:
// "not", "n't", "cannot", "never", "no", "no longer", "neither", "nor", "unsupported", "unable", "❌", and the
// restriction "only" ("works only for X" says no of anything else). The question's own
// negation is read in its main clause (a leading clause and a condition are left out);
// "without" counts there ("run without a window?" negates what is asked), and then in the
// sentence's clause too; code spans never count.
import { contentTokens } from '../text/normalize.js';

const NEGATION = /\b(?:not|cannot|never|neither|nor|no longer|unsupported|unable)\b|n['’]t\b|\bno\b(?!\.?\s*\d)|❌/i;
const RESTRICTION = /\bonly\b/i;
const CLAUSE_BREAK = /[;:]|\s[–—-]\s|\b(?:but|although|though|if|unless|when|whereas|while|because|except)\b/i;
const SUBORDINATE = /\b(?:if|unless|when|whenever|although|though|because|while|once|even if|so that)\b/i;

const withoutCode = (text: string) => text.replace(/`[^`]*`/g, ' CODE ');

/** A loose stem for matching a question's words to a sentence's: lemma, plural dropped, at most five letters. */
export const looseStem = (term: string) => term.replace(/s$/, '').slice(0, 5);

/** The question's terms (lemmas of its content words), distinct, question words left out. */
export function askedTerms(query: string, ignore: ReadonlySet<string> = new Set()): string[] {
  return [...new Set(contentTokens(query).filter((t) => !ignore.has(t)))];
}

/** The clauses of a sentence, code spans kept whole. */
function clauses(text: string): string[] {
  // Breaks are found outside code spans: code is masked with filler of the same length.
  // A parenthesis is an aside, not a clause: "The helpers (`a`, `b`) do not work" is one claim.
  const sentence = text.replace(/\s*\([^()]*\)/g, '');
  const masked = sentence.replace(/`[^`]*`/g, (m) => 'x'.repeat(m.length));
  const parts: string[] = [];
  let from = 0;
  for (const m of masked.matchAll(new RegExp(CLAUSE_BREAK.source, 'gi'))) {
    parts.push(sentence.slice(from, m.index));
    from = m.index + m[0].length;
  }
  parts.push(sentence.slice(from));
  return parts.map((p) => p.trim()).filter((p) => p.length > 0);
}

export interface StatedPolarity {
  /** Share of the question's terms the sentence holds (0..1). */
  cover: number;
  /** The clause that holds most of the question's terms. */
  clause: string;
  /** That clause states a negation or restriction. */
  negated: boolean;
}

/** How a sentence answers a yes/no question whose terms are `terms`: cover and the polarity of its clause. */
export function statedPolarity(sentence: string, terms: readonly string[]): StatedPolarity {
  const want = new Set(terms.map(looseStem));
  const hits = (text: string) => new Set(contentTokens(text).map(looseStem).filter((t) => want.has(t))).size;
  const total = want.size === 0 ? 0 : hits(sentence) / want.size;
  let best = { clause: sentence, n: -1 };
  for (const c of clauses(sentence)) {
    const n = hits(c);
    if (n > best.n) best = { clause: c, n };
  }
  const plain = withoutCode(best.clause);
  return { cover: total, clause: best.clause, negated: NEGATION.test(plain) || RESTRICTION.test(plain) };
}

/** The question's main clause: a leading clause before the auxiliary and any condition after it are left out. */
export function mainClause(query: string): string {
  let q = withoutCode(query.trim().replace(/\?+\s*$/, ''));
  const lead = /^(?:in|if|when|with|after|before|since|for|on|by|unless|once)\b[^,?]{0,100},\s*/i.exec(q);
  if (lead) q = q.slice(lead[0].length);
  const sub = SUBORDINATE.exec(q);
  return sub && sub.index > 0 ? q.slice(0, sub.index) : q;
}

/** Does the question itself ask about a negated proposition ("Does X not …?", "… without a window?")? */
export function questionNegated(query: string): boolean {
  const main = mainClause(query);
  return NEGATION.test(main) || /\bwithout\b/i.test(main);
}

/** The answer a sentence gives: "no" when its clause's negation differs from the question's, else "yes". */
export function polarityAnswer(stated: StatedPolarity, query: string): 'yes' | 'no' {
  // "… without X?" against "… without X": the same proposition, so "without" counts on both sides.
  const without = /\bwithout\b/i.test(mainClause(query)) && /\bwithout\b/i.test(withoutCode(stated.clause));
  return (stated.negated || without) !== questionNegated(query) ? 'no' : 'yes';
}
