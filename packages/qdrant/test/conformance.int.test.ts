// The shared VectorStore conformance suite against a REAL Qdrant server. Runs only when
// QDRANT_URL is set (QDRANT_API_KEY if the server needs one). Uses a throw-away collection
// per run and deletes it afterwards.
import { QdrantClient } from '@qdrant/js-client-rest';
import { runVectorStoreConformance } from '@rag/core/testing';
import { afterAll, describe, expect, it } from 'vitest';
import { createQdrantVectorStore } from '../src/vector-store.js';

const url = process.env.QDRANT_URL;
const apiKey = process.env.QDRANT_API_KEY;
const collection = `rag_conformance_${process.pid}_${Date.now().toString(36)}`;

describe.runIf(Boolean(url))(`live Qdrant at ${url ?? '(QDRANT_URL unset)'}`, () => {
  const make = () => createQdrantVectorStore({ url: url!, collection, dimensions: 8, ...(apiKey ? { apiKey } : {}) });
  runVectorStoreConformance('qdrant (live)', make, { dimensions: 8 });

  it('refuses the same collection with another size', async () => {
    await make().count('probe');
    const other = createQdrantVectorStore({ url: url!, collection, dimensions: 16, ...(apiKey ? { apiKey } : {}) });
    await expect(other.count('probe')).rejects.toMatchObject({ code: 'RAG_CONFLICT' });
  });

  afterAll(async () => {
    await new QdrantClient({ url: url!, ...(apiKey ? { apiKey } : {}), checkCompatibility: false }).deleteCollection(collection);
  });
});
