// The lexical side of the coverage gate (coverage-gate.ts, `lexicalCover`): does one passage of
// the corpus hold every content word of the question? Words are compared by lemma prefix
// ("publish" covers "published", "publishConfig"; "packages" → "package" covers "package"), so
// inflection does not hide a passage that is about the question.
import { ENGLISH_STOP_WORDS, tokenize } from '@rag/core';
import type { RagIndex } from '@rag/indexer';
import { lemmaTokens } from '@rag/verify';

/** The question's content lemmas: not stop words, at least two characters, deduplicated. */
export function contentLemmas(query: string): string[] {
  const lemmas = lemmaTokens(query)
    .map((t) => t.lemma.toLowerCase())
    .filter((l) => l.length >= 2 && !ENGLISH_STOP_WORDS.has(l) && /[\p{L}\p{N}]/u.test(l));
  return [...new Set(lemmas)];
}

/** A passage token covers a lemma when it equals it or, for lemmas of 4+ characters, starts with it. */
function covers(tokens: readonly string[], lemma: string): boolean {
  return tokens.some((t) => t === lemma || (lemma.length >= 4 && t.startsWith(lemma)));
}

/**
 * The id of the first of the query's top `hits` keyword hits whose text holds every content lemma
 * of the query, or undefined (also when the query has fewer than two content words: one word
 * found somewhere says little about coverage).
 */
export async function passageWithEveryTerm(index: RagIndex, query: string, hits: number): Promise<string | undefined> {
  const lemmas = contentLemmas(query);
  if (lemmas.length < 2) return undefined;
  for (const hit of await index.keyword.search(query, hits)) {
    const chunk = index.getChunk(hit.id);
    if (!chunk) continue;
    const tokens = tokenize(chunk.text);
    if (lemmas.every((l) => covers(tokens, l))) return chunk.id;
  }
  return undefined;
}
