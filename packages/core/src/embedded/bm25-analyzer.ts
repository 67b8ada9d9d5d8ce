// The built-in analyzers of the BM25 index, recorded in its snapshot and keyword segment so an
// opened index analyses questions the way its documents were analysed.
import { z } from 'zod';

/**
 * "identifiers" (the default of new indexes) keeps code identifiers whole besides their word
 * parts (text/keyword-terms.ts); "words" is plain word tokens, what every index written before
 * the analyzer was recorded holds (a stored index without the field is read as "words").
 */
export type Bm25Analyzer = 'words' | 'identifiers';
export const Bm25AnalyzerSchema = z.enum(['words', 'identifiers']);
