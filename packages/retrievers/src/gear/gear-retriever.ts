// The GEAR retriever: multi-path retrieval over the H path views, cross-path re-ranking, one of
// three fusion subgraph constructions, BFS linearisation with the salient candidates first
// (GEAR Algorithm 3), and map-back of the subgraph to provenance chunks for a text ranking.
import { invalidInput, type Embedder, type Retriever, type Triple } from '@rag/core';
import { getAdjacency, linearize } from '@rag/graph-store';
import type { RagIndex } from '@rag/indexer';
import { VECTOR_NAMESPACES as NS } from '@rag/indexer';
import { requireIndex } from '../internal/options.js';
import { provenanceMapOf } from '../internal/provenance-map.js';
import { fillToK, rankChunks, startRequest } from '../internal/request.js';
import { fuse, type GearFusion } from './fusion.js';
import { multiPathRetrieve } from './path-retrieval.js';

export interface GearRetrieverOptions {
  index: RagIndex;
  fusion: GearFusion;
  /**
   * One embedder per path view, as the index embedded its views. Default: the index's own
   * `gearEmbedders` when it has them (as @rag/indexer's indexes do), else `index.embedder` for
   * every head.
   */
  viewEmbedders?: readonly Embedder[];
  /** Top-k per path and merged seeds (default 10). */
  k?: number;
  /** Nodes added by expansion, m (default 10). */
  m?: number;
  maxNeighbours?: number;
  /** Weight of nodes added by fusion relative to the mean seed weight (default 0.25). */
  expansionWeight?: number;
  /**
   * λ of the text anchoring: chunk score = L + λ·G·(0.3 + L) with L the normalised BM25 score
   * and G the subgraph's provenance score. Default 1; 0 ranks by the subgraph alone.
   */
  textBoost?: number;
  name?: string;
}

function viewEmbeddersOf(index: RagIndex, given: readonly Embedder[] | undefined): Embedder[] {
  if (given) return [...given];
  const own = index.gearEmbedders;
  const heads = index.manifest().gearHeads;
  if (own && own.length === heads) return [...own];
  return Array.from({ length: heads }, () => index.embedder);
}

export function createGearRetriever(options: GearRetrieverOptions): Retriever {
  const index = requireIndex(options, 'createGearRetriever');
  if (options.fusion !== 'union' && options.fusion !== 'ppr' && options.fusion !== 'pcst')
    throw invalidInput('createGearRetriever(options.fusion)', 'must be "union", "ppr" or "pcst"', { received: options.fusion });
  const k = options.k ?? 10;
  const m = options.m ?? 10;
  if (!Number.isInteger(k) || k < 1) throw invalidInput('createGearRetriever(options.k)', 'must be a positive integer');
  if (!Number.isInteger(m) || m < 0) throw invalidInput('createGearRetriever(options.m)', 'must be an integer ≥ 0');
  const name = options.name ?? `gear-${options.fusion}`;
  const textBoost = options.textBoost ?? 1;
  if (!(textBoost >= 0) || !Number.isFinite(textBoost)) throw invalidInput('createGearRetriever(options.textBoost)', 'must be a finite number ≥ 0');
  const nodeNs = (h: number) => `${index.namespace}${NS.gearNode(h)}`;
  const edgeNs = (h: number) => `${index.namespace}${NS.gearEdge(h)}`;

  return {
    name,
    async retrieve(query, opts) {
      const req = startRequest(query, opts);
      const { trace } = req.context;
      const embedders = viewEmbeddersOf(index, options.viewEmbedders);
      const { views, candidates } = await trace.stage('gear-paths', async (e) => {
        const r = await multiPathRetrieve({ query: req.query, vectors: index.vectors, embedders, nodeNamespace: nodeNs, edgeNamespace: edgeNs, k, context: req.context });
        e.data = { heads: r.views.length, importance: r.views.map((v) => ({ head: v.head, a: +v.a.toFixed(3), b: +v.b.toFixed(3) })), candidates: r.candidates.length };
        return r;
      });
      const fused = await trace.stage(`gear-fusion-${options.fusion}`, async (e) => {
        const r = await fuse(options.fusion, {
          graph: index.graph,
          vectors: index.vectors,
          views,
          candidates,
          nodeNamespace: nodeNs,
          edgeNamespace: edgeNs,
          m,
          maxNeighbours: options.maxNeighbours ?? 400,
          expansionWeight: options.expansionWeight ?? 0.25,
        });
        e.data = { nodes: r.nodes.length, edges: r.edges.length };
        return r;
      });
      // Map back: nodes through π (defining chunks first), edges through their provenance.
      const adj = getAdjacency(index.graph);
      const pm = provenanceMapOf(index);
      const chunkScores = new Map<string, number>();
      const add = (c: string, v: number) => chunkScores.set(c, (chunkScores.get(c) ?? 0) + v);
      for (const id of fused.nodes) {
        const i = adj.index.get(id);
        if (i === undefined) continue;
        for (const [c, w] of pm.weighted(i)) add(c, (fused.scores.get(id) ?? 0) * w);
      }
      for (const id of fused.edges) {
        const e = index.graph.getEdge(id);
        if (!e) continue;
        for (const c of new Set(e.provenance.map((p) => p.chunkId))) add(c, fused.scores.get(id) ?? 0);
      }
      // Text anchoring (documented in docs/retrievers.md): the subgraph's provenance scores G(c)
      // boost the lexical relevance L(c) of the chunks, score = L + λ·G·(floor + L), over the
      // union of the subgraph's chunks and the lexical top 100. textBoost: 0 gives the pure
      // subgraph order (GEAR's own evidence), which the benchmarks report alongside.
      if (textBoost > 0) {
        let gmax = 0;
        for (const v of chunkScores.values()) gmax = Math.max(gmax, v);
        const lex = await index.keyword.search(req.query, Math.max(100, req.k));
        const top = lex[0]?.score ?? 1;
        const rel = new Map(lex.map((h) => [h.id, h.score / top]));
        const fusedScores = new Map<string, number>();
        for (const [c, l] of rel) fusedScores.set(c, l);
        for (const [c, v] of chunkScores) {
          const l = rel.get(c) ?? 0;
          fusedScores.set(c, l + textBoost * (gmax > 0 ? v / gmax : 0) * (0.3 + l));
        }
        chunkScores.clear();
        for (const [c, v] of fusedScores) chunkScores.set(c, v);
      }
      const ranked = rankChunks(index, chunkScores, name, req.options.filter).slice(0, req.k);
      const subgraph = index.graph.subgraph(fused.nodes, fused.edges);
      const salientNodes = candidates.filter((c) => c.kind === 'node').map((c) => c.id);
      const salientEdges = candidates.filter((c) => c.kind === 'edge').map((c) => c.id);
      const lin = linearize(subgraph, { salientNodes, salientEdges, maxLines: 200 });
      const triples: Triple[] = subgraph.edges.map((e) => {
        const h = index.graph.getNode(e.source);
        const t = index.graph.getNode(e.target);
        return { head: h?.name ?? e.source, relation: e.relation, tail: t?.name ?? e.target, provenance: e.provenance, confidence: e.confidence };
      });
      const chunks = await fillToK(index, ranked, req);
      return { query: req.query, chunks, triples, subgraph, graphText: lin.text, stage: options.fusion, trace: trace.toJSON() };
    },
  };
}
