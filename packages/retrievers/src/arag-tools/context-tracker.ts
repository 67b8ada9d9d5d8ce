// A-RAG's context tracker: remembers which chunks the agent has already read so chunk_read can
// answer "already read" instead of resending text the model has in its context.
export interface ContextTracker {
  has(chunkId: string): boolean;
  mark(chunkId: string): void;
  read(): string[];
  reset(): void;
}

export function createContextTracker(): ContextTracker {
  const seen = new Set<string>();
  return {
    has: (id) => seen.has(id),
    mark: (id) => void seen.add(id),
    read: () => [...seen],
    reset: () => seen.clear(),
  };
}
