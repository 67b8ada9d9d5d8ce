// Expected answer type from the question: the wh-word and the head noun it governs ("what
// state", "which film", "in what year", "how many") mapped to an entity type through a small
// typed lexicon. The head noun is also a cue of the asked relation ("the capital of …"), which
// the relation-aware adequacy check looks for next to the answer. Shared by reader and verifier.
import { questionForm, type AnswerType } from './answer-type.js';
import { taggedTerms } from '../internal/lazy-nlp.js';
import { splitSentences } from './sentences.js';

export type EntityType = 'Person' | 'Place' | 'Organization' | 'Work' | 'Language' | 'Date' | 'Number' | 'YesNo' | 'Thing';

export interface ExpectedType {
  /** The question form (questionForm). */
  form: AnswerType;
  /** The entity type the answer should have; Thing when the question does not say. */
  type: EntityType;
  /** The noun the wh-word governs ("state" in "what state …"), lower-cased; absent for who/when/where. */
  head?: string;
}

// Head nouns by the entity type they ask for. Plural forms are folded before the lookup.
const LEXICON: Record<Exclude<EntityType, 'YesNo' | 'Thing'>, readonly string[]> = {
  Person: [
    'person', 'man', 'woman', 'actor', 'actress', 'author', 'writer', 'singer', 'director', 'producer', 'player',
    'artist', 'musician', 'composer', 'poet', 'politician', 'president', 'king', 'queen', 'leader', 'founder',
    'coach', 'novelist', 'painter', 'architect', 'scientist', 'member', 'wife', 'husband', 'son', 'daughter',
    'father', 'mother', 'brother', 'sister', 'rapper', 'comedian', 'journalist', 'guitarist', 'drummer', 'vocalist',
  ],
  Place: [
    'city', 'country', 'state', 'town', 'county', 'place', 'continent', 'region', 'province', 'island', 'village',
    'location', 'nation', 'river', 'mountain', 'range', 'district', 'borough', 'area', 'capital', 'neighborhood', 'suburb', 'territory',
  ],
  Organization: [
    'company', 'team', 'band', 'group', 'university', 'college', 'school', 'organization', 'organisation', 'club',
    'party', 'network', 'label', 'airline', 'corporation', 'firm', 'brand', 'agency', 'league', 'newspaper', 'magazine',
  ],
  Work: ['film', 'movie', 'book', 'novel', 'album', 'song', 'show', 'series', 'play', 'opera', 'game', 'poem', 'single', 'musical', 'episode', 'sitcom'],
  Language: ['language', 'dialect'],
  Date: ['year', 'date', 'decade', 'century', 'month', 'day', 'time', 'era', 'season', 'deadline'],
  Number: ['number', 'population', 'total', 'amount', 'count', 'percentage', 'percent'],
};

const BY_HEAD = new Map<string, EntityType>();
for (const [type, heads] of Object.entries(LEXICON)) for (const h of heads) BY_HEAD.set(h, type as EntityType);

