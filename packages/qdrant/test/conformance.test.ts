// The shared @rag/core VectorStore conformance suite against the Qdrant wire-format fake (see
// qdrant-wire-fake.ts). The same suite runs against a real server in conformance.int.test.ts.
import { runVectorStoreConformance } from '@rag/core/testing';
import { afterAll, beforeAll, expect } from 'vitest';
import { createQdrantVectorStore } from '../src/vector-store.js';
import { startQdrantWireFake, type QdrantWireFake } from './qdrant-wire-fake.js';

let fake: QdrantWireFake;
beforeAll(async () => {
  fake = await startQdrantWireFake();
});
afterAll(async () => {
  // held to Qdrant's official OpenAPI document: what the adapter sent and what the fake answered
  expect(fake.violations).toEqual([]);
  await fake.close();
});

runVectorStoreConformance('qdrant (wire-format fake)', () => createQdrantVectorStore({ url: fake.url, collection: 'conformance', dimensions: 8 }), {
  dimensions: 8,
});
runVectorStoreConformance(
  'qdrant (wire-format fake, size learned on first upsert, batches of 2)',
  () => createQdrantVectorStore({ url: fake.url, collection: 'conformance-lazy', batchSize: 2 }),
  { dimensions: 8 },
);
