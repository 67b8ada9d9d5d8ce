// The `compromise` tagger, loaded on first use instead of at import: importing it costs
// ~0.3–0.4 s of a cold CLI start, and many callers (a bm25 question, opening an index) never
// parse text with it. Same type as compromise's default export.
import { lazyDefault, memoByText } from '@rag/core';
import type nlp from 'compromise';

/** compromise's `nlp` function, required (once) on the first call. */
export const loadNlp = lazyDefault<typeof nlp>('compromise', import.meta.url);

/**
 * The tagger's parse of a text, kept for a few texts: the reader asks for a sentence's noun
 * phrases and then its names, and several readers parse the same question; the parse is the
 * costly part of each. Callers read it (views, `json`, term offsets computed on it); none changes
 * its text or tags. A parse is far larger than its text, hence the small bounds.
 */
export const parseOf = memoByText((text: string): ReturnType<typeof nlp> => loadNlp()(text), { maxEntries: 32, maxChars: 40_000 });
