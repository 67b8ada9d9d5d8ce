// The shared @rag/core KeywordIndex conformance suite against the Qdrant wire-format fake, which
// scores sparse queries with Qdrant's documented IDF (see qdrant-wire-fake.ts). The same suite
// runs against a real server in keyword-conformance.int.test.ts.
import { runKeywordIndexConformance } from '@rag/core/testing';
import { afterAll, beforeAll, expect } from 'vitest';
import { createQdrantKeywordIndex } from '../src/keyword-index.js';
import { startQdrantWireFake, type QdrantWireFake } from './qdrant-wire-fake.js';

let fake: QdrantWireFake;
let n = 0;
beforeAll(async () => {
  fake = await startQdrantWireFake();
});
afterAll(async () => {
  // held to Qdrant's official OpenAPI document: what the adapter sent and what the fake answered
  expect(fake.violations).toEqual([]);
  await fake.close();
});

// A fresh collection per test: one collection is one keyword index.
runKeywordIndexConformance('qdrant sparse BM25 (wire-format fake)', () => createQdrantKeywordIndex({ url: fake.url, collection: `kw${n++}` }));
runKeywordIndexConformance('qdrant sparse BM25 (wire-format fake, batches of 2)', () =>
  createQdrantKeywordIndex({ url: fake.url, collection: `kwb${n++}`, batchSize: 2 }),
);
