// What the A2RAG answer call has already been shown across attempts, so an attempt whose
// rewritten query q^(i+1) retrieves nothing new after an insufficiency failure ("the evidence
// does not answer the question") is not put to the model again: the model already said that
// evidence does not answer. See `retryWithoutNewEvidence` in a2rag-agent.ts and
// docs/notes/2026-11-28-a2rag-cost.md §6.
import type { Evidence } from '@rag/core';

export interface ShownEvidence {
  /** Record what one answer call was shown (its passages and graph-fact lines). */
  add(shown: Evidence): void;
  /** True when `shown` holds a passage (or graph-fact line) no earlier answer call was shown. */
  hasNew(shown: Evidence): boolean;
}

function factLines(e: Evidence): string[] {
  return (e.graphText ?? '').split('\n').map((l) => l.trim()).filter(Boolean);
}

export function createShownEvidence(): ShownEvidence {
  const chunks = new Set<string>();
  const facts = new Set<string>();
  return {
    add(shown) {
      for (const c of shown.chunks) chunks.add(c.chunkId);
      for (const f of factLines(shown)) facts.add(f);
    },
    hasNew(shown) {
      return shown.chunks.some((c) => !chunks.has(c.chunkId)) || factLines(shown).some((f) => !facts.has(f));
    },
  };
}
