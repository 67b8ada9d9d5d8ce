// Executes a query plan's operation over the retrieved subgraph G_q (never the whole graph), so
// an answer exists only when traversal brought its facts in. Returns the answer items and the
// edges that support them (their provenance becomes the citations).
import type { GraphStore } from '@rag/graph-store';
import type { ScholarlyTarget } from './query-plan.js';

export interface SubgraphView {
  start: string;
  nodes: ReadonlySet<string>;
  edges: ReadonlySet<string>;
}

export interface Execution {
  items: string[];
  /** Names the answer was computed from (e.g. the papers counted). */
  basis: string[];
  support: string[];
}

export function executePlan(graph: GraphStore, target: ScholarlyTarget, g: SubgraphView): Execution | undefined {
  const node = (id: string) => graph.getNode(id);
  const edgesOf = (id: string, relation: string) => graph.edgesOf(id, { direction: 'both', relations: [relation] }).filter((e) => g.edges.has(e.id) && g.nodes.has(e.source) && g.nodes.has(e.target));
  const other = (e: { source: string; target: string }, id: string) => (e.source === id ? e.target : e.source);
  const num = (id: string, key: string) => {
    const v = node(id)?.attributes[key];
    return typeof v === 'number' ? v : Number(v);
  };
  const start = node(g.start);
  if (!start) return undefined;
  const papersOf = (authorId: string) => edgesOf(authorId, 'writes').map((e) => ({ id: other(e, authorId), edge: e.id }));
  switch (target) {
    case 'year':
    case 'citations': {
      const v = start.attributes[target === 'year' ? 'year' : 'citations'];
      return v === undefined ? undefined : { items: [String(v)], basis: [start.name], support: [] };
    }
    case 'authors': {
      const es = edgesOf(start.id, 'writes');
      return es.length ? { items: es.map((e) => node(other(e, start.id))!.name), basis: [start.name], support: es.map((e) => e.id) } : undefined;
    }
    case 'venue': {
      const es = edgesOf(start.id, 'published_in');
      return es.length ? { items: es.map((e) => node(other(e, start.id))!.name), basis: [start.name], support: es.map((e) => e.id) } : undefined;
    }
    case 'count':
    case 'sum':
    case 'argmax':
    case 'venue-of-argmax': {
      const ps = papersOf(start.id);
      if (ps.length === 0) return undefined;
      const basis = ps.map((p) => node(p.id)!.name);
      if (target === 'count') return { items: [String(ps.length)], basis, support: ps.map((p) => p.edge) };
      if (target === 'sum') return { items: [String(ps.reduce((s, p) => s + num(p.id, 'citations'), 0))], basis, support: ps.map((p) => p.edge) };
      const top = Math.max(...ps.map((p) => num(p.id, 'citations')));
      const best = ps.filter((p) => num(p.id, 'citations') === top);
      if (target === 'argmax') return { items: best.map((p) => node(p.id)!.name), basis, support: best.map((p) => p.edge) };
      const venues = best.flatMap((p) => edgesOf(p.id, 'published_in').map((e) => ({ name: node(other(e, p.id))!.name, edge: e.id })));
      return venues.length ? { items: [...new Set(venues.map((v) => v.name))], basis: best.map((p) => node(p.id)!.name), support: [...best.map((p) => p.edge), ...venues.map((v) => v.edge)] } : undefined;
    }
    case 'coauthors': {
      const ps = papersOf(start.id);
      const co = new Map<string, string>();
      for (const p of ps)
        for (const e of edgesOf(p.id, 'writes')) {
          const a = other(e, p.id);
          if (a !== start.id && node(a)) co.set(node(a)!.name, e.id);
        }
      return co.size ? { items: [...co.keys()].sort(), basis: ps.map((p) => node(p.id)!.name), support: [...ps.map((p) => p.edge), ...co.values()] } : undefined;
    }
  }
}
