// Cues of the relation a question asks about: the lemmas of its verbs and common nouns outside
// its named entities ("born", "direct", "capital", "found"), read with compromise's tagger and
// root forms, plus a few derivations that state the same relation with another word ("born" ↔
// "birth", "directed" ↔ "director", "wife" ↔ "married"). Matching is on lemmas on both sides.
import { memoByText } from '@rag/core';
import { loadNlp, taggedTerms } from '../internal/lazy-nlp.js';
import { STOP_WORDS } from './stop-words.js';
import { questionWordAt } from './expected-type.js';

export interface LemmaToken {
  /** Lower-cased lemma (compromise's root form, else the word). */
  lemma: string;
  /** Word index in the text. */
  index: number;
  start: number;
  end: number;
}

// Words that say nothing about the relation asked ("what is the name of …", "also", "both").
const GENERIC = new Set([
  'name', 'call', 'know', 'be', 'have', 'do', 'get', 'make', 'also', 'both', 'same', 'other', 'one', 'first', 'which',
  'what', 'who', 'whom', 'whose', 'when', 'where', 'how', 'many', 'much', 'thing', 'type', 'kind', 'person', 'people',
  'the', 'there', 'it', 'this', 'that', 'these', 'those', 'here', 'refer', 'feature', 'include', 'consider', 'give', 'part',
  'become',
]);

// Words stating the same relation (lemmas), grouped; a cue matches any word of its group.
const RELATED: readonly (readonly string[])[] = [
  ['born', 'birth', 'bear', 'birthplace', 'native'],
  ['die', 'death', 'dead', 'died'],
  ['marry', 'married', 'wife', 'husband', 'spouse', 'widow', 'marriage', 'wed'],
  ['direct', 'director', 'directed'],
  ['write', 'writer', 'author', 'written', 'wrote', 'pen'],
  ['found', 'founder', 'founded', 'establish', 'established', 'co-found', 'cofounder', 'form', 'formed'],
  ['produce', 'producer', 'produced', 'production'],
  ['star', 'starring', 'starred', 'actor', 'actress', 'cast', 'play', 'portray'],
  ['sing', 'singer', 'vocalist', 'perform', 'performer', 'performed', 'record', 'recorded', 'sung', 'sang'],
  ['compose', 'composer', 'composed'],
  ['locate', 'located', 'location', 'situated', 'lies', 'base', 'based', 'headquarter', 'headquarters', 'headquartered', 'find'],
  ['release', 'released', 'debut', 'premiere', 'air', 'publish', 'published'],
  ['own', 'owner', 'owned', 'owns', 'acquire'],
  ['design', 'designer', 'designed'],
  ['create', 'creator', 'created'],
  ['lead', 'leader', 'led', 'head'],
  ['coach', 'manager', 'manage'],
  ['language', 'speak', 'spoken'],
  ['capital', 'seat'],
  ['sibling', 'brother', 'sister', 'half-brother', 'half-sister'],
  ['child', 'son', 'daughter'],
  ['parent', 'father', 'mother'],
  ['citizen', 'citizenship', 'nationality'],
  ['occur', 'happen'],
  ['member', 'join', 'joined'],
];
// Relations evidence states from the other side: "X's son Y" says X is Y's father.
const INVERSE: readonly (readonly [string, string])[] = [['parent', 'child']];

const GROUP = new Map<string, number>();
RELATED.forEach((g, i) => g.forEach((w) => GROUP.set(w, i)));

/**
 * The words evidence uses for the relation a question word names ("spouse" → married, wife …;
 * "father" → son, daughter): the other words of its group, and for a family relation the words
 * of its inverse. Matched on the word as written, so a group lists inflected forms too. Empty
 * when the word names no listed relation.
 */
export function relationWords(word: string): string[] {
  const w = word.toLowerCase();
  const g = GROUP.get(w);
  if (g === undefined) return [];
  const out = RELATED[g]!.filter((x) => x !== w);
  for (const [a, b] of INVERSE) {
    const ga = GROUP.get(a);
    const gb = GROUP.get(b);
    if (g === ga) out.push(...RELATED[gb!]!);
    if (g === gb) out.push(...RELATED[ga!]!);
  }
  return out;
}

