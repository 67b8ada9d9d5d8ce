import { invalidInput } from '@rag/core';
import type { RagIndex } from '@rag/indexer';

/** Factories fail fast, naming the option, when the index is missing or not an index. */
export function requireIndex(options: { index?: RagIndex } | undefined, factory: string): RagIndex {
  const index = options?.index;
  if (!index || typeof index !== 'object' || typeof index.getChunk !== 'function' || !index.keyword || !index.graph)
    throw invalidInput(`${factory}(options.index)`, 'must be a RagIndex (see @rag/indexer)');
  return index;
}
