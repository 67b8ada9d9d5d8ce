// Small hand-checkable graphs shared by the algorithm tests (not exported from the package).
import { createGraphStore } from './graph-store.js';

export const nid = (n: string): string => `entity:${n}`;

/** Builds a store from [head, tail, relation?, confidence?] rows over "Entity" nodes. */
export function buildGraph(edges: [string, string, string?, number?][], isolated: string[] = []): ReturnType<typeof createGraphStore> {
  const s = createGraphStore();
  for (const n of isolated) s.addEntity({ name: n });
  for (const [a, b, r = 'r', c = 1] of edges) {
    for (const n of [a, b]) if (!s.hasNode(nid(n))) s.addEntity({ name: n });
    s.addRelation({ source: nid(a), target: nid(b), relation: r, confidence: c });
  }
  return s;
}