/** Lemma tokens of a text (compromise root forms; numbers and punctuation left out). */
function computeLemmaTokens(text: string): LemmaToken[] {
  const doc = loadNlp()(text);
  doc.compute('root');
  const out: LemmaToken[] = [];
  let index = 0;
  let cursor = 0;
  for (const sentence of doc.json({ offset: true }) as { terms: { text: string; root?: string; normal?: string; offset?: { start: number; length: number } }[] }[]) {
    for (const t of sentence.terms) {
      const word = (t.root ?? t.normal ?? t.text).toLowerCase();
      const at = t.offset?.start ?? text.indexOf(t.text, cursor);
      const start = at < 0 ? cursor : at;
      const end = start + (t.offset?.length ?? t.text.length);
      cursor = end;
      for (const part of word.split(/[^\p{L}\p{N}-]+/u).filter(Boolean)) out.push({ lemma: part, index, start, end });
      index++;
    }
  }
  // "took place", "takes place": the phrase says "occur", which neither word says alone.
  for (let i = out.length - 1; i > 0; i--) {
    if (out[i]!.lemma === 'place' && out[i - 1]!.lemma === 'take' && out[i - 1]!.index === out[i]!.index - 1) out.splice(i + 1, 0, { ...out[i]!, lemma: 'occur' });
  }
  return out;
}

/** Memoised per text (Triple-Check and the calibrator ask for the same passages' lemmas many times); each caller gets its own copy. */
export const lemmaTokens = memoByText(computeLemmaTokens, { copy: (tokens) => tokens.map((t) => ({ ...t })) });

/** A question's tagged words with root forms, per sentence; memoised (read-only here: never handed out). */
const rootedSentences = memoByText((query: string) => {
  const doc = loadNlp()(query);
  doc.compute('root');
  return doc.json() as { terms: { text: string; root?: string; normal?: string; tags: string[] }[] }[];
});

/** Do two lemmas state the same relation? Equal, in one RELATED group, or sharing a 6-letter stem. */
export function sameRelation(a: string, b: string): boolean {
  if (a === b) return true;
  const ga = GROUP.get(a);
  if (ga !== undefined && ga === GROUP.get(b)) return true;
  return a.length >= 6 && b.length >= 6 && a.slice(0, 6) === b.slice(0, 6);
}

/**
 * Relation cues of a question: lemmas of its verbs and nouns that are not stop words, generic
 * words, or words of the names it mentions (`entityWords`, lower-cased).
 */
export function relationCues(query: string, entityWords: ReadonlySet<string>, only?: 'verbs' | 'relations'): string[] {
  const out = new Set<string>();
  for (const sentence of rootedSentences(query)) {
    for (const t of sentence.terms) {
      const tags = new Set(t.tags);
      // Demonyms ("American", "Swedish") say what the entity is, not which entity it is.
      const demonym = tags.has('Demonym') || (tags.has('ProperNoun') && /^\p{Lu}\p{Ll}+(?:ese|ish|ian)$/u.test(t.text) && !entityWords.has(t.text.toLowerCase()));
      // A lower-case word is never a name, whatever the tagger says ("the first president of").
      const proper = tags.has('ProperNoun') && /^\p{Lu}/u.test(t.text);
      if ((proper && !demonym) || tags.has('Auxiliary') || tags.has('Copula') || tags.has('Pronoun')) continue;
      if (!(tags.has('Verb') || tags.has('Noun') || tags.has('Adjective'))) continue;
      if (only === 'verbs' && !(tags.has('Verb') && !tags.has('Noun'))) continue;
      // An adjective ("usual", "main", "current") qualifies a hop; it is not a relation of its own.
      if (only === 'relations' && tags.has('Adjective') && !tags.has('Verb') && !tags.has('Noun') && !GROUP.has((t.root ?? t.normal ?? t.text).toLowerCase())) continue;
      const surface = (t.normal ?? t.text).toLowerCase();
      const lemma = (t.root ?? surface).toLowerCase();
      if (entityWords.has(surface) || entityWords.has(lemma)) continue;
      if (STOP_WORDS.has(surface) || GENERIC.has(lemma) || lemma.length < 3 || /\d/.test(lemma)) continue;
      out.add(lemma);
    }
  }
  return [...out];
}