function singular(word: string): string {
  if (word.length > 5 && word.endsWith('sses')) return word.slice(0, -2);
  if (word.length > 4 && word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (word.length > 3 && word.endsWith('s') && !/(ss|us|is)$/.test(word)) return word.slice(0, -1);
  return word;
}

/** A noun of the type lexicon ("team", "film", "city"): it names a kind of thing, not a relation. */
export function isClassNoun(word: string): boolean {
  return BY_HEAD.has(singular(word.toLowerCase()));
}

// Person nouns that name a kind of person, not a role someone has towards something.
const NOT_ROLES = new Set(['person', 'man', 'woman']);

/**
 * A person noun that names a role towards something ("the first president of", "the director
 * of"): asked of an entity, it is the relation, not only the answer's type.
 */
export function isRoleNoun(word: string): boolean {
  const s = singular(word.toLowerCase());
  return BY_HEAD.get(s) === 'Person' && !NOT_ROLES.has(s);
}

/**
 * Where the interrogative word of a sentence is: "what"/"how" wherever they are; otherwise the
 * first which/who/whom/whose/where/when at the start, after a comma or after a preposition
 * ("in which", "by who") — a "which" after a noun ("a University which …") is relative.
 */
export function questionWordAt(sentence: string): { index: number; word: string } | undefined {
  // "how" asks only as "how many/much/long …" or "how did/is …", not in a title ("How to Eat").
  const all = [...sentence.matchAll(/\b(what|which|who|whom|whose|when|where|how)\b/gi)].filter(
    (m) => !/^how$/i.test(m[1]!) || /^\s+(many|much|long|old|far|tall|big|large|high|often|deep|wide|heavy|did|does|do|is|was|were|are|can|could)\b/i.test(sentence.slice((m.index ?? 0) + 3)),
  );
  const what = all.find((m) => /^(what|how)$/i.test(m[1]!));
  const pick =
    what ??
    all.find((m) => /(^\s*|,\s*|\b(?:in|at|from|to|by|for|of|on|with|during|under|and|is|was|are|were)\s+)$/i.test(sentence.slice(0, m.index))) ??
    all.at(-1);
  return pick ? { index: pick.index ?? 0, word: pick[1]!.toLowerCase() } : undefined;
}

/** compromise's tags of each word of a short phrase, or undefined when its terms do not line up with the words. */
function nounPhraseTags(words: readonly string[]): string[][] | undefined {
  const terms = taggedTerms(words.join(' '));
  return terms.length === words.length ? terms.map((t) => t.tags) : undefined;
}

// A verb or preposition ends the noun phrase after the wh-word.
const PHRASE_END = /^(is|was|are|were|does|did|do|has|had|can|will|in|of|on|at|by|for|from|to|with)$/;

/** The noun a wh-word governs: "what U.S. state" → "state", "which 2004 film" → "film". */
export function headNoun(query: string): string | undefined {
  return headPhrase(query)?.head;
}

/** The head noun and the words between it and the wh-word ("what college preparatory boys' school"). */
export function headPhrase(query: string): { head: string; modifiers: string[] } | undefined {
  const last = splitSentences(query).at(-1);
  const q = (last ? query.slice(last.start, last.end) : query).toLowerCase();
  const at = questionWordAt(q);
  if (!at || !/^(what|which|whose)$/.test(at.word)) return undefined;
  // "What is the native language of …": the copula and article before the noun phrase are skipped.
  const m = /^\S+\s+(?:(?:is|was|are|were)\s+(?:the|a|an)\s+)?((?:[\p{L}\p{N}.'-]+\s+){0,4})/u.exec(`${q.slice(at.index).replace(/[?!,;:()"]/g, ' ')} `);
  if (!m) return undefined;
  const words = (m[1] ?? '').trim().split(/\s+/).filter(Boolean);
  // The first lexicon noun within four words ("which Danish heavy metal band") ("what American rock band" → band).
  let tags: string[][] | undefined;
  for (const [i, w] of words.entries()) {
    const s = singular(w.replace(/[^\p{L}]/gu, ''));
    // "what area code", "which state senator": a lexicon noun before another noun modifies it.
    if (BY_HEAD.has(s) && i + 1 < words.length) {
      tags ??= nounPhraseTags(words);
      const next = tags?.[i + 1];
      if (next && next.includes('Noun') && !next.includes('Verb') && !next.includes('Pronoun')) continue;
    }
    // "what college preparatory boys' school": a lexicon noun later in the same noun phrase is the head.
    const rest = words.slice(i + 1);
    const end = rest.findIndex((x) => PHRASE_END.test(x));
    if (BY_HEAD.has(s) && (end < 0 ? rest : rest.slice(0, end)).some((x) => BY_HEAD.has(singular(x.replace(/[^\p{L}]/gu, ''))))) continue;
    if (BY_HEAD.has(s)) return { head: s, modifiers: words.slice(0, i).map((x) => x.replace(/[^\p{L}]/gu, '')).filter(Boolean) };
    // A verb or preposition ends the noun phrase ("which is …", "what in …").
    if (PHRASE_END.test(w)) break;
  }
  return undefined;
}

/** What kind of answer the question asks for. */
export function expectedType(query: string): ExpectedType {
  const form = questionForm(query);
  const head = headNoun(query);
  const headType = head ? BY_HEAD.get(head) : undefined;
  const byForm: Partial<Record<AnswerType, EntityType>> = { person: 'Person', place: 'Place', date: 'Date', number: 'Number', yesno: 'YesNo' };
  // The form decides who/when/where/how many; the head noun refines "what/which …".
  const type = form === 'entity' || form === 'other' ? (headType ?? 'Thing') : (byForm[form] ?? headType ?? 'Thing');
  return { form, type, ...(head ? { head } : {}) };
}
