// The seeded PRNG lives in @rag/core; re-exported here so algorithm files keep one import.
export { mulberry32 } from '@rag/core';
