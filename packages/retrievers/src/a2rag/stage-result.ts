// What one A2RAG stage contributes: graph elements, and for each chunk reached through π a
// link strength in [0, 1] (how strongly the stage's graph evidence points at it). Stage 1 also
// reports `own`: chunks that define or mention an aligned seed entity.
export interface StageResult {
  stage: 'local' | 'bridge' | 'ppr';
  nodes: Set<number>;
  edges: Set<string>;
  /** Link strength per chunk, max-combined, in [0, 1]. */
  chunkScores: Map<string, number>;
  /** Stage 1 only: seed provenance strength per chunk, in [0, 1]. */
  own: Map<string, number>;
  info: Record<string, unknown>;
}

export function emptyStageResult(stage: StageResult['stage']): StageResult {
  return { stage, nodes: new Set(), edges: new Set(), chunkScores: new Map(), own: new Map(), info: {} };
}

/** Max-combine: a chunk reached by several paths keeps its strongest link. */
export function addChunkScore(r: StageResult, chunkId: string, score: number, into: 'chunkScores' | 'own' = 'chunkScores'): void {
  const m = r[into];
  const prev = m.get(chunkId) ?? 0;
  if (score > prev) m.set(chunkId, score);
}
