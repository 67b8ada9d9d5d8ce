// Typed traversal of a heterogeneous graph (agentic-heterogeneous, Section 3.3): the start node
// is found by embedding similarity among nodes of the plan's start type, then the plan is
// executed by hop-constrained operators — node lookup (Attr), single hop (Rel), multi-hop
// (Multi), aggregation (Agg) — and `expand` grows a result by a bounded number of neighbours.
// These are the building blocks the academic agent drives; each returns the subgraph it used
// and the provenance chunks of its facts.
import { invalidInput, type GraphNodeRef, type QueryType, type RunContext, type Subgraph } from '@rag/core';
import type { EntityNode, RelationEdge } from '@rag/graph-store';
import type { RagIndex } from '@rag/indexer';
import { z } from 'zod';
import { requireIndex } from '../internal/options.js';
import { normalize } from '../internal/text.js';
import { cosine } from '../internal/vector.js';

export const HopSchema = z.object({
  relations: z.array(z.string().min(1)).optional(),
  targetType: z.string().min(1).optional(),
  direction: z.enum(['out', 'in', 'both']).default('both'),
});
export type Hop = z.input<typeof HopSchema>;

export const TraversalPlanSchema = z.object({
  queryType: z.enum(['attr', 'rel', 'agg', 'multi']),
  startType: z.string().min(1).optional(),
  hops: z.array(HopSchema).max(4).default([]),
});
export type TraversalPlan = z.input<typeof TraversalPlanSchema>;

export interface StartCandidate {
  node: GraphNodeRef;
  score: number;
}

export interface TraversalResult {
  queryType: QueryType;
  start: StartCandidate[];
  /** Nodes reached at the end of the plan (for attr: the start nodes themselves). */
  nodes: GraphNodeRef[];
  /** For agg: how many distinct nodes were reached. */
  count?: number;
  subgraph: Subgraph;
  /** Provenance chunk ids of the facts used, most supported first. */
  chunkIds: string[];
  /** Attributes of the reached nodes (node lookup). */
  attributes: Record<string, Record<string, unknown>>;
}

export interface TypedTraversal {
  /** Start nodes: embedding similarity within `type` (exact name mentions score 1). */
  startNodes(query: string, options?: { type?: string; k?: number }, context?: RunContext): Promise<StartCandidate[]>;
  lookup(nodeId: string): { node: GraphNodeRef; attributes: Record<string, unknown>; chunkIds: string[] };
  hop(from: readonly string[], hop?: Hop): { nodes: string[]; edges: string[] };
  multiHop(from: readonly string[], hops: readonly Hop[]): { nodes: string[]; edges: string[]; layers: string[][] };
  /** Controlled expansion: add at most `budget` neighbours, highest-confidence edges first. */
  expand(nodes: readonly string[], options?: { budget?: number; relations?: string[] }): { nodes: string[]; edges: string[] };
  run(query: string, plan: TraversalPlan, context?: RunContext): Promise<TraversalResult>;
}

export interface TypedTraversalOptions {
  index: RagIndex;
  /** Cap on nodes carried from one hop to the next (default 50). */
  maxFrontier?: number;
}

