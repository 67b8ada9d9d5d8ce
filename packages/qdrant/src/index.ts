// @rag/qdrant public API. Named exports only.
export { createQdrantVectorStore, DEFAULT_QDRANT_URL, DEFAULT_QDRANT_COLLECTION } from './vector-store.js';
export type { QdrantVectorStore, QdrantVectorStoreOptions } from './vector-store.js';
export { createQdrantKeywordIndex, DEFAULT_QDRANT_KEYWORD_COLLECTION } from './keyword-index.js';
export type { QdrantKeywordIndex, QdrantKeywordIndexOptions } from './keyword-index.js';
export type { QdrantConnectionOptions } from './connection.js';
export { qdrantFromEnv, qdrantKeywordIndexFromEnv } from './from-env.js';
export { pointId } from './point-id.js';
export { toQdrantFilter } from './filter.js';
export type { QdrantFilter, QdrantCondition } from './filter.js';
