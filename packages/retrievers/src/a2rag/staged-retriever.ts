// The A2RAG agentic retriever (Section III-C): seeds → Stage 1 local → Stage 2 bridges →
// Stage 3 degree-normalised PPR with provenance map-back, with a SufficiencyJudge after each
// stage (monotonic escalation, each stage at most once, explicit budgets, so it terminates).
// Evidence accumulates across stages; the final chunk ranking fuses the lexical ranking with
// the chunk scores every executed stage routed through provenance.
import { invalidInput, type Evidence, type GraphEdgeRef, type GraphNodeRef, type Subgraph, type QueryAnalyzer, type RankedChunk, type Retriever, type SufficiencyJudge, type Triple } from '@rag/core';
import { getAdjacency } from '@rag/graph-store';
import type { RagIndex } from '@rag/indexer';
import { provenanceMapOf } from '../internal/provenance-map.js';
import { normalize, titleForms } from '../internal/text.js';
import { requireIndex } from '../internal/options.js';
import { fillToK, rankChunks, startRequest } from '../internal/request.js';
import { specificity } from './seeds.js';
import { fuseWithBase, RRF_K } from './base-fusion.js';
import { entityAnchoring, graphSignal, type GraphSignalOptions } from './graph-signal.js';
import { bridgeStage, type BridgeStageOptions } from './bridge-stage.js';
import { coordinatedMentions, promoteToHead } from './coordination.js';
import { localStage, type LocalSeed, type LocalStageOptions } from './local-stage.js';
import { pprStage, type PprStageOptions } from './ppr-stage.js';
import { createHeuristicQueryAnalyzer } from './query-analyzer.js';
import { alignEntitySeeds, alignRelationSeeds, type EntitySeed, type SeedOptions } from './seeds.js';
import type { StageResult } from './stage-result.js';
import { createHeuristicSufficiencyJudge } from './sufficiency-judge.js';

export type A2ragStage = 'local' | 'bridge' | 'ppr';

export interface A2ragRetrieverOptions {
  index: RagIndex;
  analyzer?: QueryAnalyzer;
  judge?: SufficiencyJudge;
  /** Use relation seeds S_R as an edge filter (default true; false is the node-only ablation). */
  relationSeeds?: boolean;
  /** Stages allowed, in escalation order (default all three). */
  stages?: readonly A2ragStage[];
  seeds?: SeedOptions;
  local?: LocalStageOptions;
  bridge?: BridgeStageOptions;
  ppr?: PprStageOptions;
  /**
   * Fusion weights of the final ranking: lexical (normalised BM25) plus each stage's
   * normalised provenance scores. Set `lexical: 0` for a graph-only ranking. Default lexical
   * weight 0.35 (was 0.5; chosen on the development sets, docs/notes/2026-11-28-retrieval-fallback.md).
   */
  fusion?: { lexical?: number; own?: number; local?: number; bridge?: number; ppr?: number };
  /** Graph links to chunks outside the lexical ranking still count this much (default 0.3). */
  gateFloor?: number;
  /**
   * Top lexical chunks whose entities join S_V as extra Stage 1 seeds and PPR personalisation
   * (pseudo-relevance second hop). Default 0: on the development sets it helped HotpotQA
   * slightly and hurt MuSiQue (see docs/benchmarks/retrievers.md).
   */
  feedbackChunks?: number;
  /** Weight of feedback entities relative to a top lexical score of 1 (default 0.7). */
  feedbackWeight?: number;
  /** Which ranking's top chunks personalise Stage 3 besides S_V (default "lexical"). */
  pprFeedback?: 'lexical' | 'fused';
  /**
   * Chunks from a document (or a same-titled document) already ranked higher are multiplied by
   * this (default 0.7), so the top of the list covers more distinct documents. 1 disables it.
   */
  diversityPenalty?: number;
  /**
   * When the question coordinates entities ("X or Y", "both X and Y"), put each one's defining
   * chunk (a chunk of the document titled by its aligned node) at the head of the ranking
   * (default true). Comparison questions need every compared entity's own passage.
   */
  coordinatedFirst?: boolean;
  /**
   * The base-ranking fallback (base-fusion.ts, graph-signal.ts): the final list interpolates the
   * plain lexical ranking and the graph ranking by reciprocal rank, with the graph's weight set
   * per question by its graph signal; no signal gives exactly the lexical ranking. `false`
   * returns the graph ranking alone (the ranking before the fallback existed). `weight` fixes
   * the graph weight for every question (for ablations).
   */
  baseFusion?: false | (GraphSignalOptions & { weight?: number; k0?: number });
  /** How deep the lexical ranking is read (default 100). */
  lexicalDepth?: number;
  /** Name reported in evidence and eval (default "a2rag"). */
  name?: string;
}

