// @rag/retrievers/testing: a fixture index, a tiny invented corpus and the Retriever conformance suite.
export { createFixtureIndex, splitSentences, FixtureDocSchema } from './fixture-index.js';
export type { FixtureDoc, FixtureIndexOptions } from './fixture-index.js';
export { FIXTURE_CORPUS } from './fixture-corpus.js';
export { runRetrieverConformance } from './retriever-conformance.js';
