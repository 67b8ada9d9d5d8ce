// The explorer's client-side pieces that need no browser: how the view is composed from the
// overview and the expanded neighbourhoods under the filters, and the layout (every node gets
// a finite position, a new node starts beside its placed neighbour, discs end up apart).
import Graph from 'graphology';
import { mulberry32 } from '@rag/graph-store';
import { describe, expect, it } from 'vitest';
import type { ExplorerGraph } from '../src/service/graph-explorer.js';
import { composeView } from '../src/ui/explorer/explorer-view.js';
import { fa2Iterations, layoutGraph, noverlapIterations, seedPositions } from '../src/ui/graph-layout.js';

const node = (id: string, type: string) => ({ id, name: id.toUpperCase(), type, degree: 1 });
const edge = (source: string, target: string, relation: string, confidence = 0.7, weak = false) => ({ id: `${source}-${relation}-${target}`, source, target, relation, confidence, weak });
const all = { minConfidence: 0, includeWeak: false };

const overview: ExplorerGraph = { seeds: [], truncated: true, nodes: [node('a', 'Person'), node('b', 'Place')], edges: [edge('a', 'b', 'born_in')] };
const hood: ExplorerGraph = {
  seeds: ['c'],
  truncated: false,
  nodes: [node('c', 'Work'), node('a', 'Person'), node('d', 'Date')],
  edges: [edge('c', 'a', 'directed_by', 0.9), edge('c', 'd', 'mentions', 0.4, true), edge('c', 'd', 'released_in', 0.5)],
};

describe('composeView', () => {
  it('merges the sources without duplicates and hides weak edges unless asked', () => {
    const v = composeView([overview, hood], ['c'], all);
    expect(v.nodes.map((n) => n.id).sort()).toEqual(['a', 'b', 'c', 'd']);
    expect(v.edges.map((e) => e.relation).sort()).toEqual(['born_in', 'directed_by', 'released_in']);
    expect(v.truncated).toBe(true);
    expect(composeView([overview, hood], ['c'], { ...all, includeWeak: true }).edges.some((e) => e.weak)).toBe(true);
  });

  it('filters by type (expanded entities stay), relation and confidence', () => {
    const byType = composeView([overview, hood], ['c'], { ...all, types: ['Person'] });
    expect(byType.nodes.map((n) => n.id).sort()).toEqual(['a', 'c']);
    expect(byType.edges.map((e) => e.relation)).toEqual(['directed_by']);
    expect(byType.seeds).toEqual(['c']);
    expect(composeView([overview, hood], ['c'], { ...all, relations: ['born_in'] }).edges.map((e) => e.relation)).toEqual(['born_in']);
    expect(composeView([overview, hood], ['c'], { ...all, minConfidence: 0.8 }).edges.map((e) => e.relation)).toEqual(['directed_by']);
  });
});

describe('graph layout', () => {
  it('scales the iteration counts down as the view grows', () => {
    expect(fa2Iterations(10)).toBe(400);
    expect(fa2Iterations(5000)).toBeLessThan(fa2Iterations(500));
    expect(fa2Iterations(1_000_000)).toBe(40);
    expect(noverlapIterations(5000)).toBeLessThan(noverlapIterations(50));
  });

  it('starts a new node beside its placed neighbour', () => {
    const g = new Graph();
    g.addNode('old', { x: 100, y: -50 });
    g.addNode('new');
    g.addEdge('old', 'new');
    expect(seedPositions(g, mulberry32(1))).toBe(1);
    const p = g.getNodeAttributes('new');
    expect(Math.hypot(p.x - 100, p.y + 50)).toBeCloseTo(1, 5);
  });

  const tree = (seed: number) => {
    const random = mulberry32(seed);
    const g = new Graph({ multi: true, type: 'directed' });
    for (let i = 0; i < 120; i++) g.addNode(`n${i}`, { size: 6 });
    for (let i = 1; i < 120; i++) g.addEdge(`n${i}`, `n${Math.floor(random() * i)}`);
    return g;
  };
  /** Pairs of nodes whose discs (size 6) cover each other. */
  const overlaps = (g: Graph) => {
    const pts = g.mapNodes((_, a) => ({ x: a.x as number, y: a.y as number }));
    let n = 0;
    for (let i = 0; i < pts.length; i++) for (let j = i + 1; j < pts.length; j++) if (Math.hypot(pts[i]!.x - pts[j]!.x, pts[i]!.y - pts[j]!.y) < 12) n++;
    return n;
  };

  it('gives every node a finite position; noverlap leaves far fewer discs covering each other', () => {
    const separated = tree(3);
    const stats = layoutGraph(separated, { random: mulberry32(5) });
    expect(stats).toMatchObject({ nodes: 120, edges: 119, fa2Iterations: fa2Iterations(120) });
    expect(separated.mapNodes((_, a) => Number.isFinite(a.x) && Number.isFinite(a.y)).every(Boolean)).toBe(true);
    const fa2Only = tree(3);
    layoutGraph(fa2Only, { random: mulberry32(5), separate: false });
    expect(overlaps(fa2Only)).toBeGreaterThan(0);
    expect(overlaps(separated)).toBeLessThan(overlaps(fa2Only) / 2);
  });
});