function normalise(m: ReadonlyMap<string, number>): Map<string, number> {
  let max = 0;
  for (const v of m.values()) if (v > max) max = v;
  const out = new Map<string, number>();
  if (max <= 0) return out;
  for (const [k, v] of m) out.set(k, v / max);
  return out;
}

const titleKeys = new WeakMap<RagIndex, Map<string, string>>();
function titleKeyOf(index: RagIndex, docId: string): string {
  let m = titleKeys.get(index);
  if (!m) titleKeys.set(index, (m = new Map()));
  let key = m.get(docId);
  if (key === undefined) {
    const t = index.getDoc(docId)?.title;
    key = t ? `t:${normalize(t)}` : `d:${docId}`;
    m.set(docId, key);
  }
  return key;
}

/** Re-rank with a penalty for repeated documents/titles (an MMR-style diversity pass). */
function diversify(index: RagIndex, ranked: RankedChunk[], penalty: number): RankedChunk[] {
  if (penalty >= 1 || ranked.length < 2) return ranked;
  const seen = new Map<string, number>();
  const keyOf = (c: RankedChunk) => titleKeyOf(index, c.docId);
  const out = ranked.map((c) => {
    const key = keyOf(c);
    const n = seen.get(key) ?? 0;
    seen.set(key, n + 1);
    return n === 0 ? c : { ...c, score: c.score * penalty ** n };
  });
  return out.sort((a, b) => b.score - a.score);
}

/** Subgraph refs straight from the store's getters (the stages already chose the elements). */
function lightSubgraph(index: RagIndex, nodeIds: string[], edgeIds: string[]): Subgraph {
  const nodes: GraphNodeRef[] = [];
  const have = new Set<string>();
  const addNode = (id: string) => {
    if (have.has(id)) return;
    const n = index.graph.getNode(id);
    if (!n) return;
    have.add(id);
    nodes.push({ id: n.id, name: n.name, type: n.type, aliases: n.aliases, ...(n.description ? { description: n.description } : {}) });
  };
  nodeIds.forEach(addNode);
  const edges: GraphEdgeRef[] = [];
  for (const id of edgeIds) {
    const e = index.graph.getEdge(id);
    if (!e) continue;
    addNode(e.source);
    addNode(e.target);
    edges.push({ id: e.id, source: e.source, target: e.target, relation: e.relation, confidence: e.confidence, provenance: e.provenance });
  }
  return { nodes, edges };
}

function triplesOf(index: RagIndex, edges: Iterable<string>, cap: number): Triple[] {
  const out: Triple[] = [];
  for (const id of edges) {
    if (out.length >= cap) break;
    const e = index.graph.getEdge(id);
    if (!e) continue;
    const h = index.graph.getNode(e.source);
    const t = index.graph.getNode(e.target);
    if (!h || !t) continue;
    out.push({ head: h.name, relation: e.relation, tail: t.name, headType: h.type, tailType: t.type, provenance: e.provenance.map((p) => ({ ...p })), confidence: e.confidence });
  }
  return out;
}

