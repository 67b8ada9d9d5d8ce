// The lexical side of the coverage gate (coverage-gate.ts, `lexicalCover`): does one passage of
// the corpus hold at least half of the content words of the question (at least two)? A question
// in the user's own words shares some words with the passage that answers it, seldom all of them
// (docs/notes/2026-11-29-gate-beyond-wikipedia.md). Words are compared by lemma prefix
// ("publish" covers "published", "publishConfig"; "packages" → "package" covers "package"), so
// inflection does not hide a passage that is about the question.
import { ENGLISH_STOP_WORDS, tokenize } from '@rag/core';
import type { RagIndex } from '@rag/indexer';
import { headNoun, lemmaTokens } from '@rag/verify';

/** The question's content lemmas: not stop words, at least two characters, deduplicated. */
export function contentLemmas(query: string): string[] {
  const lemmas = lemmaTokens(query)
    .map((t) => t.lemma.toLowerCase())
    .filter((l) => l.length >= 2 && !ENGLISH_STOP_WORDS.has(l) && /[\p{L}\p{N}]/u.test(l));
  return [...new Set(lemmas)];
}

/**
 * The noun a "what/which …" phrase asks about ("At what temperature …" → temperature; "what kind
 * of engine" → kind, engine), as lemmas. It names the answer's type, which a passage states by
 * its value ("100 degrees"), so the lexical cover does not require it.
 */
export function askedNounLemmas(query: string): string[] {
  const m = /\b(?:what|which)\s+(?:((?:kind|type|sort)s?)\s+of\s+)?([\p{L}][\p{L}\p{N}'-]*)/iu.exec(query);
  if (!m) return [];
  // The type lexicon's head when it has one ("what U.S. state" → state), else the word after the wh-word.
  return [m[1], headNoun(query) ?? m[2]].flatMap((w) => (w ? lemmaTokens(w).map((t) => t.lemma.toLowerCase()) : [])).filter((l) => !ENGLISH_STOP_WORDS.has(l));
}

/** A passage token covers a lemma when it equals it or, for lemmas of 4+ characters, starts with it. */
function covers(tokens: readonly string[], lemma: string): boolean {
  return tokens.some((t) => t === lemma || (lemma.length >= 4 && t.startsWith(lemma)));
}

/** Least share of the question's content words one passage must hold (round value: half). */
export const MIN_COVERED_SHARE = 0.5;

/**
 * The id of the first of the query's top `hits` keyword hits whose text holds at least half of
 * the content lemmas of the query but the asked noun (`askedNounLemmas`), and at least two of them
 * (one word found somewhere says little about coverage), or undefined.
 */
export async function coveringPassage(index: RagIndex, query: string, hits: number): Promise<string | undefined> {
  const asked = new Set(askedNounLemmas(query));
  const lemmas = contentLemmas(query).filter((l) => !asked.has(l));
  if (lemmas.length < 2) return undefined;
  for (const hit of await index.keyword.search(query, hits)) {
    const chunk = index.getChunk(hit.id);
    if (!chunk) continue;
    const tokens = tokenize(chunk.text);
    const held = lemmas.filter((l) => covers(tokens, l)).length;
    if (held >= 2 && held >= MIN_COVERED_SHARE * lemmas.length) return chunk.id;
  }
  return undefined;
}
