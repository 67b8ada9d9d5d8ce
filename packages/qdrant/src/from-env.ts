// Service mode from configuration: QDRANT_URL set means "store vectors in Qdrant".
import { RagError } from '@rag/core';
import { z } from 'zod';
import { createQdrantKeywordIndex, type QdrantKeywordIndex } from './keyword-index.js';
import { createQdrantVectorStore, DEFAULT_QDRANT_COLLECTION, type QdrantVectorStore, type QdrantVectorStoreOptions } from './vector-store.js';

const EnvSchema = z.object({
  QDRANT_URL: z.string().trim().optional(),
  QDRANT_API_KEY: z.string().trim().min(1).optional(),
  QDRANT_COLLECTION: z.string().trim().regex(/^[A-Za-z0-9_-]{1,255}$/, 'letters, digits, "_" or "-" only').optional(),
  QDRANT_TIMEOUT_MS: z.coerce.number().int().positive().optional(),
  QDRANT_KEYWORD_COLLECTION: z.string().trim().regex(/^[A-Za-z0-9_-]{1,255}$/, 'letters, digits, "_" or "-" only').optional(),
  QDRANT_KEYWORD_AVG_LENGTH: z.coerce.number().positive().optional(),
});

type QdrantEnv = z.infer<typeof EnvSchema> & { QDRANT_URL: string };

/** The QDRANT_* variables, checked; undefined when QDRANT_URL is unset or empty. */
function readEnv(env: Record<string, string | undefined>): QdrantEnv | undefined {
  const parsed = EnvSchema.safeParse(Object.fromEntries(Object.entries(env).filter(([k, v]) => k.startsWith('QDRANT_') && v !== '')));
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const name = String(issue?.path[0] ?? 'QDRANT_*');
    throw new RagError('RAG_CONFIG', `${name}: ${issue?.message ?? 'invalid'}`, { details: { input: name } });
  }
  const e = parsed.data;
  if (!e.QDRANT_URL) {
    if (e.QDRANT_KEYWORD_COLLECTION)
      throw new RagError('RAG_CONFIG', 'QDRANT_KEYWORD_COLLECTION: needs QDRANT_URL (the server that holds the keyword index)', {
        details: { input: 'QDRANT_KEYWORD_COLLECTION' },
      });
    return undefined;
  }
  if (!/^https?:\/\//.test(e.QDRANT_URL))
    throw new RagError('RAG_CONFIG', `QDRANT_URL: must start with http:// or https:// (got "${e.QDRANT_URL}")`, { details: { input: 'QDRANT_URL' } });
  return { ...e, QDRANT_URL: e.QDRANT_URL };
}

/**
 * A Qdrant VectorStore from QDRANT_URL / QDRANT_API_KEY / QDRANT_COLLECTION (default "rag") /
 * QDRANT_TIMEOUT_MS, or undefined when QDRANT_URL is unset or empty. No request is made here.
 */
export function qdrantFromEnv(
  env: Record<string, string | undefined> = process.env,
  overrides: Omit<QdrantVectorStoreOptions, 'url' | 'apiKey' | 'collection'> = {},
): QdrantVectorStore | undefined {
  const e = readEnv(env);
  if (!e) return undefined;
  return createQdrantVectorStore({
    ...overrides,
    url: e.QDRANT_URL,
    collection: e.QDRANT_COLLECTION ?? DEFAULT_QDRANT_COLLECTION,
    ...(e.QDRANT_API_KEY ? { apiKey: e.QDRANT_API_KEY } : {}),
    ...(e.QDRANT_TIMEOUT_MS ? { timeoutMs: e.QDRANT_TIMEOUT_MS } : {}),
  });
}

/**
 * A Qdrant keyword index (sparse BM25) from QDRANT_KEYWORD_COLLECTION (with QDRANT_URL,
 * QDRANT_API_KEY, QDRANT_TIMEOUT_MS and the optional QDRANT_KEYWORD_AVG_LENGTH, the corpus's
 * mean passage length in terms), or undefined when QDRANT_KEYWORD_COLLECTION is unset: keyword
 * search then stays in the embedded index. No request is made here.
 */
export function qdrantKeywordIndexFromEnv(env: Record<string, string | undefined> = process.env): QdrantKeywordIndex | undefined {
  const e = readEnv(env);
  if (!e?.QDRANT_KEYWORD_COLLECTION) return undefined;
  return createQdrantKeywordIndex({
    url: e.QDRANT_URL,
    collection: e.QDRANT_KEYWORD_COLLECTION,
    ...(e.QDRANT_API_KEY ? { apiKey: e.QDRANT_API_KEY } : {}),
    ...(e.QDRANT_TIMEOUT_MS ? { timeoutMs: e.QDRANT_TIMEOUT_MS } : {}),
    ...(e.QDRANT_KEYWORD_AVG_LENGTH ? { avgDocLength: e.QDRANT_KEYWORD_AVG_LENGTH } : {}),
  });
}
