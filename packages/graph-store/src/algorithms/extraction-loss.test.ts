import { describe, expect, it } from 'vitest';
import { simulateExtractionLoss } from './extraction-loss.js';
import { buildGraph, nid } from '../test-graphs.js';

const ring = () =>
  buildGraph(Array.from({ length: 20 }, (_, i) => [`n${i}`, `n${(i + 1) % 20}`] as [string, string]));

describe('simulateExtractionLoss (A2RAG IV-F)', () => {
  it('deletes round(p·|V|) nodes with their edges, reproducibly, without touching the input', () => {
    const g = ring();
    const before = g.toJSON();
    const a = simulateExtractionLoss(g, { fraction: 0.2, seed: 7 });
    const b = simulateExtractionLoss(g, { fraction: 0.2, seed: 7 });
    const c = simulateExtractionLoss(g, { fraction: 0.2, seed: 8 });
    expect(a.removedNodes).toHaveLength(4);
    expect(a.removedNodes).toEqual(b.removedNodes);
    expect(a.removedNodes).not.toEqual(c.removedNodes);
    expect(a.store.nodeCount).toBe(16);
    for (const id of a.removedNodes) expect(a.store.hasNode(id)).toBe(false);
    for (const e of a.store.edges()) expect(a.removedNodes).not.toContain(e.source);
    expect(a.store.edgeCount).toBe(20 - a.removedEdges.length);
    expect(g.toJSON()).toEqual(before);
  });
  it('keeps provenance of surviving facts (the text is untouched) and validates input', () => {
    const g = buildGraph([]);
    g.addTriple({ head: 'A', relation: 'r', tail: 'B', provenance: [{ chunkId: 'c1', start: 0, end: 3 }], confidence: 1 });
    const none = simulateExtractionLoss(g, { fraction: 0, seed: 1 });
    expect(none.store.toJSON()).toEqual(g.toJSON());
    expect(simulateExtractionLoss(g, { fraction: 1, seed: 1 }).store.nodeCount).toBe(0);
    expect(none.store.chunksOfNode(nid('a'), { viaEdges: true })).toEqual(['c1']);
    expect(() => simulateExtractionLoss(g, { fraction: 1.5, seed: 1 })).toThrowError(expect.objectContaining({ code: 'RAG_INVALID_INPUT' }));
  });
});
