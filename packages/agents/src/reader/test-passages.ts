// Test helper: hand-written passages as Evidence (chunk ids double as doc ids), scored sentences.
import type { Evidence } from '@rag/core';
import { scoreSentences } from './sentence-scoring.js';
import type { Sent } from './types.js';

export function passages(...texts: string[]): Evidence {
  return { query: 'q', chunks: texts.map((text, i) => ({ chunkId: `p${i}`, docId: `p${i}`, score: 1 - i * 0.1, text })), trace: [] };
}

export function sentencesOf(query: string, ...texts: string[]): Sent[] {
  return scoreSentences(query, passages(...texts), 8, 0.25);
}
