// Native multi-hop formats ship their passages inside each question; this pool turns them
// into one deduplicated corpus with stable ids (prefix + order of first appearance).
import type { DocInput } from '@rag/core';

export interface PassagePool {
  /** Id of this (title, text) passage, adding it on first sight. */
  idOf(title: string, text: string): string;
  corpus(): DocInput[];
}

export function createPassagePool(prefix: string): PassagePool {
  const byKey = new Map<string, string>();
  const docs: DocInput[] = [];
  return {
    idOf(title, text) {
      const key = `${title}\u0000${text}`;
      let id = byKey.get(key);
      if (id === undefined) {
        id = `${prefix}-${String(docs.length).padStart(5, '0')}`;
        byKey.set(key, id);
        docs.push({ id, title, text });
      }
      return id;
    },
    corpus: () => docs.slice(),
  };
}
