// Question form (who → person, when → date, how many → number, yes/no …) and whether an
// answer has the shape that form asks for. Used by the adequacy check (A2RAG V_ans).
import { loadNlp } from '../internal/lazy-nlp.js';
import type { QueryAnalysis } from '@rag/core';
import { splitSentences } from './sentences.js';
import { MONTH_NAMES, isNumeric, isYear, normTokens, tokenize } from './normalize.js';

export type AnswerType = QueryAnalysis['answerType'];

const AUXILIARIES = new Set([
  'is', 'are', 'was', 'were', 'do', 'does', 'did', 'can', 'could', 'has', 'have', 'had', 'will', 'would',
  'should', 'shall', 'may', 'might', 'must', 'am',
]);

/**
 * The question's last sentence. A "sentence" that opens with a closing quote mark is the rest of
 * one a quoted mark cut ("drop the leading '?' when I …"): it joins the one before.
 */
function lastSentence(query: string): { start: number; end: number } | undefined {
  const sentences = splitSentences(query);
  let i = sentences.length - 1;
  while (i > 0 && /^['"’”)\]]/u.test(query.slice(sentences[i]!.start, sentences[i]!.end).trimStart())) i--;
  const last = sentences.at(-1);
  return last && sentences[i] ? { start: sentences[i]!.start, end: last.end } : last;
}

// A leading subordinate clause and its comma, before a wh-word or an auxiliary.
const LEADING_CLAUSE = /^(?:when|whenever|if|once|after|before|while|unless|as soon as)\b[^,?]{1,120},\s*(?=(?:who|whom|whose|what|which|where|when|how|is|are|was|were|do|does|did|can|could|will|would|should|may|must|has|have|had)\b)/;

/** The answer type a question's form asks for. */
export function questionForm(query: string): AnswerType {
  // Multi-sentence questions ("X has an OBE. Does Y also have one?") ask in their last sentence.
  const last = lastSentence(query);
  const whole = (last ? query.slice(last.start, last.end) : query).trim().toLowerCase().replace(/\s+/g, ' ');
  // "When a client sends broken JSON, what value …?": a leading clause, then the question's own
  // wh-word or auxiliary, which decides.
  const q = LEADING_CLAUSE.exec(whole) ? whole.replace(LEADING_CLAUSE, '') : whole;
  const first = normTokens(q)[0] ?? '';
  // "how many" asks for a number unless an earlier what / which phrase is the question ("which
  // option decides how many bits …" asks for the option).
  const how = /\bhow (many|much|long|old|far|tall|big|large|high|often|deep|wide|heavy)\b/.exec(q);
  if (how && !/^(?:\S+\s+){0,3}?(?:what|which)\s+[a-z-]+/.test(q.slice(0, how.index))) return 'number';
  if (/\bwhat (is|was) the (number|population|total|amount|count)\b|\bwhat (number|percentage|percent|amount)\b/.test(q))
    return 'number';
  // "when" is a date question only as the question word, not as a conjunction ("… when X did Y").
  if (first === 'when' || /\b(what|which|in which|in what) (year|date|decade|century|month|day|time)\b/.test(q)) return 'date';
  if (AUXILIARIES.has(first) && !/\b(who|whom|what|which|where|when|how)\b/.test(q.split(/[,?]/)[0] ?? ''))
    return offersNamedAlternative(last ? query.slice(last.start, last.end) : query) ? 'entity' : 'yesno';
  // "In version 5, is …?", "If I pass X, does …?": one leading clause, then the auxiliary; and
  // "Does X set Y when Z …?": a wh-word after the auxiliary's subject opens a subordinate clause.
  // Up to two leading clauses: "In version 2, if a request has no body, is …?".
  const lead = /^(?:(?:in|if|when|with|after|before|since|for|on|by|unless|once)\b[^,?]{0,100},\s*){0,2}(\w+)\s+(\S+)/.exec(q);
  if (lead && AUXILIARIES.has(lead[1]!) && !/^(?:who|whom|what|which|where|when|how)$/.test(lead[2]!) && (first === lead[1] || /^(?:in|if|when|with|after|before|since|for|on|by|unless|once)$/.test(first)))
    return offersNamedAlternative(last ? query.slice(last.start, last.end) : query) ? 'entity' : 'yesno';
  if (first === 'who' || first === 'whom' || /\bby (who|whom)\b/.test(q) || /\bwhom\b|\b(which|what) (person|man|woman|actor|actress|author|writer|singer)\b/.test(q))
    return 'person';
  // Likewise "where" only as the question word ("the city where X was born" is not a where-question).
  if (first === 'where' || /^(in |at |from )?(what|which) (city|country|state|town|county|place|continent|region|province|island)\b/.test(q))
    return 'place';
  if (/\b(what|which|who|whom|whose)\b/.test(q)) return 'entity';
  return 'other';
}

/**
 * "Was A or B born first?", "Is the X Tower or Y Avenue taller?": an auxiliary-first question
 * whose "or" joins two named options asks for one of them, not for yes or no. Both sides must
 * read as names (a capital or a digit right after "or", and one before it in the same clause);
 * "… known by multiple names or nicknames?" and "… or not?" stay yes/no questions.
 */
export function offersNamedAlternative(question: string): boolean {
  const clause = question.trim().replace(/\?+$/, '');
  if (/\bor not$/i.test(clause)) return false;
  const m = /^([^,;:]*?)\s+or\s+(?:the\s+|a\s+|an\s+)?(\S+)/i.exec(clause.split(/[;:]/).at(-1) ?? clause);
  if (!m) return false;
  const before = m[1]!.split(/\s+/).slice(1); // the auxiliary may be capitalised as the first word
  return /^[\p{Lu}\d]/u.test(m[2]!) && before.some((w) => /^[\p{Lu}\d]/u.test(w));
}

export interface AnswerShape {
  empty: boolean;
  yesno?: 'yes' | 'no';
  hasNumber: boolean;
  hasDate: boolean;
  /** Only numbers / dates / their units: nothing that could name a person or place. */
  onlyNumeric: boolean;
  capitalised: boolean;
}

const ABSTENTION =
  /\b(i (do not|don't|cannot|can't) (know|tell|say|determine|answer)|unknown|cannot be (determined|answered)|can't be (determined|answered)|not (mentioned|stated|specified|provided|given|available)|no (information|answer|evidence|mention)|(insufficient|not enough) (information|evidence|context)|unable to (answer|determine|find))\b/i;

export function isAbstention(answer: string): boolean {
  return ABSTENTION.test(answer);
}

const DATE_WORDS = new Set(['century', 'centuries', 'spring', 'summer', 'autumn', 'fall', 'winter', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday', 'today', 'yesterday', 'ago', 'am', 'pm', 'midnight', 'noon']);

const NUMERIC_UNITS = new Set(['century', 'centuries', 'year', 'years', 'ad', 'bc', 'bce', 'ce', 'am', 'pm', 'percent', 'about', 'around', 'approximately', 'over', 'under', 'million', 'billion', 'thousand']);

export function answerShape(answer: string): AnswerShape {
  const tokens = tokenize(answer);
  const norms = tokens.map((t) => t.norm);
  const first = norms[0];
  const shape: AnswerShape = {
    empty: norms.length === 0,
    hasNumber: norms.some((t) => isNumeric(t) || GLUED_QUANTITY.test(t)),
    hasDate: norms.some((t) => isYear(t) || MONTH_NAMES.has(t) || DATE_WORDS.has(t)),
    onlyNumeric: norms.length > 0 && norms.every((t) => isNumeric(t) || MONTH_NAMES.has(t) || NUMERIC_UNITS.has(t) || t === 'the' || t === 'of' || t === 'in'),
    capitalised: tokens.some((t) => /^\p{Lu}/u.test(answer.slice(t.start, t.end))),
  };
  if (first === 'yes' || first === 'no') shape.yesno = first;
  return shape;
}

export interface TypeAgreement {
  /** true: the shape fits; false: it contradicts the form; undefined: cannot tell. */
  agree: boolean | undefined;
  reason: string;
}

/** Does compromise read the text as (containing) a person's name? */
export function isPersonName(text: string): boolean {
  return loadNlp()(text).people().length > 0;
}

/** Does compromise read the whole text as one person's name ("Walt Disney Pictures" is not)? */
export function isWholePersonName(text: string): boolean {
  const people = loadNlp()(text).people().out('array') as string[];
  const want = normTokens(text).join(' ');
  return people.some((p) => normTokens(p).join(' ') === want);
}

/** Does compromise also read the text as an organisation or a place ("Walt Disney Pictures")? */
export function isOrganizationOrPlace(text: string): boolean {
  const doc = loadNlp()(text);
  return doc.organizations().length > 0 || doc.places().length > 0 || ORG_WORD.test(text.trim());
}

// Last words that make a name an organisation's or a work's ("Walt Disney Pictures").
const ORG_WORD = /\b(Pictures|Records|Studios?|Films|Productions|Entertainment|Press|Books|Publishing|Network|Company|Corporation|Inc|Ltd|Group|Foundation|Institute|University|College|School|Academy|Club|Band|Orchestra|Airlines?|Railways?|Bank|Hotel|Hospital|Church|Cathedral|Museum|Park|Stadium|Award|Prize|Festival|League|Cup|Championship)\.?$/;

// A number written together with its unit or exponent, as docs write values: "100kb", "16kib",
// "30ms", "4e3".
const GLUED_QUANTITY = /^\d+(?:\.\d+)?(?:[a-z]{1,3}|e\d+)$/;

/** Does the answer have the shape the question's form asks for? */
export function typeAgreement(form: AnswerType, answer: string): TypeAgreement {
  const s = answerShape(answer);
  if (s.empty) return { agree: false, reason: 'the answer is empty' };
  if (form === 'yesno') {
    return s.yesno
      ? { agree: true, reason: `yes/no question answered "${s.yesno}"` }
      : { agree: false, reason: 'a yes/no question needs an answer starting with yes or no' };
  }
  if (s.yesno && normTokens(answer).length <= 2)
    return { agree: false, reason: `a ${form} question was answered with a bare "${s.yesno}"` };
  switch (form) {
    case 'number':
      return s.hasNumber
        ? { agree: true, reason: 'a how-many/how-much question answered with a number' }
        : { agree: false, reason: 'a how-many/how-much question needs a number in the answer' };
    case 'date':
      return s.hasDate || s.hasNumber
        ? { agree: true, reason: 'a when question answered with a date or year' }
        : { agree: false, reason: 'a when/what-year question needs a date, year, decade or century' };
    case 'person':
    case 'place':
      if (s.onlyNumeric) return { agree: false, reason: `a ${form} question was answered with only a number or date` };
      // A capitalised span is not yet a person: compromise's lexicon of given names and
      // honorifics must recognise it ("Domestic Disturbance" is a film, not a director).
      if (form === 'person' && s.capitalised && !isPersonName(answer))
        return { agree: undefined, reason: `a person question answered with "${answer.slice(0, 60)}", which is not recognisable as a person's name` };
      return s.capitalised
        ? { agree: true, reason: `a ${form} question answered with a name` }
        : { agree: undefined, reason: `a ${form} question answered without a capitalised name` };
    default:
      return { agree: undefined, reason: 'the question form does not constrain the answer type' };
  }
}
