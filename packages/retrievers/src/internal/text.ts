// Text helpers shared by the retrievers: one tokenizer so BM25, seed matching and the
// sufficiency judge agree on what a "term" is.
import { matchKey, tokenEndsSentence } from '@rag/core';

const STOP = new Set(
  (
    'a about above after again against all also am an and any are as at be because been before being below between both but by ' +
    'can could did do does doing down during each few for from further had has have having he her here hers herself him himself his ' +
    'how i if in into is it its itself just me more most my myself no nor not now of off on once only or other our ours ourselves out ' +
    'over own same she should so some such than that the their theirs them themselves then there these they this those through to too ' +
    'under until up very was we were what when where which while who whom why will with would you your yours yourself yourselves ' +
    'whose many much one ones did does done was were s t besides however although though meanwhile despite according following today currently'
  ).split(/\s+/),
);

export function isStopWord(word: string): boolean {
  return STOP.has(word);
}

/** Lower-cased word tokens (letters/digits, diacritics folded), stop words removed. */
export function tokenize(text: string): string[] {
  const out: string[] = [];
  for (const raw of normalize(text).split(' ')) if (raw && !STOP.has(raw)) out.push(raw);
  return out;
}

/** Lower-case, fold diacritics, punctuation to spaces, collapse whitespace (@rag/core's `matchKey`: graph files store name keys made by it). */
export const normalize = matchKey;

/** All word tokens including stop words (for n-gram matching of names). */
export function words(text: string): string[] {
  const n = normalize(text);
  return n ? n.split(' ') : [];
}

const CAP_WORD = /^[\p{Lu}\p{N}][\p{L}\p{N}'’.-]*$/u;
const CONNECTORS = new Set(['of', 'the', 'de', 'la', 'von', 'van', 'and', 'for', 'in', 'du', 'del', 'da', 'di', 'le', '&']);

/**
 * Capitalised phrases ("Haymo of Faversham", "Christopher Nolan") — a rule-based mention
 * detector that needs no model. Sentence-initial single stop words are dropped; a phrase ends
 * with its sentence ("… under GPLv3. Where …" gives "GPLv3", not "GPLv3. Where").
 */
export function capitalisedPhrases(text: string): { text: string; start: number; end: number }[] {
  const out: { text: string; start: number; end: number }[] = [];
  const re = /[\p{L}\p{N}][\p{L}\p{N}'’.&-]*/gu;
  const toks: { w: string; s: number; e: number }[] = [];
  for (const m of text.matchAll(re)) toks.push({ w: m[0], s: m.index ?? 0, e: (m.index ?? 0) + m[0].length });
  let i = 0;
  while (i < toks.length) {
    const t = toks[i]!;
    if (!CAP_WORD.test(t.w) || isStopWord(t.w.toLowerCase())) {
      i += 1;
      continue;
    }
    let j = i;
    let last = i;
    while (j + 1 < toks.length) {
      const nx = toks[j + 1]!;
      const gap = text.slice(toks[j]!.e, nx.s);
      if (/[,;:()"“”?!]|\.\s/.test(gap) || tokenEndsSentence(toks[j]!.w)) break;
      // Inside a name a capitalised stop word belongs to it, as titles capitalise them ("Pick Me Up").
      if (CAP_WORD.test(nx.w) && (!isStopWord(nx.w.toLowerCase()) || /^\p{Lu}/u.test(nx.w))) {
        j += 1;
        last = j;
      } else if (CONNECTORS.has(nx.w.toLowerCase()) && j + 2 < toks.length && CAP_WORD.test(toks[j + 2]!.w)) {
        j += 1;
      } else break;
    }
    const s = t.s;
    const e = toks[last]!.e;
    const phrase = text.slice(s, e).replace(/['’]s$/u, '').replace(/[.’'-]+$/u, '');
    if (phrase.length > 1) out.push({ text: phrase, start: s, end: s + phrase.length });
    i = last + 1;
  }
  return out;
}

/** Quoted strings in the query are strong entity mentions (titles of works). */
export function quotedPhrases(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(/["“]([^"”]{2,80})["”]/g)) if (m[1]) out.push(m[1]);
  return out;
}

export function jaccard(a: readonly string[], b: readonly string[]): number {
  if (a.length === 0 || b.length === 0) return 0;
  const sa = new Set(a);
  const sb = new Set(b);
  let inter = 0;
  for (const x of sa) if (sb.has(x)) inter += 1;
  return inter / (sa.size + sb.size - inter);
}

/**
 * Short forms of a document title under the usual encyclopaedic conventions: a trailing
 * parenthetical disambiguator ("Brand (play)" → "Brand") and a trailing ", Region" qualifier
 * ("Leland, North Carolina" → "Leland").
 */
export function titleForms(title: string, options: { qualifier?: boolean } = {}): string[] {
  const out = new Set<string>([title.trim()]);
  const noParen = title.replace(/\s*\([^)]*\)\s*$/u, '').trim();
  if (noParen) out.add(noParen);
  const comma = noParen.indexOf(',');
  if (comma > 0 && options.qualifier !== false) out.add(noParen.slice(0, comma).trim());
  return [...out].filter(Boolean);
}