const CLAUSE_MARK = /,|\b(that|which|who|whom|whose|where|when|while|after|before|because|if|and|by)\b/gi;
/** Words of the asked clause kept on each side of the question word. */
const CLAUSE_WORDS = 8;

function words(text: string, keep: number, from: 'start' | 'end'): string {
  const w = text.trim().split(/\s+/).filter(Boolean);
  return (from === 'start' ? w.slice(0, keep) : w.slice(-keep)).join(' ');
}

/**
 * "country located in Southern Africa is the birth place of X" → "country is the birth place of
 * X": a participle phrase right after the asked noun only narrows the answer; the verb after it
 * carries the asked relation.
 */
function withoutReducedRelative(clause: string): string {
  const terms = taggedTerms(clause);
  // A past participle after a noun and before a preposition ("country located in", "film directed by").
  const p = terms.findIndex((t, i) => i > 0 && t.tags.includes('PastTense') && terms[i - 1]!.tags.includes('Noun') && terms[i + 1]?.tags.includes('Preposition') === true);
  if (p < 0) return clause;
  const v = terms.findIndex((t, i) => i > p + 1 && t.tags.includes('Verb'));
  if (v < 0) return clause;
  return [...terms.slice(0, p), ...terms.slice(v)].map((t) => t.text).join(' ');
}

/**
 * The clause the question word asks in: "Who produced the single that …" → "produced the
 * single"; "… was produced by a man born in what year?" → "a man born in what year". Its words
 * name the relation the answer must stand in — not the relations of the other hops.
 */
export function askedClause(query: string): string {
  const q = query.trim();
  const lastStop = Math.max(q.lastIndexOf('. ', q.length - 2), q.lastIndexOf('? ', q.length - 2));
  const from = lastStop >= 0 ? lastStop + 2 : 0;
  const sentence = q.slice(from);
  const picked = questionWordAt(sentence);
  if (!picked) return sentence;
  const marks = [...sentence.matchAll(CLAUSE_MARK)].map((m) => ({ at: m.index ?? 0, len: m[0].length }));
  const at = picked.index;
  const whEnd = at + picked.word.length;
  if (/^\s*(?:(?:in|at|from|to|by|for|of|on|with|during|under)\s+)?$/i.test(sentence.slice(0, at)) || /,\s*$/.test(sentence.slice(0, at))) {
    const start = whEnd;
    const mark = marks.find((m) => m.at >= start);
    const end = mark?.at ?? sentence.length;
    // "When did the country where X is located, become a member of …?": a relative clause closed
    // by a comma describes another hop; the asked clause resumes after the comma.
    const comma = mark && /^(?:where|which|that|who|whom|whose|when)$/i.test(sentence.slice(mark.at, mark.at + mark.len)) ? sentence.indexOf(',', mark.at) : -1;
    if (comma > 0) {
      const resume = comma + 1;
      const stop = marks.find((m) => m.at >= resume)?.at ?? sentence.length;
      return `${words(sentence.slice(start, end), CLAUSE_WORDS, 'start')} ${words(sentence.slice(resume, stop), CLAUSE_WORDS, 'start')}`.trim();
    }
    return words(withoutReducedRelative(sentence.slice(start, end)), CLAUSE_WORDS, 'start');
  }
  const before = marks.filter((m) => m.at + m.len <= at && m.at !== at).at(-1);
  const start = before ? before.at + before.len : 0;
  const after = marks.find((m) => m.at >= whEnd);
  // A few words before the question word ("a man born in what year") and the rest of its clause;
  // when two verbs stand before it ("the state where X died has how many …"), the last one
  // governs the question word and the words before it describe another hop.
  let pre = words(sentence.slice(start, at), 4, 'end');
  const terms = taggedTerms(pre);
  const verbs = terms.map((t, i) => ({ t, i })).filter(({ t }) => t.tags.includes('Verb') && !t.tags.includes('Noun') && !t.tags.includes('Particle'));
  if (verbs.length >= 2) pre = terms.slice(verbs.at(-1)!.i).map((t) => t.text).join(' ');
  return `${pre} ${words(sentence.slice(at, after?.at ?? sentence.length), CLAUSE_WORDS, 'start')}`.trim();
}