export function createTypedTraversal(options: TypedTraversalOptions): TypedTraversal {
  const index = requireIndex(options, 'createTypedTraversal');
  const graph = index.graph;
  const maxFrontier = options.maxFrontier ?? 50;
  // Name vectors per type, computed once per graph version.
  const nameVectors = new Map<string, { version: number; ids: string[]; vectors: Float32Array[] }>();
  const nodesOfType = (type: string | undefined): EntityNode[] => [...graph.nodes()].filter((n) => type === undefined || n.type === type);

  const requireNode = (id: string): EntityNode => {
    const n = graph.getNode(id);
    if (!n) throw invalidInput('nodeId', `no node "${id}" in the graph`);
    return n;
  };
  const step = (frontier: readonly string[], hop: z.output<typeof HopSchema>) => {
    const nodes = new Set<string>();
    const edges = new Set<string>();
    for (const id of frontier) {
      for (const e of graph.edgesOf(id, { direction: hop.direction, ...(hop.relations ? { relations: hop.relations } : {}) })) {
        const other = e.source === id ? e.target : e.source;
        const n = graph.getNode(other);
        if (!n || (hop.targetType && n.type !== hop.targetType)) continue;
        nodes.add(other);
        edges.add(e.id);
      }
    }
    return { nodes: [...nodes], edges: [...edges] };
  };
  const chunksOf = (nodes: readonly string[], edges: readonly string[]): string[] => {
    const count = new Map<string, number>();
    const add = (c: string) => count.set(c, (count.get(c) ?? 0) + 1);
    for (const id of edges) for (const p of graph.getEdge(id)?.provenance ?? []) add(p.chunkId);
    for (const id of nodes) for (const p of graph.getNode(id)?.provenance ?? []) add(p.chunkId);
    return [...count].sort((a, b) => b[1] - a[1]).map(([c]) => c);
  };

  const traversal: TypedTraversal = {
    async startNodes(query, opts = {}, context) {
      if (typeof query !== 'string' || !query.trim()) throw invalidInput('query', 'must be a non-empty string');
      const k = opts.k ?? 3;
      const candidates = nodesOfType(opts.type);
      if (candidates.length === 0) return [];
      const q = normalize(query);
      const exact = candidates.filter((n) => [n.name, ...n.aliases].some((a) => normalize(a).length > 2 && ` ${q} `.includes(` ${normalize(a)} `)));
      const key = opts.type ?? '*';
      let cache = nameVectors.get(key);
      if (!cache || cache.version !== graph.version) {
        context?.meter.assertCanSpend('embedding');
        const vectors = await index.embedder.embed(candidates.map((n) => (n.description ? `${n.name}. ${n.description}` : n.name)), { kind: 'document' });
        context?.meter.recordEmbedding(1);
        cache = { version: graph.version, ids: candidates.map((n) => n.id), vectors };
        nameVectors.set(key, cache);
      }
      context?.meter.assertCanSpend('embedding');
      const [qv] = await index.embedder.embed([query], { kind: 'query' });
      context?.meter.recordEmbedding(1);
      const scores = new Map<string, number>();
      cache.ids.forEach((id, i) => scores.set(id, qv ? cosine(qv, cache!.vectors[i]!) : 0));
      for (const n of exact) scores.set(n.id, 1 + (scores.get(n.id) ?? 0));
      return [...scores]
        .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
        .slice(0, k)
        .map(([id, score]) => ({ node: graph.toRef(id), score }));
    },
    lookup(nodeId) {
      const n = requireNode(nodeId);
      return { node: graph.toRef(nodeId), attributes: { ...n.attributes }, chunkIds: [...new Set(n.provenance.map((p) => p.chunkId))] };
    },
    hop(from, hop = {}) {
      for (const id of from) requireNode(id);
      return step(from, HopSchema.parse(hop));
    },
    multiHop(from, hops) {
      for (const id of from) requireNode(id);
      let frontier = [...from];
      const edges = new Set<string>();
      const layers: string[][] = [];
      for (const h of hops) {
        const r = step(frontier, HopSchema.parse(h));
        r.edges.forEach((e) => edges.add(e));
        frontier = r.nodes.slice(0, maxFrontier);
        layers.push(frontier);
        if (frontier.length === 0) break;
      }
      return { nodes: frontier, edges: [...edges], layers };
    },
    expand(nodes, opts = {}) {
      const budget = opts.budget ?? 10;
      if (!Number.isInteger(budget) || budget < 0) throw invalidInput('expand(options.budget)', 'must be an integer ≥ 0');
      const have = new Set(nodes);
      const incident: RelationEdge[] = [];
      for (const id of nodes) incident.push(...graph.edgesOf(id, { direction: 'both', ...(opts.relations ? { relations: opts.relations } : {}) }));
      incident.sort((a, b) => b.confidence - a.confidence || (a.id < b.id ? -1 : 1));
      const added: string[] = [];
      const edges: string[] = [];
      for (const e of incident) {
        const other = have.has(e.source) ? e.target : e.source;
        if (have.has(other)) {
          if (have.has(e.source) && have.has(e.target)) edges.push(e.id);
          continue;
        }
        if (added.length >= budget) continue;
        have.add(other);
        added.push(other);
        edges.push(e.id);
      }
      return { nodes: [...nodes, ...added], edges: [...new Set(edges)] };
    },
    async run(query, planInput, context) {
      const parsed = TraversalPlanSchema.safeParse(planInput);
      if (!parsed.success) throw invalidInput('plan', z.prettifyError(parsed.error));
      const plan = parsed.data;
      const start = await traversal.startNodes(query, { ...(plan.startType ? { type: plan.startType } : {}), k: plan.queryType === 'agg' ? 1 : 3 }, context);
      // Execute from the best start node, plus any other the query names exactly (score ≥ 1).
      const startIds = start.filter((s, i) => i === 0 || s.score >= 1).map((s) => s.node.id);
      let nodes = startIds;
      let edges: string[] = [];
      if (plan.queryType === 'rel') ({ nodes, edges } = traversal.hop(startIds, plan.hops[0] ?? {}));
      else if (plan.queryType === 'multi' || plan.queryType === 'agg')
        ({ nodes, edges } = plan.hops.length ? traversal.multiHop(startIds, plan.hops) : traversal.hop(startIds, {}));
      const attributes: Record<string, Record<string, unknown>> = {};
      for (const id of nodes.slice(0, maxFrontier)) attributes[id] = { ...(graph.getNode(id)?.attributes ?? {}) };
      context?.trace.add({ kind: 'info', name: 'typed-traversal', data: { queryType: plan.queryType, start: startIds, reached: nodes.length } });
      return {
        queryType: plan.queryType,
        start,
        nodes: nodes.slice(0, maxFrontier).map((id) => graph.toRef(id)),
        ...(plan.queryType === 'agg' ? { count: nodes.length } : {}),
        subgraph: graph.subgraph([...new Set([...startIds, ...nodes.slice(0, maxFrontier)])], edges),
        chunkIds: chunksOf([...startIds, ...nodes.slice(0, maxFrontier)], edges),
        attributes,
      };
    },
  };
  return traversal;
}
