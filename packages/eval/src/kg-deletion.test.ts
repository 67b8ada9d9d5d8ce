import { createGraphStore } from '@rag/graph-store';
import type { RagIndex } from '@rag/indexer';
import { describe, expect, it } from 'vitest';
import { withKgDeletion } from './kg-deletion.js';

function indexWithGraph() {
  const graph = createGraphStore();
  for (let i = 0; i < 10; i++) graph.addEntity({ name: `Entity ${i}`, type: 'Thing' });
  const ids = [...graph.nodes()].map((n) => n.id);
  for (let i = 1; i < ids.length; i++) graph.addRelation({ source: ids[i - 1]!, target: ids[i]!, relation: 'next_to' });
  const index = { graph, chunks: () => ['c1'], namespace: 'idx/' } as unknown as RagIndex;
  return { index, graph };
}

describe('withKgDeletion', () => {
  it('gives methods a graph with that share of nodes removed and leaves the original intact', () => {
    const { index, graph } = indexWithGraph();
    const degraded = withKgDeletion(index, 40, 42);
    expect(degraded.graph.nodeCount).toBe(6);
    expect(degraded.graph.edgeCount).toBeLessThan(9);
    expect(graph.nodeCount).toBe(10);
    expect(graph.edgeCount).toBe(9);
    expect(degraded.chunks()).toEqual(['c1']);
    expect(degraded.namespace).toBe('idx/');
  });

  it('is seeded and returns the index itself at 0 %', () => {
    const { index } = indexWithGraph();
    const ids = (seed: number) => [...withKgDeletion(index, 30, seed).graph.nodes()].map((n) => n.id);
    expect(ids(7)).toEqual(ids(7));
    expect(withKgDeletion(index, 0, 1)).toBe(index);
    expect(() => withKgDeletion(index, 120, 1)).toThrow(/--kg-deletion/);
  });
});
