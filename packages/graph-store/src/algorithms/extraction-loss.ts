// Extraction-loss simulation (A2RAG Section IV-F): delete a fixed fraction of nodes and their
// incident edges, reproducibly from a seed, leaving the text (chunks) untouched.
import { invalidInput } from '@rag/core';
import { createGraphStore, type GraphStoreExtras } from '../graph-store.js';
import type { GraphStore } from '../types.js';
import { mulberry32 } from './random.js';

export interface ExtractionLossOptions {
  /** Fraction of nodes to delete, in [0, 1] (0.2 = 20 %). */
  fraction: number;
  /** PRNG seed; the same seed and graph delete the same nodes. */
  seed: number;
}

export interface ExtractionLossResult {
  /** A new store; the input store is not modified. */
  store: GraphStore & GraphStoreExtras;
  removedNodes: string[];
  removedEdges: string[];
}

export function simulateExtractionLoss(store: GraphStore, options: ExtractionLossOptions): ExtractionLossResult {
  const { fraction, seed } = options;
  if (!(fraction >= 0 && fraction <= 1)) throw invalidInput('fraction', `must be in [0, 1], got ${fraction}`);
  if (!Number.isInteger(seed)) throw invalidInput('seed', `must be an integer, got ${seed}`);
  const copy = createGraphStore({ snapshot: store.toJSON() });
  // sorted ids + a seeded Fisher–Yates shuffle: independent of insertion order
  const ids = [...copy.nodes()].map((n) => n.id).sort();
  const rng = mulberry32(seed);
  const count = Math.round(fraction * ids.length);
  for (let i = ids.length - 1; i > 0; i--) {
    const j = Math.floor(rng() * (i + 1));
    [ids[i], ids[j]] = [ids[j]!, ids[i]!];
  }
  const removedNodes = ids.slice(0, count).sort();
  const removedEdges: string[] = [];
  for (const id of removedNodes) removedEdges.push(...copy.removeNode(id).removedEdges);
  return { store: copy, removedNodes, removedEdges: removedEdges.sort() };
}
