// The `compromise` tagger, loaded on first use instead of at import: importing it costs
// ~0.3–0.4 s of a cold CLI start, and many callers (a bm25 question, opening an index) never
// parse text with it. Same type as compromise's default export.
import { lazyDefault, memoByText } from '@rag/core';
import type nlp from 'compromise';

/** compromise's `nlp` function, required (once) on the first call. */
export const loadNlp = lazyDefault<typeof nlp>('compromise', import.meta.url);

/** A word as compromise reads it: its text and part-of-speech tags. */
export interface TaggedTerm {
  text: string;
  tags: string[];
}

/** A tagged word with its place in the text. */
export interface PlacedTerm extends TaggedTerm {
  offset: { start: number; length: number };
}

/** The words of `text` with their tags and offsets, in order. */
export function placedTerms(text: string): PlacedTerm[] {
  return (loadNlp()(text).json({ offset: true }) as { terms: PlacedTerm[] }[]).flatMap((x) => x.terms);
}

/** The words of `text` with compromise's tags, in order (memoised per text; each caller gets its own copy). */
export const taggedTerms = memoByText((text: string): TaggedTerm[] => (loadNlp()(text).json() as { terms: TaggedTerm[] }[]).flatMap((x) => x.terms), {
  copy: (terms) => terms.map((t) => ({ ...t, tags: [...t.tags] })),
});
