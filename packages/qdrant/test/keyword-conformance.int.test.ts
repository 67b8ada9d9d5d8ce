// The shared KeywordIndex conformance suite against a REAL Qdrant server (sparse vectors with the
// idf modifier need Qdrant >= 1.10). Runs only when QDRANT_URL is set (QDRANT_API_KEY if the
// server needs one). Each test gets a throw-away collection, deleted afterwards.
import { QdrantClient } from '@qdrant/js-client-rest';
import { runKeywordIndexConformance } from '@rag/core/testing';
import { afterAll, describe } from 'vitest';
import { createQdrantKeywordIndex } from '../src/keyword-index.js';

const url = process.env.QDRANT_URL;
const apiKey = process.env.QDRANT_API_KEY;
const prefix = `rag_kw_conformance_${process.pid}_${Date.now().toString(36)}`;
const made: string[] = [];

describe.runIf(Boolean(url))(`live Qdrant keyword index at ${url ?? '(QDRANT_URL unset)'}`, () => {
  runKeywordIndexConformance('qdrant sparse BM25 (live)', () => {
    const collection = `${prefix}_${made.length}`;
    made.push(collection);
    return createQdrantKeywordIndex({ url: url!, collection, ...(apiKey ? { apiKey } : {}) });
  });

  afterAll(async () => {
    const client = new QdrantClient({ url: url!, ...(apiKey ? { apiKey } : {}), checkCompatibility: false });
    for (const c of made) await client.deleteCollection(c).catch(() => undefined);
  });
});