export function createA2ragRetriever(options: A2ragRetrieverOptions): Retriever {
  const index = requireIndex(options, 'createA2ragRetriever');
  const analyzer = options.analyzer ?? createHeuristicQueryAnalyzer();
  const judge = options.judge ?? createHeuristicSufficiencyJudge();
  const useRelations = options.relationSeeds ?? true;
  const stages = options.stages ?? ['local', 'bridge', 'ppr'];
  for (const s of stages) if (s !== 'local' && s !== 'bridge' && s !== 'ppr') throw invalidInput('createA2ragRetriever(options.stages)', `unknown stage "${String(s)}"`);
  const order: A2ragStage[] = (['local', 'bridge', 'ppr'] as const).filter((s) => stages.includes(s));
  const fw = { lexical: 0.35, own: 2, local: 1.5, bridge: 1, ppr: 1, ...options.fusion };
  const gateFloor = options.gateFloor ?? 0.3;
  for (const [k, v] of Object.entries(fw)) if (!Number.isFinite(v) || v < 0) throw invalidInput(`createA2ragRetriever(options.fusion.${k})`, 'must be a finite number ≥ 0');
  const feedback = options.feedbackChunks ?? 0;
  const feedbackWeight = options.feedbackWeight ?? 0.7;
  const pprFeedback = options.pprFeedback ?? 'lexical';
  const diversity = options.diversityPenalty ?? 0.7;
  const coordinatedFirst = options.coordinatedFirst ?? true;
  const name = options.name ?? 'a2rag';
  const baseFusion = options.baseFusion === false ? undefined : (options.baseFusion ?? {});
  if (baseFusion?.weight !== undefined && !(baseFusion.weight >= 0 && baseFusion.weight <= 1)) throw invalidInput('createA2ragRetriever(options.baseFusion.weight)', 'must be a number in [0, 1]');
  if (baseFusion?.k0 !== undefined && !(baseFusion.k0 > 0)) throw invalidInput('createA2ragRetriever(options.baseFusion.k0)', 'must be a positive number');
  if (baseFusion?.fullAt !== undefined && !(baseFusion.fullAt > 0 && baseFusion.fullAt <= 1)) throw invalidInput('createA2ragRetriever(options.baseFusion.fullAt)', 'must be a number in (0, 1]');

  return {
    name,
    async retrieve(query, opts) {
      const req = startRequest(query, opts);
      const { trace } = req.context;
      const adj = getAdjacency(index.graph);
      const pm = provenanceMapOf(index);
      const analysis = await trace.stage('analyze', () => analyzer.analyze(req.query, req.context));
      const seeds: EntitySeed[] = await trace.stage('seeds', async (e) => {
        const s = (await alignEntitySeeds(index, analysis, options.seeds, req.context)).slice(0, 12);
        e.data = { mentions: analysis.entities, seeds: s.map((x) => ({ id: x.node.id, mention: x.mention, confidence: +x.confidence.toFixed(3), how: x.how })) };
        return s;
      });
      const coordinated = coordinatedFirst ? coordinatedMentions(req.query, analysis.entities) : [];
      if (coordinated.length > 0) trace.decision('coordinated', `defining chunks of ${coordinated.join(' / ')} lead the ranking`, { mentions: coordinated });
      const relationSeeds = useRelations ? alignRelationSeeds(index.graph, analysis) : [];
      trace.decision('relation-seeds', relationSeeds.length ? `S_R = {${relationSeeds.join(', ')}}` : 'S_R empty: no relation filter', { relationSeeds, intents: analysis.relations });

      const depth = Math.max(options.lexicalDepth ?? 100, req.k);
      const lexHits = fw.lexical > 0 || feedback > 0 || baseFusion ? await trace.stage('lexical', () => index.keyword.search(req.query, depth)) : [];
      const lexical = normalise(new Map(lexHits.map((h) => [h.id, h.score])));

      const results: StageResult[] = [];
      // Final ranking (documented in docs/retrievers.md):
      //   score(c) = wLex·L(c) + wOwn·own(c) + Σ_stage λ_stage·link_stage(c)·(gateFloor + L(c))
      // L = normalised lexical score, own = strength of an aligned seed the chunk defines,
      // link = the stage's provenance link strength. Graph links amplify query-relevant text.
      const rank = (): RankedChunk[] => {
        const total = new Map<string, number>();
        const source = new Map<string, [string, number]>();
        const credit = (c: string, v: number, why: string) => {
          if (v <= 0) return;
          total.set(c, (total.get(c) ?? 0) + v);
          const prev = source.get(c);
          if (!prev || v > prev[1]) source.set(c, [why, v]);
        };
        for (const [c, v] of lexical) credit(c, fw.lexical * v, 'lexical');
        for (const r of results) {
          for (const [c, v] of r.own) credit(c, fw.own * v, 'seed');
          for (const [c, v] of r.chunkScores) credit(c, fw[r.stage] * v * (gateFloor + (lexical.get(c) ?? 0)), r.stage);
        }
        // Only the head of the ranking matters; cut before the per-chunk work when unfiltered.
        const limit = req.options.filter ? Number.POSITIVE_INFINITY : Math.max(50, req.k * 3);
        const head = [...total].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).slice(0, limit);
        const ranked = rankChunks(index, head, name, req.options.filter).map((c) => ({ ...c, source: source.get(c.chunkId)?.[0] ?? name }));
        const diverse = diversify(index, ranked, diversity);
        return coordinated.length > 0 ? promoteToHead(diverse, definingHeads(diverse)) : diverse;
      };
      // For each coordinated mention, the best-ranked defining chunk of its aligned seeds; a
      // chunk whose document title is the mention itself comes before one titled by an alias.
      const definingHeads = (ranked: readonly RankedChunk[]): Set<string> => {
        const at = new Map(ranked.map((c, i) => [c.chunkId, i]));
        const out = new Set<string>();
        for (const m of coordinated) {
          const key = normalize(m);
          let best: [string, number] | undefined;
          for (const s of seeds) {
            if (s.mention !== m || s.how === 'query-ngram') continue;
            for (const c of pm.defining(s.index)) {
              const i = at.get(c);
              if (i === undefined) continue;
              const title = index.getDoc(ranked[i]!.docId)?.title ?? '';
              const cost = i + (titleForms(title).some((f) => normalize(f) === key) ? 0 : ranked.length);
              if (!best || cost < best[1]) best = [c, cost];
            }
          }
          if (best) out.add(best[0]);
        }
        return out;
      };
      const evidenceOf = (chunks: RankedChunk[], stage: string): Evidence => {
        const nodes = new Set<number>();
        const edges = new Set<string>();
        for (const r of results) (r.nodes.forEach((n) => nodes.add(n)), r.edges.forEach((e) => edges.add(e)));
        const edgeList = [...edges].slice(0, 200);
        const subgraph = lightSubgraph(index, [...nodes].slice(0, 200).map((i) => adj.ids.at(i)!), edgeList);
        const triples = triplesOf(index, edgeList, 100);
        return {
          query: req.query,
          chunks,
          triples,
          subgraph,
          graphText: triples.map((t) => `${t.head} —${t.relation}→ ${t.tail}`).join('\n'),
          stage,
          trace: trace.toJSON(),
        };
      };

      let stoppedAt: string = 'none';
      for (const stage of order) {
        req.context.meter.checkTime();
        const r = await trace.stage(stage, (e) => {
          let out: StageResult;
          if (stage === 'local') {
            // S_V plus, as the first hop of a two-hop question, the entities that the best
            // lexical chunks define (their titles): their neighbours are the bridge candidates.
            const local = new Map<number, LocalSeed>(seeds.map((s) => [s.index, { index: s.index, weight: s.weight, aligned: true, phrase: s.how === 'query-ngram' }]));
            for (const h of lexHits.slice(0, feedback))
              for (const n of pm.definedBy(h.id)) {
                const w = feedbackWeight * (lexical.get(h.id) ?? 0);
                const prev = local.get(n);
                if (!prev) local.set(n, { index: n, weight: w, aligned: false });
                else if (w > prev.weight) prev.weight = w;
              }
            out = localStage(index.graph, adj, pm, [...local.values()], relationSeeds, options.local);
          }
          else if (stage === 'bridge') out = bridgeStage(index.graph, adj, pm, seeds, options.bridge);
          else {
            // Personalise with S_V and, as a second hop, the entities of the best lexical chunks.
            const p = new Map<number, number>(seeds.map((s) => [s.index, s.weight]));
            const total = Math.max(1, index.manifest().chunks);
            // Feedback comes from the evidence ranked so far (lexical, or fused with Stages 1–2).
            const sofar = pprFeedback === 'fused' ? rank().slice(0, feedback) : rankChunks(index, lexical, 'lexical').slice(0, feedback);
            const topScore = sofar[0]?.score ?? 1;
            for (const h of sofar) {
              const w = h.score / topScore;
              for (const id of index.graph.factsOfChunk(h.chunkId).nodes) {
                const n = adj.index.get(id);
                if (n === undefined) continue;
                const add = 0.5 * w * specificity(index.graph.chunksOfNode(id).length, total);
                p.set(n, (p.get(n) ?? 0) + add);
              }
            }
            out = pprStage(index.graph, adj, pm, p, options.ppr);
          }
          e.data = { nodes: out.nodes.size, edges: out.edges.size, chunks: out.chunkScores.size, ...out.info };
          return out;
        });
        results.push(r);
        stoppedAt = stage;
        if (stage === order[order.length - 1]) break;
        const verdict = await trace.stage(`judge-${stage}`, async () => {
          const interim = evidenceOf(rank().slice(0, req.k), stage);
          return judge.judge({ query: req.query, analysis, evidence: interim, stage, seeds: seeds.map((s) => s.node) }, req.context);
        });
        trace.decision('sufficiency', `${stage} ${verdict.sufficient ? 'sufficient: stop' : 'insufficient: escalate'}`, { stage, score: verdict.score, reason: verdict.reason });
        if (verdict.sufficient) break;
      }
      if (order.length === 0) stoppedAt = 'lexical';
      const final = (): RankedChunk[] => {
        const graphRanked = rank();
        if (!baseFusion) return graphRanked;
        const signal = graphSignal(req.query, seeds, entityAnchoring(index), baseFusion);
        const w = baseFusion.weight ?? signal.weight;
        trace.decision('base-fusion', `graph weight ${w.toFixed(2)} (anchoring ${signal.anchoring.toFixed(2)} × coverage ${signal.coverage.toFixed(2)} of ${signal.contentWords} content words by ${signal.seeds} seeds)`, { ...signal, weight: w });
        if (w >= 1) return graphRanked;
        const base = rankChunks(index, lexHits.map((h) => [h.id, h.score] as [string, number]), 'lexical', req.options.filter);
        return fuseWithBase(base, graphRanked, w, baseFusion.k0 ?? RRF_K);
      };
      const evidence = await trace.stage('assemble', async () => evidenceOf(await fillToK(index, final().slice(0, req.k), req), stoppedAt));
      evidence.trace = trace.toJSON();
      return evidence;
    },
  };
}
